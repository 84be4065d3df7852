import "server-only";
import { failInspection, releaseReport } from "../inspections/release-report";
import { addStaffFinding } from "../review/add-finding";
import { analysisStats } from "../review/analysis-stats";
import { type StaffVerdict, staffVerdicts } from "../checklist-items/item-states";
import { decideItem } from "../review/decide-item";
import { staffFailReasons } from "../review/fail-reasons";
import { listReviewQueue, reviewOverdueHours } from "../review/list-review-queue";
import { reviewFinding } from "../review/review-finding";
import { spansText } from "../review/dark-on-phone";
import { showReview } from "../review/show-review";
import { type Command, InvalidArgumentError, type OptionValues, requiredOption, uuidOption } from "./command";
import { isoTime, table } from "./output";
import { staffFindingLimits } from "../review/staff-finding-rules";
import { cliActor, recordAudit } from "../consoles/audit";
import { partnerOf } from "../consoles/review-operations";

/**
 * The CLI is the operator's override: it acts whatever the review holds, and each change is
 * audited as the console's actions are (same actions, the actor "staff CLI").
 */
async function auditCli(action: string, inspectionId: string, object: { type: string; id: string }, detail: object = {}) {
  await recordAudit({
    actor: cliActor,
    partnerId: await partnerOf(inspectionId),
    action,
    objectType: object.type,
    objectId: object.id,
    detail: { ...detail, override: "cli" },
  });
}

// Staff review, as the admin console will do it: every command calls one function of lib/review.

const inspectionOption = (options: OptionValues) => uuidOption(options, "inspection", "an inspection");

function oneOf<T extends string>(options: OptionValues, name: string, values: readonly T[]): T {
  const value = requiredOption(options, name).trim();
  if (!(values as readonly string[]).includes(value))
    throw new InvalidArgumentError(`--${name} must be one of ${values.join(", ")}; got "${value}".`);
  return value as T;
}

function textOption(options: OptionValues, name: string, max: number): string {
  const value = requiredOption(options, name).trim();
  if (value.length > max) throw new InvalidArgumentError(`--${name} must be at most ${max} characters.`);
  return value;
}

export { staffFailReasons };

const list: Command = {
  name: "review list",
  args: "",
  summary: `sealed walkthroughs waiting for staff: pending items and findings, who holds each in the console, oldest seal first, "overdue" once sealed over ${reviewOverdueHours} hours ago`,
  options: [],
  prepare() {
    return async () => {
      const queue = await listReviewQueue();
      return {
        json: {
          inspections: queue.map((entry) => ({
            inspection_id: entry.inspectionId,
            workspace_id: entry.workspaceId,
            task_id: entry.taskId,
            pending_items: entry.pendingItems,
            pending_findings: entry.pendingFindings,
            sealed_at: isoTime(entry.sealedAt),
            overdue: entry.overdue,
            // Who reviews it in the console now (a live hold): the CLI acts whatever it says.
            ...(entry.heldBy !== undefined && { held_by: entry.heldBy }),
          })),
        },
        text: table(
          ["INSPECTION", "WORKSPACE", "TASK", "PENDING ITEMS", "PENDING FINDINGS", "SEALED", "HELD BY", "FLAG"],
          queue.map((entry) => [
            entry.inspectionId,
            entry.workspaceId,
            entry.taskId,
            String(entry.pendingItems),
            String(entry.pendingFindings),
            isoTime(entry.sealedAt),
            entry.heldBy ?? "",
            entry.overdue ? "overdue" : "",
          ]),
        ),
      };
    };
  },
};

const show: Command = {
  name: "review show",
  args: "--inspection <id>",
  summary: "an inspection's items (state, second, still, the provider's verdict and rationale) and findings",
  options: ["inspection"],
  prepare(options) {
    const inspectionId = inspectionOption(options);
    return async () => {
      const view = await showReview(inspectionId);
      const json = {
        inspection_id: view.inspectionId,
        status: view.status,
        video_url: view.videoUrl,
        items: view.items.map((item) => ({
          item_id: item.itemId,
          name: item.name,
          state: item.state,
          timestamp: item.timestampSeconds,
          still_url: item.stillUrl,
          review_needed: item.reviewNeeded,
          decided_by: item.decidedBy,
          provider: item.provider,
          staff_state: item.staffState,
          filming_problem: item.filmingProblem,
          dark_on_phone: item.darkOnPhone,
        })),
        dark_on_phone: view.darkOnPhone,
        findings: view.findings.map((finding) => ({
          finding_id: finding.findingId,
          room: finding.room,
          description: finding.description,
          severity: finding.severity,
          category: finding.category,
          source: finding.source,
          confidence: finding.confidence,
          review_needed: finding.reviewNeeded,
          rejected: finding.rejected,
          video_timestamp_seconds: finding.videoTimestampSeconds,
          after: finding.after,
          before: finding.before,
        })),
      };
      const items = table(
        ["ITEM", "NAME", "STATE", "AT", "REVIEW", "PROVIDER"],
        view.items.map((item) => [
          item.itemId,
          item.name,
          item.state,
          item.timestampSeconds === undefined ? "-" : `${item.timestampSeconds.toFixed(1)}s`,
          item.reviewNeeded ? "yes" : "",
          item.provider
            ? `${item.provider.state} ${item.provider.confidence.toFixed(2)}: ${item.provider.rationale}`
            : [item.filmingProblem, item.darkOnPhone ? "too dark on the phone" : undefined].filter(Boolean).join("; "),
        ]),
      );
      const findings = view.findings.map(
        (finding) =>
          `${finding.findingId} ${finding.severity} ${finding.category} in ${finding.room}: ${finding.description}${finding.reviewNeeded ? " (waits for review)" : ""}`,
      );
      return {
        json,
        text: [
          `Inspection ${view.inspectionId} (${view.status})`,
          ...(view.darkOnPhone.length > 0 ? [`Too dark on the phone: ${spansText(view.darkOnPhone)}`] : []),
          items,
          "",
          "Findings:",
          ...(findings.length > 0 ? findings : ["none"]),
        ].join("\n"),
      };
    };
  },
};

const decide: Command = {
  name: "review decide",
  args: "--inspection <id> --item <checklist item id> --state verified|missed|not_checked",
  summary: "decide one checklist item; the report is released once nothing else waits",
  options: ["inspection", "item", "state"],
  prepare(options) {
    const inspectionId = inspectionOption(options);
    const itemId = uuidOption(options, "item", "a checklist item");
    const state = oneOf<StaffVerdict>(options, "state", staffVerdicts);
    return async () => {
      const { released } = await decideItem(inspectionId, itemId, state, { releaseWhenDone: true });
      await auditCli(
        "review.decide_item",
        inspectionId,
        { type: "inspection", id: inspectionId },
        { item_id: itemId, state, released },
      );
      return {
        json: { inspection_id: inspectionId, item_id: itemId, state, released },
        text: `Item ${itemId}: ${state}.${released ? " The report is released." : ""}`,
      };
    };
  },
};

const addFinding: Command = {
  name: "review finding add",
  args: "--inspection <id> --room <room> --severity MINOR|MODERATE|MAJOR --category damage|cleaning|lost_item --description <text> [--at <seconds>]",
  summary: "add a finding; --at takes the frame at that second as `after` and the nearest baseline picture as `before`",
  options: ["inspection", "room", "severity", "category", "description", "at"],
  prepare(options) {
    const inspectionId = inspectionOption(options);
    const room = textOption(options, "room", staffFindingLimits.roomMaxLength);
    const description = textOption(options, "description", staffFindingLimits.descriptionMaxLength);
    const severity = oneOf(options, "severity", staffFindingLimits.severities);
    const category = oneOf(options, "category", staffFindingLimits.categories);
    let atSeconds: number | undefined;
    if (options.at !== undefined) {
      atSeconds = Number(options.at);
      if (!/^\d+(\.\d+)?$/.test(options.at.trim()) || !Number.isFinite(atSeconds))
        throw new InvalidArgumentError(`--at must be seconds into the video; got "${options.at}".`);
    }
    return async () => {
      const findingId = await addStaffFinding(inspectionId, { room, description, severity, category, atSeconds });
      await auditCli(
        "review.add_finding",
        inspectionId,
        { type: "finding", id: findingId },
        { inspection_id: inspectionId, room, severity, category, at_seconds: atSeconds ?? null },
      );
      return { json: { inspection_id: inspectionId, finding_id: findingId }, text: `Added finding ${findingId}.` };
    };
  },
};

function reviewFindingCommand(accept: boolean): Command {
  return {
    name: `review finding ${accept ? "accept" : "reject"}`,
    args: "--finding <id>",
    summary: accept ? "show a provider finding that waited for review on the report" : "keep a provider finding off the report",
    options: ["finding"],
    prepare(options) {
      const findingId = uuidOption(options, "finding", "a finding");
      return async () => {
        const { inspectionId, released } = await reviewFinding(findingId, accept, { releaseWhenDone: true });
        await auditCli(
          accept ? "review.accept_finding" : "review.reject_finding",
          inspectionId,
          { type: "finding", id: findingId },
          { inspection_id: inspectionId, released },
        );
        return {
          json: { inspection_id: inspectionId, finding_id: findingId, accepted: accept, released },
          text: `Finding ${findingId} ${accept ? "accepted" : "rejected"}.${released ? " The report is released." : ""}`,
        };
      };
    },
  };
}

const release: Command = {
  name: "review release",
  args: "--inspection <id>",
  summary: "release the report (refused while an item is pending or a finding waits)",
  options: ["inspection"],
  prepare(options) {
    const inspectionId = inspectionOption(options);
    return async () => {
      await releaseReport(inspectionId);
      await auditCli("review.release", inspectionId, { type: "inspection", id: inspectionId });
      return { json: { inspection_id: inspectionId, status: "completed" }, text: `Released the report of ${inspectionId}.` };
    };
  },
};

const fail: Command = {
  name: "review fail",
  args: `--inspection <id> --reason ${staffFailReasons.join("|")}`,
  summary: "end the inspection failed: no report",
  options: ["inspection", "reason"],
  prepare(options) {
    const inspectionId = inspectionOption(options);
    const reason = oneOf(options, "reason", staffFailReasons);
    return async () => {
      const failed = await failInspection(inspectionId, reason);
      if (!failed) throw new Error("Only an inspection being recorded or processed can be failed.");
      await auditCli("review.fail", inspectionId, { type: "inspection", id: inspectionId }, { reason });
      return {
        json: { inspection_id: inspectionId, status: "failed", reason },
        text: `Inspection ${inspectionId} failed (${reason}).`,
      };
    };
  },
};

const stats: Command = {
  name: "analysis stats",
  args: "",
  summary: "how often staff agreed with the provider, per verdict and finding category, and what the provider cost",
  options: [],
  prepare() {
    return async () => {
      const result = await analysisStats();
      const rate = (agreed: number, of: number) => (of === 0 ? "-" : `${Math.round((agreed / of) * 100)}%`);
      return {
        json: {
          items: result.items.map((row) => ({
            provider_state: row.providerState,
            decided_by_staff: row.decided,
            agreed: row.agreed,
          })),
          findings: result.findings.map((row) => ({ category: row.category, reviewed: row.reviewed, accepted: row.accepted })),
          usage: {
            calls: result.usage.calls,
            failed: result.usage.failed,
            images: result.usage.images,
            image_bytes: result.usage.imageBytes,
            prompt_tokens: result.usage.promptTokens,
            completion_tokens: result.usage.completionTokens,
            latency_ms_p50: result.usage.latencyMsP50,
          },
        },
        text: [
          table(
            ["PROVIDER SAID", "STAFF DECIDED", "AGREED", "RATE"],
            result.items.map((row) => [
              row.providerState,
              String(row.decided),
              String(row.agreed),
              rate(row.agreed, row.decided),
            ]),
          ),
          "",
          table(
            ["FINDING CATEGORY", "REVIEWED", "ACCEPTED", "RATE"],
            result.findings.map((row) => [
              row.category,
              String(row.reviewed),
              String(row.accepted),
              rate(row.accepted, row.reviewed),
            ]),
          ),
          "",
          `Provider calls: ${result.usage.calls} (${result.usage.failed} failed), ${result.usage.images} images, ${result.usage.promptTokens + result.usage.completionTokens} tokens`,
        ].join("\n"),
      };
    };
  },
};

export const reviewCommands: Command[] = [
  list,
  show,
  decide,
  addFinding,
  reviewFindingCommand(true),
  reviewFindingCommand(false),
  release,
  fail,
  stats,
];
