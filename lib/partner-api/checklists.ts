import "server-only";
import { deleteChecklist } from "../checklists/delete-checklist";
import { getChecklist } from "../checklists/get-checklist";
import { replaceChecklist } from "../checklists/replace-checklist";
import { checklistPathParams, checklistQuery, checklistRecord, replaceChecklistBody } from "../checklists/schemas";
import { serializeChecklist } from "../checklists/serializers";
import { defineOperation } from "../http/operation";
import { getHome } from "../properties/get-home";
import { homeSetupBodyLimitBytes } from "../properties/home-setup";
import { homeRule } from "./home-setup-docs";

const path = "/v1/properties/{property_id}/checklist";

const checklistRule = `${homeRule} An unknown \`type\` is \`400 invalid_request\` with \`detail.parameter: "type"\`.`;

export const putChecklist = defineOperation({
  method: "PUT",
  auth: "partnerKey",
  path,
  operationId: "replaceChecklist",
  tag: "Home setup",
  summary: "Replace one checklist of a home",
  description:
    "Full, idempotent replace of the home's list of `type` (lists of different types are independent). Every item " +
    "gets a new `id` on every replace: read the ids back from the answer after each write. Items already checked off " +
    "stay on the reports that recorded them. Concurrent replaces of one list apply one after the other: the last one " +
    "wins, never a mix, and `updated_at` moves forward with every replace.\n\n" +
    "Lengths count Unicode code points (an emoji or an accented letter is one character), after surrounding " +
    "whitespace is trimmed; inner runs of whitespace (line breaks included) become one space. A blank `name` is " +
    "`400 missing_parameter`. A dash used as punctuation in `name` is `400 invalid_request`: an em dash (U+2014) " +
    "anywhere, or an en dash (U+2013) with whitespace directly before or after it; use a colon instead " +
    "(`Kitchen: wipe the counters`). A hyphen in a word (`built-in`) and an en dash in a range (`1–2`) are fine. " +
    "Control characters other than whitespace are refused. Each refusal names `detail.parameter` (e.g. " +
    "`items[3].name`) and, for an item, `detail.index`; an unknown field at the top level or on an item is " +
    `\`400 invalid_request\` naming it.\n\n${checklistRule}`,
  params: checklistPathParams,
  query: checklistQuery,
  body: replaceChecklistBody,
  bodyLimitBytes: homeSetupBodyLimitBytes,
  responses: { 200: { description: "The list as now held, with new item ids", schema: checklistRecord } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "property_not_found", "payload_too_large"],
  async handler({ caller, params, query, body }) {
    const { workspace, property } = await getHome(caller.partnerId, query.workspace_id, params.property_id);
    const checklist = await replaceChecklist(property, query.type, body.items);
    return { status: 200, body: serializeChecklist(workspace, property, query.type, checklist) };
  },
});

export const readChecklist = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path,
  operationId: "getChecklist",
  tag: "Home setup",
  summary: "Read one checklist of a home",
  description:
    "The home's own list of `type`: `items: []` and no `updated_at` when it has none. A company-wide checklist of " +
    `that type set on the service side may still apply to the home; it is not shown here.\n\n${checklistRule}`,
  params: checklistPathParams,
  query: checklistQuery,
  responses: { 200: { description: "The home's own list", schema: checklistRecord } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "property_not_found"],
  async handler({ caller, params, query }) {
    const { workspace, property } = await getHome(caller.partnerId, query.workspace_id, params.property_id);
    const checklist = await getChecklist(property, query.type);
    return { status: 200, body: serializeChecklist(workspace, property, query.type, checklist) };
  },
});

export const removeChecklist = defineOperation({
  method: "DELETE",
  auth: "partnerKey",
  path,
  operationId: "deleteChecklist",
  tag: "Home setup",
  summary: "Remove one checklist of a home",
  description:
    "Idempotent: `200` whether or not the home had a list of `type`; answers `items: []`. If a company-wide " +
    `checklist of that type exists on the service side, the home reverts to it.\n\n${checklistRule}`,
  params: checklistPathParams,
  query: checklistQuery,
  responses: { 200: { description: "The home has no list of its own of this type", schema: checklistRecord } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "property_not_found"],
  async handler({ caller, params, query }) {
    const { workspace, property } = await getHome(caller.partnerId, query.workspace_id, params.property_id);
    await deleteChecklist(property, query.type);
    return { status: 200, body: serializeChecklist(workspace, property, query.type, null) };
  },
});
