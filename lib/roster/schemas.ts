import "server-only";
import { z } from "zod";
import type { CustomIssueParams } from "../http/validation";
import { optionalText, requiredText } from "../validation/text";

export const rosterAddress = z
  .strictObject({
    line1: requiredText(200),
    line2: optionalText(200).optional(),
    city: requiredText(200),
    region: requiredText(200),
    postal_code: requiredText(50),
    country_code: requiredText(2).meta({ description: "ISO 3166-1 alpha-2 country code" }),
  })
  .meta({ id: "Address" });

export const rosterItem = z
  .strictObject({
    property_id: requiredText(200).meta({ description: "The caller's id, unique within the workspace." }),
    name: requiredText(200).meta({ description: "Titles reports." }),
    status: z.enum(["active", "inactive"]).optional().meta({ description: "Defaults to `active`." }),
    address: rosterAddress.optional(),
    address_unavailable_reason: optionalText(500).optional(),
    building_id: optionalText(200).optional(),
    unit_label: optionalText(100).optional(),
  })
  .superRefine((item, context) => {
    const hasAddress = item.address !== undefined;
    const hasReason = item.address_unavailable_reason !== undefined;
    if (hasAddress && hasReason) {
      context.addIssue({
        code: "custom",
        path: ["address_unavailable_reason"],
        message: "send either address or address_unavailable_reason, not both",
        params: { code: "invalid_request" } satisfies CustomIssueParams,
      });
    } else if (!hasAddress && !hasReason) {
      context.addIssue({
        code: "custom",
        path: ["address"],
        message: "address is required unless address_unavailable_reason is sent",
        params: { code: "missing_parameter" } satisfies CustomIssueParams,
      });
    }
  })
  .meta({ id: "RosterItem" });

export type RosterItem = z.output<typeof rosterItem>;

/** One complete snapshot, pushed or served by a feed page (spec, Roster item; POST /v1/roster-imports). */
export const rosterSnapshotBody = z
  .strictObject({
    complete: z.literal(true).meta({ description: "Must be `true`: every import is the complete roster." }),
    observed_at: z.iso.datetime({ offset: true }).meta({ description: "When the snapshot described the inventory (ISO 8601)." }),
    total_count: z.int().min(0).meta({ description: "Must equal the length of `properties`." }),
    properties: z.array(rosterItem),
    allow_empty: z.boolean().optional().meta({ description: "Must be `true` for an empty roster." }),
    acknowledge_inactive_count: z
      .int()
      .min(0)
      .optional()
      .meta({ description: "Required when the import would deactivate more than half of the present properties." }),
  })
  .meta({ id: "RosterImportRequest" });

export type RosterSnapshotBody = z.output<typeof rosterSnapshotBody>;

export const workspaceQuery = z.object({ workspace_id: requiredText(200) });

export const idempotencyHeaders = z.object({
  "Idempotency-Key": requiredText(255).meta({ description: "Required. Scoped to the workspace." }),
});
