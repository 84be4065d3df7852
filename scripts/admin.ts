// `npm run --silent admin -- <command> [--json]`: the staff tool, on the server's own configuration
// (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR, started here if the server is not running).
// Commands live in lib/cli/; this file parses, dispatches, prints and chooses the exit code.
import { parseArgs } from "node:util";
import { commandUsage, commandWords, findCommand, usage } from "../lib/cli/commands";
import { type Command, type CommandResult, type OptionValues, UsageError } from "../lib/cli/command";
import { exitCodeFor } from "../lib/cli/exit-codes";
import { jsonLine, oneLine } from "../lib/cli/output";
import { parseConfig } from "../lib/config";
import { closeDb } from "../lib/db/client";
import { prepareDatabase } from "../lib/server/database";

const say = (line: string) => process.stderr.write(`[walkthrough] ${line}\n`);

// Resolves once written: on macOS a pipe is asynchronous, and process.exit would cut the output.
function print(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => stream.write(text, () => resolve()));
}

function readOptions(command: Command, args: string[]): { options: OptionValues; json: boolean } {
  const spec = Object.fromEntries(command.options.map((name) => [name, { type: "string" as const }]));
  try {
    const { values } = parseArgs({
      args,
      options: { ...spec, json: { type: "boolean" } },
      strict: true,
      allowPositionals: false,
    });
    const { json, ...rest } = values;
    return { options: rest as OptionValues, json: json === true };
  } catch (error) {
    throw new UsageError(oneLine(error));
  }
}

async function execute(run: () => Promise<CommandResult>): Promise<CommandResult> {
  const config = parseConfig();
  const stopDatabase = await prepareDatabase(config, say).catch((error: unknown) => {
    throw new Error(`Could not open the database: ${oneLine(error)}`, { cause: error });
  });
  try {
    return await run();
  } finally {
    await closeDb();
    await stopDatabase();
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || ["help", "--help", "-h"].includes(argv[0]!)) {
    await print(argv.length === 0 ? process.stderr : process.stdout, `${usage()}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const command = findCommand(argv);
  if (!command) {
    await print(process.stderr, `Unknown command "${argv.slice(0, 2).join(" ")}".\n${usage()}\n`);
    return 2;
  }
  try {
    const { options, json } = readOptions(command, argv.slice(commandWords(command)));
    const result = await execute(command.prepare(options));
    await print(process.stdout, json ? jsonLine(result.json) : `${result.text}\n`);
    return 0;
  } catch (error) {
    const usageLine = error instanceof UsageError ? `${commandUsage(command)}\n` : "";
    await print(process.stderr, `${oneLine(error)}\n${usageLine}`);
    return exitCodeFor(error);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${oneLine(error)}\n`);
    process.exit(1);
  },
);
