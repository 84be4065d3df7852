import "server-only";
import { addAllowlistEntry } from "../partners/add-allowlist-entry";
import { AllowlistEntryError, parseAllowlistEntry } from "../partners/allowlist-entry";
import { listAllowlist } from "../partners/list-allowlist";
import { removeAllowlistEntry } from "../partners/remove-allowlist-entry";
import { type Command, InvalidArgumentError, type OptionValues, partnerOption, requiredOption } from "./command";

// Parsed here too, so a malformed entry is a command-line error (exit 2) before the database starts.
function entryOption(options: OptionValues): string {
  const text = requiredOption(options, "entry");
  try {
    return parseAllowlistEntry(text).entry;
  } catch (error) {
    if (error instanceof AllowlistEntryError) throw new InvalidArgumentError(`Invalid --entry: ${error.message}.`);
    throw error;
  }
}

function describeAllowlist(partnerId: string, entries: string[]): string {
  if (entries.length === 0) return `Partner ${partnerId} has an empty allowlist: every return_url is refused.`;
  return [`Allowlist of partner ${partnerId}:`, ...entries.map((entry) => `  ${entry}`)].join("\n");
}

const result = (partnerId: string, entries: string[], headline?: string) => ({
  json: { partner_id: partnerId, entries },
  text: [headline, describeAllowlist(partnerId, entries)].filter(Boolean).join("\n"),
});

const add: Command = {
  name: "allowlist add",
  args: "--partner <id> --entry <entry>",
  summary: "allow return_urls under an app scheme (myapp://) or to one origin (https://host[:port])",
  options: ["partner", "entry"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const entry = entryOption(options);
    return async () => {
      const { added } = await addAllowlistEntry(partnerId, entry);
      const entries = await listAllowlist(partnerId);
      return result(partnerId, entries, added ? `Added ${entry}.` : `${entry} was already on the list.`);
    };
  },
};

const remove: Command = {
  name: "allowlist remove",
  args: "--partner <id> --entry <entry>",
  summary: "remove an entry (matched after the same normalisation as add)",
  options: ["partner", "entry"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const entry = entryOption(options);
    return async () => {
      await removeAllowlistEntry(partnerId, entry);
      return result(partnerId, await listAllowlist(partnerId), `Removed ${entry}.`);
    };
  },
};

const list: Command = {
  name: "allowlist list",
  args: "--partner <id>",
  summary: "the partner's return_url allowlist",
  options: ["partner"],
  prepare(options) {
    const partnerId = partnerOption(options);
    return async () => result(partnerId, await listAllowlist(partnerId));
  },
};

export const allowlistCommands: Command[] = [add, remove, list];
