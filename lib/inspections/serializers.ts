import type { InspectionStatusRead } from "./get-inspection-status";

/** The spec's Inspection status record; the omit rule drops what does not apply. */
export function serializeInspectionStatus(read: InspectionStatusRead) {
  return {
    status: read.status,
    inspection_id: read.inspectionId,
    // Spec: `report` on processing and completed only; the stage is `analyzing` until ready.
    report: read.status === "processing" ? { status: "processing", stage: "analyzing" } : undefined,
  };
}
