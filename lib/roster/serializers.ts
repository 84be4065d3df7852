import "server-only";
import { config } from "../config";
import type { Property, RosterImport, Workspace } from "../generated/prisma/client";
import type { ListedProperty } from "./list-properties";

export function rosterImportStatusUrl(run: RosterImport, workspace: Workspace): string {
  const query = new URLSearchParams({ workspace_id: workspace.externalId });
  return `${config().APP_URL}/v1/roster-imports/${run.id}?${query}`;
}

export function serializeRosterImport(run: RosterImport, workspace: Workspace) {
  const applied = run.status === "applied";
  const ended = run.status === "rejected" || run.status === "failed";
  return {
    import_id: run.id,
    workspace_id: workspace.externalId,
    status: run.status,
    source: run.source,
    status_url: rosterImportStatusUrl(run, workspace),
    // A pull that failed before its first page has neither (omitted, by the omit rule).
    observed_at: run.observedAt?.toISOString(),
    submitted_at: run.submittedAt.toISOString(),
    applied_at: applied ? run.appliedAt?.toISOString() : undefined,
    base_revision: run.baseRevision,
    result_revision: applied ? (run.resultRevision ?? undefined) : undefined,
    counts:
      run.totalCount === null
        ? undefined
        : {
            submitted: {
              total: run.totalCount,
              active: run.activeCount,
              inactive: run.inactiveCount,
              missing_address: run.missingAddressCount,
            },
          },
    diff: applied
      ? {
          created: run.diffCreated ?? 0,
          updated: run.diffUpdated ?? 0,
          deactivated: run.diffDeactivated ?? 0,
          reactivated: run.diffReactivated ?? 0,
        }
      : undefined,
    error: ended && run.errorCode ? { code: run.errorCode, detail: run.errorDetail ?? undefined } : undefined,
  };
}

type AddressColumns = Pick<
  Property,
  "addressLine1" | "addressLine2" | "addressCity" | "addressRegion" | "addressPostalCode" | "addressCountryCode"
>;

function serializeAddress(property: AddressColumns) {
  if (property.addressLine1 === null) return undefined;
  return {
    line1: property.addressLine1,
    line2: property.addressLine2 ?? undefined,
    city: property.addressCity,
    region: property.addressRegion,
    postal_code: property.addressPostalCode,
    country_code: property.addressCountryCode,
  };
}

export function serializeProperty(property: ListedProperty) {
  return {
    property_id: property.externalId,
    service_property_id: property.id,
    name: property.name,
    roster_status: property.rosterStatus,
    address_status: property.addressUnavailableReason === null ? ("ok" as const) : ("missing" as const),
    billing_active: property.billingActive,
    address: serializeAddress(property),
    address_unavailable_reason: property.addressUnavailableReason ?? undefined,
    building_id: property.buildingId ?? undefined,
    unit_label: property.unitLabel ?? undefined,
    last_seen_at: property.lastSeenAt ?? undefined,
    last_seen_revision: property.lastSeenRevision ?? undefined,
    setup: {
      // The home's own housekeeping items only; inspection and maintenance lists are not counted (spec).
      checklist: { items: property.checklistItems },
      tour: { state: property.setup.tour.state, url: property.setup.tour.url },
      baseline_photos: { count: property.setup.baselinePhotos.count, state: property.setup.baselinePhotos.state },
    },
  };
}
