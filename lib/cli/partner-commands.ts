import "server-only";
import { createPartner } from "../partners/create-partner";
import { listPartners, type PartnerSummary } from "../partners/list-partners";
import { setPartnerStatus } from "../partners/set-partner-status";
import { cliActor } from "../consoles/audit";
import { setRecordingRetentionAs } from "../consoles/partner-operations";
import { setRosterMax } from "../partners/set-roster-max";
import { checkPartnerName, checkRetentionDays, checkRosterMax } from "../partners/partner-rules";
import { config } from "../config";
import { type Command, InvalidArgumentError, type OptionValues, partnerOption, requiredOption, UsageError } from "./command";
import { isoTime, table } from "./output";

function nameOption(options: OptionValues): string {
  const checked = checkPartnerName(requiredOption(options, "name"));
  if (!checked.ok) throw new InvalidArgumentError(`--name ${checked.problem}.`);
  return checked.value;
}

function rosterMaxOption(options: OptionValues): number {
  const text = requiredOption(options, "roster-max");
  const checked = checkRosterMax(text);
  if (!checked.ok) throw new InvalidArgumentError(`--roster-max ${checked.problem}; got "${text.trim()}".`);
  return checked.value;
}

const create: Command = {
  name: "partner create",
  args: "--name <name>",
  summary: "register a partner and issue its first key (shown once)",
  options: ["name"],
  prepare(options) {
    const name = nameOption(options);
    return async () => {
      const { partnerId, keyId, apiKey } = await createPartner(name);
      return {
        json: { partner_id: partnerId, key_id: keyId, api_key: apiKey },
        text: [
          `Created partner ${partnerId} (${name}) with key ${keyId}.`,
          "Its API key is shown only this once; store it now:",
          apiKey,
        ].join("\n"),
      };
    };
  },
};

const partnerJson = (p: PartnerSummary) => ({
  partner_id: p.partnerId,
  name: p.name,
  status: p.status,
  roster_max: p.rosterMax,
  active_keys: p.activeKeys,
  workspaces: p.workspaces,
  created_at: isoTime(p.createdAt),
});

const list: Command = {
  name: "partner list",
  args: "",
  summary: "every partner with its status, roster cap, active keys and workspaces",
  options: [],
  prepare() {
    return async () => {
      const partners = await listPartners();
      const rows = partners.map((p) => [
        p.partnerId,
        p.status,
        String(p.rosterMax),
        String(p.activeKeys),
        String(p.workspaces),
        isoTime(p.createdAt),
        p.name,
      ]);
      return {
        json: { partners: partners.map(partnerJson) },
        text:
          partners.length === 0
            ? "No partners yet."
            : table(["PARTNER ID", "STATUS", "ROSTER MAX", "ACTIVE KEYS", "WORKSPACES", "CREATED", "NAME"], rows),
      };
    };
  },
};

function statusCommand(verb: "pause" | "resume", status: "paused" | "active", effect: string): Command {
  return {
    name: `partner ${verb}`,
    args: "--partner <id>",
    summary: `${verb} a partner (${effect})`,
    options: ["partner"],
    prepare(options) {
      const partnerId = partnerOption(options);
      return async () => {
        const result = await setPartnerStatus(partnerId, status);
        const changed = result.previous !== status;
        return {
          json: { partner_id: partnerId, status },
          text: changed ? `Partner ${partnerId} is now ${status}.` : `Partner ${partnerId} was already ${status}.`,
        };
      };
    },
  };
}

const set: Command = {
  name: "partner set",
  args: "--partner <id> --roster-max <n>",
  summary: "set the largest roster one import may carry (default 10000)",
  options: ["partner", "roster-max"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const rosterMax = rosterMaxOption(options);
    return async () => {
      const result = await setRosterMax(partnerId, rosterMax);
      return {
        json: { partner_id: partnerId, roster_max: rosterMax },
        text: `Partner ${partnerId}: roster cap ${result.previous} -> ${rosterMax} properties per import.`,
      };
    };
  },
};

const retention: Command = {
  name: "partner retention",
  args: "--partner <id> --days <n|default>",
  summary: "days a sealed walkthrough keeps its video and pictures (default RECORDING_RETENTION_DAYS, 400); audited",
  options: ["partner", "days"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const text = options.days ?? "";
    if (options.days === undefined) throw new UsageError("Missing --days.");
    const checked = checkRetentionDays(text);
    if (!checked.ok) throw new InvalidArgumentError(`--days ${checked.problem}; got "${text.trim()}".`);
    const days = checked.value;
    return async () => {
      const result = await setRecordingRetentionAs(cliActor, partnerId, days);
      const words = (value: number | null) =>
        value === null ? `the default (${config().RECORDING_RETENTION_DAYS} days)` : `${value} days`;
      return {
        json: {
          partner_id: partnerId,
          recording_retention_days: days,
          effective_days: days ?? config().RECORDING_RETENTION_DAYS,
        },
        text: `Partner ${partnerId}: media retention ${words(result.previous)} -> ${words(days)}.`,
      };
    };
  },
};

export const partnerCommands: Command[] = [
  create,
  list,
  statusCommand("pause", "paused", "its keys answer 403 partner_disabled"),
  statusCommand("resume", "active", "its keys work again"),
  set,
  retention,
];
