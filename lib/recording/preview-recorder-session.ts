import "server-only";
import type { RecorderTask } from "./find-recorder-task";
import { resolveSections } from "./open-inspection";
import { type RecorderSession, readRecorderSession } from "./read-recorder-session";

/**
 * What the recording page can show before the phone opens the walkthrough, read without changing
 * anything (a link preview must open nothing): the home, the task and the checklist as they stand.
 * Only for a walkthrough nothing was recorded for yet, the one case where the first screen is
 * always "ready"; anything further along is resumed from the phone's own store and the open call.
 */
export async function previewRecorderSession(task: RecorderTask): Promise<RecorderSession | undefined> {
  const session = await readRecorderSession(task);
  const untouched =
    session.state === "new" || (session.state === "recording" && session.parts.length === 0 && session.eventsSeq === 0);
  if (!untouched) return undefined;
  // Before the open, the lists the open would copy; after it, the copy itself.
  return session.inspectionId ? session : { ...session, checklist: await resolveSections(task.propertyId) };
}
