import "server-only";
import { readFileSync } from "node:fs";
import { clearCompanyChecklist } from "../checklists/clear-company-checklist";
import { checklistTypes, type ChecklistItemInput, isChecklistType, type StoredChecklist } from "../checklists/items";
import { type CompanyChecklist, listCompanyChecklists } from "../checklists/list-company-checklists";
import { replaceChecklistBody } from "../checklists/schemas";
import { setCompanyChecklist } from "../checklists/set-company-checklist";
import type { ChecklistType } from "../generated/prisma/client";
import { ApiError } from "../errors/api-error";
import { parseOrThrow } from "../http/validation";
import { type Command, InvalidArgumentError, type OptionValues, partnerOption, requiredOption } from "./command";
import { isoTime } from "./output";
import { requireWorkspace, workspaceOption } from "./workspace-option";

// Company-wide checklists: one optional list per workspace and type, which applies to every home
// of the workspace that has no list of that type of its own. Set by staff, never by partners.

function typeOption(options: OptionValues): ChecklistType {
  const type = requiredOption(options, "type").trim();
  if (!isChecklistType(type)) {
    throw new InvalidArgumentError(`--type must be one of ${checklistTypes.join(", ")}; got "${type}".`);
  }
  return type;
}

function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new InvalidArgumentError(`Cannot read --file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InvalidArgumentError(`--file ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * The items of `--file`: the API's request body (`{"items": [...]}`) or just its array, checked by
 * the very schema the API uses, so a list staff set obeys the same rules as a partner's.
 */
function itemsOption(options: OptionValues): ChecklistItemInput[] {
  const file = requiredOption(options, "file");
  const json = readJsonFile(file);
  const body = Array.isArray(json) ? { items: json } : json;
  const items = (body as { items?: unknown } | null)?.items;
  if (Array.isArray(items) && items.length === 0) {
    throw new InvalidArgumentError(`--file ${file} holds no items; to remove the list, use checklist clear-company.`);
  }
  try {
    return parseOrThrow(replaceChecklistBody, body).items;
  } catch (error) {
    if (error instanceof ApiError) throw new InvalidArgumentError(`Invalid --file ${file}: ${error.message}`);
    throw error;
  }
}

const checklistJson = (type: ChecklistType, list: StoredChecklist) => ({
  type,
  items: list.items,
  updated_at: isoTime(list.updatedAt),
});

function describeList(workspaceId: string, list: CompanyChecklist): string {
  const lines = list.items.flatMap((item, i) => [`  ${i + 1}. ${item.name}`, ...(item.notes ? [`     ${item.notes}`] : [])]);
  const count = `${list.itemCount} item${list.itemCount === 1 ? "" : "s"}`;
  return [
    `Company-wide ${list.type} checklist of workspace "${workspaceId}" (${count}, updated ${isoTime(list.updatedAt)}):`,
    ...lines,
  ].join("\n");
}

const setCompany: Command = {
  name: "checklist set-company",
  args: "--partner <id> --workspace <workspace_id> --type <type> --file <items.json>",
  summary: 'set a workspace\'s company-wide checklist of a type (file: {"items": [...]} or a bare array)',
  options: ["partner", "workspace", "type", "file"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const workspaceId = workspaceOption(options);
    const type = typeOption(options);
    const items = itemsOption(options);
    return async () => {
      const workspace = await requireWorkspace(partnerId, workspaceId);
      const list = await setCompanyChecklist(workspace, type, items);
      return {
        json: { partner_id: partnerId, workspace_id: workspaceId, ...checklistJson(type, list) },
        text: describeList(workspaceId, { type, ...list }),
      };
    };
  },
};

const clearCompany: Command = {
  name: "checklist clear-company",
  args: "--partner <id> --workspace <workspace_id> --type <type>",
  summary: "remove a workspace's company-wide checklist of a type (homes without their own then have none)",
  options: ["partner", "workspace", "type"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const workspaceId = workspaceOption(options);
    const type = typeOption(options);
    return async () => {
      const workspace = await requireWorkspace(partnerId, workspaceId);
      const removed = await clearCompanyChecklist(workspace, type);
      return {
        json: { partner_id: partnerId, workspace_id: workspaceId, type, removed },
        text: removed
          ? `Removed the company-wide ${type} checklist of workspace "${workspaceId}".`
          : `Workspace "${workspaceId}" had no company-wide ${type} checklist.`,
      };
    };
  },
};

const showCompany: Command = {
  name: "checklist show-company",
  args: "--partner <id> --workspace <workspace_id> [--type <type>]",
  summary: "a workspace's company-wide checklists (of one type with --type)",
  options: ["partner", "workspace", "type"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const workspaceId = workspaceOption(options);
    const type = options.type === undefined ? undefined : typeOption(options);
    return async () => {
      const workspace = await requireWorkspace(partnerId, workspaceId);
      const lists = await listCompanyChecklists(workspace, type);
      const none = `Workspace "${workspaceId}" has no company-wide ${type ? `${type} ` : ""}checklist.`;
      return {
        json: {
          partner_id: partnerId,
          workspace_id: workspaceId,
          checklists: lists.map((list) => checklistJson(list.type, list)),
        },
        text: lists.length === 0 ? none : lists.map((list) => describeList(workspaceId, list)).join("\n\n"),
      };
    };
  },
};

export const checklistCommands: Command[] = [setCompany, clearCompany, showCompany];
