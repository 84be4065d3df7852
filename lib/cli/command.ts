import "server-only";
// The shape every staff command shares, and the checks on its options that run before the
// database is touched: a command line that is wrong changes nothing and exits 2.
import { isUuid } from "../validation/uuid";

export type OptionValues = Record<string, string | undefined>;

export interface CommandResult {
  /** What `--json` prints: one object, in the API's snake_case, optional fields omitted. */
  json: Record<string, unknown>;
  /** What a person reads. */
  text: string;
  /** Non-zero for a command that ran and found something wrong (a check that failed); 0 when absent. */
  exitCode?: number;
}

export interface Command {
  /** As typed: two words (`partner create`), or one for a command on its own (`jobs`). */
  name: string;
  /** The options after the name, as shown in usage: `--name <name>`. */
  args: string;
  summary: string;
  /** Options that take a value; every one is a string on the command line. */
  options: readonly string[];
  /** Options that take no value (`--sandbox`): "true" in the option values when given. */
  flags?: readonly string[];
  /** Names of the words after the options that the command takes, each required (`packet`); none when absent. */
  positionals?: readonly string[];
  /** False for a command that works on files alone: no database is opened for it. */
  needsDatabase?: false;
  /** Checks the options and returns the work to do once the database is ready. */
  prepare(options: OptionValues): () => Promise<CommandResult>;
}

/** A missing or unknown option or command: the message is followed by the usage. */
export class UsageError extends Error {}

/** An option present but unusable (not a UUID, not a positive integer, unknown scope). */
export class InvalidArgumentError extends Error {}

export function requiredOption(options: OptionValues, name: string): string {
  const value = options[name];
  if (value === undefined) throw new UsageError(`Missing --${name}.`);
  if (value.trim() === "") throw new InvalidArgumentError(`--${name} must not be empty.`);
  return value;
}

/** Ids are UUIDs; checking here keeps a typo from reaching the database as a cast error. */
export function uuidOption(options: OptionValues, name: string, what: string): string {
  const value = requiredOption(options, name).trim();
  if (!isUuid(value)) throw new InvalidArgumentError(`--${name} must be ${what} id (a UUID); got "${value}".`);
  return value.toLowerCase();
}

export function partnerOption(options: OptionValues): string {
  return uuidOption(options, "partner", "a partner");
}
