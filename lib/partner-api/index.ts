import "server-only";
import type { AnyOperation } from "../http/operation";
import { createBaselinePhotoImport, readBaselinePhotoImport } from "./baseline-photos";
import { putChecklist, readChecklist, removeChecklist } from "./checklists";
import { createRosterImport, listRosterProperties, readRosterImport } from "./roster";
import { readInspectionEvidence } from "./evidence";
import { readInspectionFindings, readInspectionStatus, readInspectionVideo } from "./inspections";
import { readRecordingLink } from "./recording-links";
import { createRosterSync } from "./roster-syncs";
import { createSandboxWalkthrough } from "./sandbox";
import { deleteTour, putTour } from "./tours";
import { createWorkspaceClaim } from "./workspace-claims";
import { createWorkspace, readWorkspace } from "./workspaces";

/** Every partner API operation, in the order the reference lists them. The OpenAPI document is built from this. */
export const operations: AnyOperation[] = [
  createWorkspace,
  readWorkspace,
  createRosterImport,
  readRosterImport,
  listRosterProperties,
  createRosterSync,
  putChecklist,
  readChecklist,
  removeChecklist,
  putTour,
  deleteTour,
  createBaselinePhotoImport,
  readBaselinePhotoImport,
  readRecordingLink,
  readInspectionStatus,
  readInspectionFindings,
  readInspectionVideo,
  readInspectionEvidence,
  createWorkspaceClaim,
  createSandboxWalkthrough,
];
