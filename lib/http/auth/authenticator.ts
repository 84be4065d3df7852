import type { z } from "zod";
import type { ApiError } from "../../errors/api-error";
import type { RateLimitBucket } from "../rate-limit";

/** How a surface answers: its success and refusal envelopes (the spec's, or the signed-in pages'). */
export interface Surface {
  success(status: number, body: unknown, headers: Record<string, string>, requestId: string): Response;
  refusal(error: ApiError, requestId: string): Response;
  /** What an unexpected failure answers, in the surface's words. */
  internalError(): ApiError;
  /** The refusal of an input its schema refused, from the first problem zod found. */
  refuseInput(issue: z.core.$ZodIssue, input: unknown): ApiError;
  /** The body as a JSON object, or the surface's refusal of it. */
  parseBody(text: string): Record<string, unknown>;
}

/** What the route's path, as its definition writes it, holds for this request. */
export interface AuthInput {
  request: Request;
  /**
   * The path's `{name}` segments, decoded once (the recording token, a console's partner id); a
   * function, as a badly encoded path is refused only where the spec puts input checks.
   */
  rawParams(): Record<string, string>;
  /** For session routes: the body format their CSRF check requires. */
  bodyFormat: "json" | "multipart";
  /** The partner operation's own place for `partner_disabled` (recording links). */
  partnerInHandler: boolean;
}

/**
 * One `auth` kind of the operation definition: who is calling (or the refusal), the bucket every
 * call of theirs counts against, the fields the request log names them by, and how the surface
 * answers. Everything else (caps, parsing, the log line, errors) is the pipeline's.
 */
export interface Authenticator<C> {
  identify(input: AuthInput): Promise<C>;
  /** The default bucket, and whose count a call is (a key, a link, an address). */
  limit?: RateLimitBucket;
  limitSubject(caller: C, request: Request): string;
  logFields(caller: C): Record<string, unknown>;
  surface: Surface;
  /** A domain error this surface answers with a refusal of its own (a console's unknown partner). */
  refusalOf?(error: unknown): ApiError | undefined;
  /**
   * For a call naming a workspace (`workspace_id` in its path or query): refuses one this caller
   * may not reach, as though it did not exist. Runs once the call's input is parsed.
   */
  reach?(caller: C, workspaceId: string): Promise<void>;
  /** Called once the answer is known, for per-caller usage counts. */
  answered?(caller: C, status: number, errorCode: string | undefined, durationMs: number): void;
}
