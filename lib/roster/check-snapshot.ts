import "server-only";
import { ApiError } from "../errors/api-error";
import type { RosterSnapshotBody } from "./schemas";

const listedDuplicatesMax = 100;

/**
 * The synchronous checks that follow the item shapes, in the spec's order: the count
 * against the partner's cap, repeated property ids, then total_count against the array.
 */
export function checkSnapshot(body: RosterSnapshotBody, rosterMax: number): void {
  if (body.properties.length > rosterMax) {
    throw new ApiError("invalid_request", {
      message: `properties: at most ${rosterMax} properties per import; ask us to raise the limit.`,
      detail: { parameter: "properties", limit: rosterMax },
    });
  }

  const firstSeen = new Map<string, number>();
  const repeated = new Set<string>();
  let firstRepeatIndex: number | undefined;
  body.properties.forEach((item, index) => {
    if (firstSeen.has(item.property_id)) {
      repeated.add(item.property_id);
      firstRepeatIndex ??= index;
    } else firstSeen.set(item.property_id, index);
  });
  if (firstRepeatIndex !== undefined) {
    throw new ApiError("invalid_request", {
      message: `properties: ${repeated.size} property_id value(s) appear more than once.`,
      detail: {
        parameter: `properties[${firstRepeatIndex}].property_id`,
        index: firstRepeatIndex,
        duplicate_property_ids: [...repeated].slice(0, listedDuplicatesMax),
      },
    });
  }

  if (body.total_count !== body.properties.length) {
    throw new ApiError("invalid_request", {
      message: `total_count is ${body.total_count} but properties has ${body.properties.length} items.`,
      detail: { parameter: "total_count" },
    });
  }
}
