import "server-only";
import type { RecorderTask } from "./find-recorder-task";
import { resolveSections } from "./open-inspection";
import { type RecorderSession, readRecorderSession } from "./read-recorder-session";

/**
 * What the recording page can show before the phone opens the walkthrough, read without changing
 * anything (a link preview must open nothing): the home, the task and the checklist as they stand.
 * Only for a link never opened, the one case where the first screen is always "ready".
 */
export async function previewRecorderSession(task: RecorderTask): Promise<RecorderSession | undefined> {
  // Opened before (a reload): the phone resumes from its own store and the open call, and reading
  // the session here (its results' signed pictures included) would be work thrown away.
  if (task.inspectionId) return undefined;
  const session = await readRecorderSession(task);
  // The lists the open will copy.
  return { ...session, checklist: await resolveSections(task.propertyId) };
}
