import "server-only";
import { z } from "zod";
import { feedErrorMeaning } from "../roster-feeds/feed-errors";
import { rosterAddress } from "./schemas";

const dateTime = z.iso.datetime();
const count = z.int().min(0);

const pullErrorList = Object.entries(feedErrorMeaning)
  .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
  .join("\n");

export const rosterImportRun = z
  .object({
    import_id: z.uuid(),
    workspace_id: z.string(),
    status: z.enum(["queued", "running", "applied", "rejected", "failed"]),
    source: z.enum(["push", "pull"]),
    status_url: z.url().meta({ description: "Absolute URL of this run's status read, including workspace_id." }),
    observed_at: dateTime.optional().meta({ description: "Omitted only on a pull that failed before its first page." }),
    submitted_at: dateTime,
    applied_at: dateTime.optional().meta({ description: "Present once applied." }),
    base_revision: z.int().meta({ description: "Roster revision the run was built on." }),
    result_revision: z.int().optional().meta({ description: "Present once applied." }),
    counts: z
      .object({ submitted: z.object({ total: count, active: count, inactive: count, missing_address: count }) })
      .optional()
      .meta({ description: "Omitted only on a pull that failed before its snapshot was complete." }),
    diff: z
      .object({
        created: count.meta({ description: "Listed properties the roster did not hold." }),
        updated: count.meta({ description: "Held properties whose details changed, without a status change." }),
        deactivated: count.meta({ description: "Present properties made inactive (left out or listed inactive)." }),
        reactivated: count.meta({ description: "Inactive properties listed as active again." }),
      })
      .optional()
      .meta({ description: "Present on an applied run." }),
    error: z
      .object({ code: z.string(), detail: z.record(z.string(), z.unknown()).optional() })
      .optional()
      .meta({
        description:
          "On `rejected` or `failed`. Codes: `roster_revision_conflict` (rejected; `detail.base_revision`, " +
          "`detail.current_revision`), `roster_empty_not_allowed` (rejected), `roster_confirmation_required` " +
          "(rejected; `detail.deactivate_count`, `detail.present_count`), `internal_error` (failed; resend with a new key).\n\n" +
          "A pull (`source: pull`) that could not use its feed ends `failed` with one of these codes; nothing in the " +
          "roster changes (no property, count or freshness), and `observed_at` and `counts` are omitted when the feed " +
          "never got that far:\n\n" +
          pullErrorList,
      }),
  })
  .meta({ id: "RosterImportRun" });

export const propertyRecord = z
  .object({
    property_id: z.string(),
    service_property_id: z.uuid(),
    name: z.string(),
    roster_status: z.enum(["present", "inactive", "unconfirmed"]),
    address_status: z.enum(["ok", "missing"]),
    billing_active: z.boolean(),
    address: rosterAddress.optional(),
    address_unavailable_reason: z.string().optional(),
    building_id: z.string().optional(),
    unit_label: z.string().optional(),
    last_seen_at: dateTime.optional(),
    last_seen_revision: z.int().optional(),
    setup: z.object({
      checklist: z.object({ items: count }),
      tour: z
        .object({
          state: z.enum(["none", "importing", "imported", "failed"]),
          url: z.string().optional().meta({ description: "The stored share link; omitted when no tour is set." }),
        })
        .meta({
          description:
            "The tour the home names. While a different tour imports, or after its import failed, the previously " +
            "imported tour stays in use.",
        }),
      baseline_photos: z.object({ count, state: z.enum(["none", "importing", "imported", "failed"]) }),
    }),
  })
  .meta({ id: "Property" });

export const propertiesPage = z
  .object({
    workspace_id: z.string(),
    roster_revision: z.int(),
    properties: z.array(propertyRecord),
    next_cursor: z.string().optional().meta({ description: "Omitted on the last page. Send back verbatim." }),
  })
  .meta({ id: "PropertiesPage" });
