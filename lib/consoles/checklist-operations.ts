import "server-only";
import { clearCompanyChecklist } from "../checklists/clear-company-checklist";
import { isChecklistType } from "../checklists/items";
import { replaceChecklistBody } from "../checklists/schemas";
import { setCompanyChecklist } from "../checklists/set-company-checklist";
import { parseOrThrow } from "../http/validation";
import { ApiError } from "../errors/api-error";
import { type Actor, recordAudit } from "./audit";
import { partnerWorkspace } from "./partner-workspace";

async function targetOf(partnerId: string, workspaceUuid: string, type: string) {
  if (!isChecklistType(type)) throw new ApiError("not_found", { message: "No such checklist type." });
  return { workspace: await partnerWorkspace(partnerId, workspaceUuid), type };
}

/**
 * A workspace's company-wide list of one type, as staff edit it: checked by the very schema (and
 * name rules) the partner API's checklist PUT uses, so a refusal names the item and the rule.
 */
export async function setCompanyChecklistAs(actor: Actor, partnerId: string, workspaceUuid: string, type: string, body: unknown) {
  const target = await targetOf(partnerId, workspaceUuid, type);
  const { items } = parseOrThrow(replaceChecklistBody, body);
  const stored = await setCompanyChecklist(target.workspace, target.type, items);
  await recordAudit({
    actor,
    partnerId,
    action: "company_checklist.set",
    objectType: "workspace",
    objectId: target.workspace.id,
    detail: { type, items: stored.itemCount },
  });
  return { type, items: stored.itemCount };
}

export async function clearCompanyChecklistAs(actor: Actor, partnerId: string, workspaceUuid: string, type: string) {
  const target = await targetOf(partnerId, workspaceUuid, type);
  const removed = await clearCompanyChecklist(target.workspace, target.type);
  if (removed)
    await recordAudit({
      actor,
      partnerId,
      action: "company_checklist.clear",
      objectType: "workspace",
      objectId: target.workspace.id,
      detail: { type },
    });
  return { removed };
}
