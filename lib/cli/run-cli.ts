import "server-only";
// The staff CLI as a function: parses the command line, dispatches, prints and answers the exit
// code. scripts/admin.ts runs it as a process; tests run it inside their own process.
import { parseArgs } from "node:util";
import { type Config, parseConfig } from "../config";
import { closeDb } from "../db/client";
import { databaseUrl } from "../db/database-url";
import { dropProcessSingleton, processSingleton } from "../process-state";
import { prepareDatabase } from "../db/prepare-database";
import { commandUsage, commandWords, findCommand, usage } from "./commands";
import { type Command, type CommandResult, type OptionValues, UsageError } from "./command";
import { exitCodeFor } from "./exit-codes";
import { jsonLine, oneLine } from "./output";

/** Where the CLI writes: a stream's `write` with a completion callback (a process's stdout, or a test's buffer). */
export interface CliOutput {
  write(text: string, done: () => void): unknown;
}

export interface RunCliOptions {
  stdout: CliOutput;
  stderr: CliOutput;
  /** The environment the command is configured from; `process.env` when absent. */
  env?: Env;
  /**
   * "own" (the real CLI): opens the database (starting the embedded one when DATABASE_URL is
   * unset, applying migrations) and closes lib/db's pool at the end. "shared": the calling
   * process already uses `env`'s DATABASE_URL through lib/db (a test), so nothing is started,
   * migrated or closed.
   */
  database?: "own" | "shared";
}

export type Env = Record<string, string | undefined>;

// Resolves once written: on macOS a pipe is asynchronous, and process.exit would cut the output.
function print(stream: CliOutput, text: string): Promise<void> {
  return new Promise((resolve) => stream.write(text, () => resolve()));
}

function readOptions(command: Command, args: string[]): { options: OptionValues; json: boolean } {
  const spec = Object.fromEntries(command.options.map((name) => [name, { type: "string" as const }]));
  const flags = Object.fromEntries((command.flags ?? []).map((name) => [name, { type: "boolean" as const }]));
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { ...spec, ...flags, json: { type: "boolean" } },
      strict: true,
      allowPositionals: command.positionals !== undefined,
    });
    const { json, ...rest } = values;
    const options = Object.fromEntries(
      Object.entries(rest).map(([name, value]) => [name, value === true ? "true" : value === false ? undefined : value]),
    ) as OptionValues;
    const wanted = command.positionals ?? [];
    if (positionals.length !== wanted.length) {
      throw new UsageError(
        positionals.length < wanted.length
          ? `Missing <${wanted[positionals.length]}>.`
          : `Unexpected "${positionals[wanted.length]}".`,
      );
    }
    const named = Object.fromEntries(wanted.map((name, index) => [name, positionals[index]]));
    return { options: { ...options, ...named }, json: json === true };
  } catch (error) {
    throw new UsageError(oneLine(error));
  }
}

async function onOwnDatabase(env: Env, say: (line: string) => void, run: () => Promise<CommandResult>): Promise<CommandResult> {
  const stopDatabase = await prepareDatabase(parseConfig(env), say).catch((error: unknown) => {
    throw new Error(`Could not open the database: ${oneLine(error)}`, { cause: error });
  });
  try {
    return await run();
  } finally {
    await closeDb();
    await stopDatabase();
  }
}

async function onSharedDatabase(env: Env, run: () => Promise<CommandResult>): Promise<CommandResult> {
  // The pool is the caller's: a command configured for another database would quietly use this one.
  if (parseConfig(env).DATABASE_URL !== databaseUrl()) {
    throw new Error("An in-process run shares the caller's database: its DATABASE_URL must be the one lib/db uses.");
  }
  return run();
}

// Runs given their own environment take turns: two at once would each see the other's configuration.
const envRuns = () => processSingleton("cli:env-runs", () => ({ tail: Promise.resolve() as Promise<unknown> }));

/**
 * Runs `run` with `config()` answering `env` (commands read their settings through it), then puts
 * the process's own configuration back: a test passes the environment of the app it drives.
 */
async function withEnv<T>(env: Env, run: () => Promise<T>): Promise<T> {
  if (env === process.env) return run();
  const runs = envRuns();
  const turn = runs.tail.then(async () => {
    const configured = parseConfig(env);
    const own = processSingleton<Config | undefined>("config", () => undefined);
    dropProcessSingleton("config");
    processSingleton("config", () => configured);
    try {
      return await run();
    } finally {
      dropProcessSingleton("config");
      if (own) processSingleton("config", () => own);
    }
  });
  runs.tail = turn.catch(() => undefined);
  return turn;
}

/** Runs one command line; answers the exit code (0, 1 on a failure, 2 on a wrong command line). */
export async function runCli(argv: string[], options: RunCliOptions): Promise<number> {
  const { stdout, stderr, env = process.env, database = "own" } = options;
  if (argv.length === 0 || ["help", "--help", "-h"].includes(argv[0]!)) {
    await print(argv.length === 0 ? stderr : stdout, `${usage()}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const command = findCommand(argv);
  if (!command) {
    await print(stderr, `Unknown command "${argv.slice(0, 2).join(" ")}".\n${usage()}\n`);
    return 2;
  }
  const say = (line: string) => stderr.write(`[walkthrough] ${line}\n`, () => undefined);
  try {
    const { options: values, json } = readOptions(command, argv.slice(commandWords(command)));
    const work = command.prepare(values);
    const result = await (command.needsDatabase === false
      ? withEnv(env, work)
      : database === "shared"
        ? onSharedDatabase(env, () => withEnv(env, work))
        : withEnv(env, () => onOwnDatabase(env, say, work)));
    await print(stdout, json ? jsonLine(result.json) : `${result.text}\n`);
    return result.exitCode ?? 0;
  } catch (error) {
    const usageLine = error instanceof UsageError ? `${commandUsage(command)}\n` : "";
    await print(stderr, `${oneLine(error)}\n${usageLine}`);
    return exitCodeFor(error);
  }
}
