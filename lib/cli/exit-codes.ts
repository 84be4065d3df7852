import "server-only";
import { ApiError } from "../errors/api-error";
import { InvalidArgumentError, UsageError } from "./command";

/**
 * The one mapping from a failed command to its exit code: a command line that is wrong (a usage
 * error, an unusable option, or a refusal of bad input, status 400) exits 2, anything else 1.
 */
export function exitCodeFor(error: unknown): 1 | 2 {
  if (error instanceof UsageError || error instanceof InvalidArgumentError) return 2;
  if (error instanceof ApiError && error.status === 400) return 2;
  return 1;
}
