import "server-only";
import { allowlistCommands } from "./allowlist-commands";
import { checklistCommands } from "./checklist-commands";
import { connectorCommands } from "./connector-commands";
import { consolePeopleCommands } from "./console-people-commands";
import { demoCommands } from "./demo-commands";
import { evidenceCommands } from "./evidence-commands";
import type { Command } from "./command";
import { feedCommands } from "./feed-commands";
import { jobsCommands } from "./jobs-commands";
import { keyCommands } from "./key-commands";
import { mailCommands } from "./mail-commands";
import { partnerCommands } from "./partner-commands";
import { reviewCommands } from "./review-commands";
import { sandboxCommands } from "./sandbox-commands";
import { seatCommands } from "./seat-commands";
import { webhookCommands } from "./webhook-commands";

const all: Command[] = [
  ...partnerCommands,
  ...keyCommands,
  ...allowlistCommands,
  ...checklistCommands,
  ...feedCommands,
  ...jobsCommands,
  ...reviewCommands,
  ...webhookCommands,
  ...mailCommands,
  ...seatCommands,
  ...consolePeopleCommands,
  ...connectorCommands,
  ...demoCommands,
  ...sandboxCommands,
  ...evidenceCommands,
];

/** The command named by the first words of the command line (two, or one for `jobs`), if there is one. */
export function findCommand(words: readonly (string | undefined)[]): Command | undefined {
  return all.find((command) => command.name.split(" ").every((word, index) => words[index] === word));
}

/** How many words of the command line name `command`; its options follow. */
export function commandWords(command: Command): number {
  return command.name.split(" ").length;
}

export function commandUsage(command: Command): string {
  return `Usage: npm run --silent admin -- ${command.name}${command.args ? ` ${command.args}` : ""} [--json]`;
}

export function usage(): string {
  const width = Math.max(...all.map((command) => `${command.name} ${command.args}`.length));
  return [
    "Usage: npm run --silent admin -- <command> [options] [--json]",
    "",
    "Commands:",
    ...all.map((command) => `  ${`${command.name} ${command.args}`.padEnd(width)}  ${command.summary}`),
    "",
    "--json prints one JSON object on stdout. Exit codes: 0 done, 1 refused or failed, 2 bad command line.",
    "Uses the server's configuration: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR.",
  ].join("\n");
}
