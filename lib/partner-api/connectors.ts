import "server-only";
import { z } from "zod";
import { findConnector } from "../connectors/catalog";
import { assertConnectorEnabled, connectorNotEnabled } from "../connectors/enablement";
import { checkCalendarUrl, maxCalendarUrlLength } from "../connectors/ical/calendar-url";
import { readCalendar, removeCalendar, serializeCalendar, setCalendar } from "../connectors/ical/calendars";
import { readReservationPage } from "../connectors/reservations-page";
import { ApiError } from "../errors/api-error";
import { defineOperation } from "../http/operation";
import { getProperty } from "../properties/get-property";
import { workspaceQuery } from "../roster/schemas";
import { optionalParameter, requiredText } from "../validation/text";
import { reservationRecord } from "../webhooks/payloads";
import { getWorkspace } from "../workspaces/get-workspace";

/*
 * The iCal connector (spec, Connectors and discovery): `/connectors/ical/<operation>` with the
 * partner key. Checks, in this order: the key; the query and body (`400`); `404
 * workspace_not_provisioned`; `403 connector_not_enabled` when staff have not enabled iCal for the
 * workspace; `404 property_not_found`; then the operation's own rules.
 */

const connectorRule =
  "Checks, in this order: the key; the query and body (`400`, naming `detail.parameter`); `404 workspace_not_provisioned`; " +
  "`403 connector_not_enabled` (with `next_steps.book_a_call_url` and `next_steps.catalog_url`) until staff enable the iCal " +
  "connector for the workspace; `404 property_not_found` for a `property_id` not in the roster.";

async function icalWorkspace(partnerId: string, workspaceId: string) {
  const workspace = await getWorkspace(partnerId, workspaceId);
  await assertConnectorEnabled(workspace.id, "ical");
  return workspace;
}

/** The home a calendar call names, refused in the order above. */
async function icalHome(partnerId: string, query: { workspace_id: string; property_id: string }) {
  const workspace = await icalWorkspace(partnerId, query.workspace_id);
  return { workspace, property: await getProperty(workspace, query.property_id) };
}

const calendarQuery = workspaceQuery.extend({ property_id: requiredText(200) });

const calendarRecord = z
  .object({
    workspace_id: z.string(),
    property_id: z.string(),
    calendar_host: z.string().optional().meta({
      description:
        "The calendar's host; the link itself is never shown again (it carries the platform's token). Omitted when the home has no calendar.",
    }),
    created_at: z.iso.datetime().optional(),
    last_polled_at: z.iso
      .datetime()
      .optional()
      .meta({ description: "The last fetch, successful or not; omitted before the first." }),
    last_succeeded_at: z.iso.datetime().optional(),
    last_error: z.string().optional().meta({
      description:
        "Why the last fetch failed (a baseline-photo fetch `reason`, `http_status_<code>`, or `not_a_calendar`); omitted once one succeeds.",
    }),
  })
  .meta({ id: "ReservationCalendar" });

export const putIcalCalendar = defineOperation({
  method: "PUT",
  auth: "partnerKey",
  path: "/connectors/ical/calendars",
  operationId: "setReservationCalendar",
  tag: "Connectors",
  summary: "Set a home's reservation calendar (iCal)",
  description:
    "The home's iCal export link (`https://`, or the `webcal://` form the platforms print), fetched under the baseline-photo " +
    "fetch rules (public addresses only, up to 3 redirects, 20 seconds) and at most 5 MiB, then every 15 minutes. The first " +
    "read is within a minute. Each poll's changes become `reservation.*` events for partners on the reservations track. " +
    'Replacing the link keeps the stays read so far. A refused link is `400 invalid_request` with `detail.parameter: "url"`.\n\n' +
    connectorRule,
  query: calendarQuery,
  body: z.strictObject({ url: requiredText(maxCalendarUrlLength).meta({ description: "The calendar's export link." }) }),
  responses: { 200: { description: "The calendar as now held", schema: calendarRecord } },
  errors: [
    "missing_parameter",
    "invalid_request",
    "workspace_not_provisioned",
    "connector_not_enabled",
    "property_not_found",
    "payload_too_large",
  ],
  async handler({ caller, query, body }) {
    const { workspace, property } = await icalHome(caller.partnerId, query);
    const checked = checkCalendarUrl(body.url);
    if ("refused" in checked)
      throw new ApiError("invalid_request", {
        message: `url is not a calendar link the service may fetch: ${checked.refused}.`,
        detail: { parameter: "url" },
      });
    const calendar = await setCalendar(property.id, checked.url);
    return { status: 200, body: serializeCalendar(workspace.externalId, property, calendar) };
  },
});

export const readIcalCalendar = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/connectors/ical/calendars",
  operationId: "getReservationCalendar",
  tag: "Connectors",
  summary: "Read a home's reservation calendar (iCal)",
  description: `The calendar's host and the state of its polls; only \`workspace_id\` and \`property_id\` when the home has none.\n\n${connectorRule}`,
  query: calendarQuery,
  responses: { 200: { description: "The home's calendar", schema: calendarRecord } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "connector_not_enabled", "property_not_found"],
  async handler({ caller, query }) {
    const { workspace, property } = await icalHome(caller.partnerId, query);
    return { status: 200, body: serializeCalendar(workspace.externalId, property, await readCalendar(property.id)) };
  },
});

export const deleteIcalCalendar = defineOperation({
  method: "DELETE",
  auth: "partnerKey",
  path: "/connectors/ical/calendars",
  operationId: "deleteReservationCalendar",
  tag: "Connectors",
  summary: "Stop reading a home's reservation calendar (iCal)",
  description: `Idempotent. The stays already read stay listed; no more events come for them.\n\n${connectorRule}`,
  query: calendarQuery,
  responses: { 200: { description: "The home has no calendar", schema: calendarRecord } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "connector_not_enabled", "property_not_found"],
  async handler({ caller, query }) {
    const { workspace, property } = await icalHome(caller.partnerId, query);
    await removeCalendar(property.id);
    return { status: 200, body: serializeCalendar(workspace.externalId, property, null) };
  },
});

export const listIcalReservations = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/connectors/ical/reservations",
  operationId: "listReservations",
  tag: "Connectors",
  summary: "List the stays read from the workspace's calendars",
  description:
    "By `check_in`, keyset-paginated: `next_cursor` is omitted on the last page; a cursor is bound to the filter it was " +
    "issued with (an edited or foreign one is `400 invalid_request`). A stay gone from its calendar before its check-out " +
    "reads `cancelled`; every change raises `revision` by one.\n\n" +
    connectorRule,
  query: workspaceQuery.extend({
    property_id: optionalParameter(requiredText(200)),
    status: optionalParameter(z.enum(["confirmed", "cancelled"])),
    limit: optionalParameter(z.coerce.number<string>().int().min(1).max(500)).default(100),
    cursor: optionalParameter(z.string()),
  }),
  responses: {
    200: {
      description: "One page",
      schema: z
        .object({ workspace_id: z.string(), reservations: z.array(reservationRecord), next_cursor: z.string().optional() })
        .meta({ id: "ReservationsPage" }),
    },
  },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "connector_not_enabled", "property_not_found"],
  async handler({ caller, query }) {
    const workspace = await icalWorkspace(caller.partnerId, query.workspace_id);
    const property = query.property_id === undefined ? undefined : await getProperty(workspace, query.property_id);
    const page = await readReservationPage(workspace, {
      propertyId: property?.id,
      status: query.status,
      limit: query.limit,
      cursor: query.cursor,
    });
    return {
      status: 200,
      body: { workspace_id: workspace.externalId, reservations: page.reservations, next_cursor: page.nextCursor },
    };
  },
});

export const icalOperations = [putIcalCalendar, readIcalCalendar, deleteIcalCalendar, listIcalReservations];

/**
 * Every other `/connectors/<platform>/<operation>`: a catalogued connector that is not enabled
 * answers `403 connector_not_enabled` after the key and the workspace are checked; a platform or
 * operation the catalogue does not name is `404 not_found`.
 */
export const callConnector = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/connectors/{platform}/{operation}",
  operationId: "callConnector",
  tag: "Connectors",
  summary: "Any other connector operation",
  description:
    "The catalogue (`GET /connectors`) names each platform's operations. A connector whose `status` is `request_access` is " +
    "not enabled for any workspace until it is built with you: its operations answer `403 connector_not_enabled` with " +
    "`next_steps`. An operation the catalogue does not name is `404 not_found`.\n\n" +
    "Checks, in this order: the key; `workspace_id` (`400`); `404 not_found` for an unknown platform or operation; `404 " +
    "workspace_not_provisioned`; `403 connector_not_enabled`.",
  params: z.object({ platform: z.string(), operation: z.string() }),
  query: workspaceQuery,
  responses: { 200: { description: "The operation's answer (see the platform's own operations)", schema: z.looseObject({}) } },
  errors: ["missing_parameter", "invalid_request", "not_found", "workspace_not_provisioned", "connector_not_enabled"],
  async handler({ caller, params, query }) {
    const connector = findConnector(params.platform);
    if (!connector?.operations.some((operation) => operation.name === params.operation))
      throw new ApiError("not_found", { message: "No such connector operation; GET /connectors lists them." });
    await getWorkspace(caller.partnerId, query.workspace_id);
    // Only `available` connectors have operations of their own, routed before this one.
    throw connectorNotEnabled(connector.platform);
  },
});

export const connectorOperations = [...icalOperations, callConnector];
