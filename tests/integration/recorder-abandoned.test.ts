import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "../../lib/config";
import { db } from "../../lib/db/client";
import { expireAbandonedRecordings } from "../../lib/recording/expire-abandoned-recordings";
import { recordingKeys } from "../../lib/recording/recorder-state";
import { call, expectError } from "../support/api";
import { appUnderTest } from "../support/app-under-test";
import { localDriverOfApp } from "../support/media";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, uploadRuns } from "../fixtures/recorder";
import { item } from "../fixtures/roster";

/*
 * A walkthrough opened and never finished (no Done) whose last sign of life, the opening or its
 * latest part or tap, is older than RECORDING_ABANDON_DAYS (14) ends `failed` (`abandoned`), its
 * parts deleted, `inspection.failed` recorded. The sweep is the hourly job's operation, run here
 * against the suite's app (its database and media folder); walkthroughs are made old by moving
 * their times back.
 */

let partner: TestPartner;
let workspaceId: string;
const webmHead = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 5)]);

beforeAll(async () => {
  // The sweep deletes parts through this process's media storage: the app's folder.
  process.env.DATA_DIR = appUnderTest().dataDir;
  reloadConfig();
  partner = await createTestPartner("Abandon Co");
  workspaceId = await readyWorkspace(partner.apiKey, "abandon", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: [{ name: "Hall" }] },
  });
  expect(put.status, put.text).toBe(200);
});

async function openWalk() {
  const link = await issueLink(partner.apiKey, {
    workspace_id: workspaceId,
    task_id: `task-${randomUUID()}`,
    property_id: "home-1",
  });
  const rec = recorder(link.recording_url);
  const opened = await rec.open();
  expect(opened.status, opened.text).toBe(200);
  const itemId = (opened.body.checklist as { items: { id: string }[] }[])[0]!.items[0]!.id;
  return { rec, inspectionId: opened.body.inspection_id as string, itemId };
}

/** Moves the opening and every part and tap of a walkthrough `days` back. */
async function age(inspectionId: string, days: number, what: ("opened" | "parts" | "taps")[] = ["opened", "parts", "taps"]) {
  const back = `${days} days`;
  if (what.includes("opened"))
    await db().$executeRaw`UPDATE inspection SET opened_at = now() - ${back}::interval WHERE id = ${inspectionId}::uuid`;
  if (what.includes("parts"))
    await db()
      .$executeRaw`UPDATE recording_part SET received_at = now() - ${back}::interval WHERE inspection_id = ${inspectionId}::uuid`;
  if (what.includes("taps"))
    await db()
      .$executeRaw`UPDATE checklist_tap SET received_at = now() - ${back}::interval WHERE inspection_id = ${inspectionId}::uuid`;
}

const storedParts = (inspectionId: string) => localDriverOfApp().listParts(recordingKeys.upload(inspectionId));

describe("abandoned walkthroughs", () => {
  it("end failed (abandoned) 14 days after their last part or tap, parts deleted and inspection.failed recorded; nothing else is touched", async () => {
    const abandoned = await openWalk();
    const manifest = await uploadRuns(abandoned.rec, [webmHead], { partSize: 2000 });
    await abandoned.rec.taps([{ seq: 1, item_id: abandoned.itemId, action: "check", run_seconds: 1 }]);
    await age(abandoned.inspectionId, 15);
    expect((await storedParts(abandoned.inspectionId)).length).toBe(manifest.length);

    // Opened long ago, but a part came in yesterday: still being recorded.
    const active = await openWalk();
    const activeManifest = await uploadRuns(active.rec, [webmHead], { partSize: 2000 });
    await age(active.inspectionId, 15, ["opened"]);
    await age(active.inspectionId, 1, ["parts"]);
    // A tap 13 days ago and nothing since: not yet.
    const quiet = await openWalk();
    await quiet.rec.taps([{ seq: 1, item_id: quiet.itemId, action: "check", run_seconds: 1 }]);
    await age(quiet.inspectionId, 20, ["opened"]);
    await age(quiet.inspectionId, 13, ["taps"]);
    // Done was tapped: it is the seal's, however old.
    const finished = await openWalk();
    const finishedManifest = await uploadRuns(finished.rec, [webmHead], { partSize: 2000 });
    expect((await finished.rec.finish({ parts: finishedManifest, events_seq: 0 })).status).toBe(202);
    await age(finished.inspectionId, 30);

    expect(await expireAbandonedRecordings()).toBe(1);

    const ended = await db().inspection.findUniqueOrThrow({ where: { id: abandoned.inspectionId } });
    expect({ status: ended.status, reason: ended.failureReason, failed: ended.failedAt !== null }).toEqual({
      status: "failed",
      reason: "abandoned",
      failed: true,
    });
    const events = await db().webhookEvent.findMany({
      where: { inspectionId: abandoned.inspectionId },
      select: { eventType: true },
    });
    expect(events.map((event) => event.eventType)).toEqual(["inspection.failed"]);
    expect(await storedParts(abandoned.inspectionId)).toEqual([]);
    expect((await abandoned.rec.state()).body).toEqual({ state: "failed", inspection_id: abandoned.inspectionId });
    // The phone coming back later: no part, tap or Done is taken any more.
    expectError(await abandoned.rec.putPart(manifest.length + 1, webmHead), 409, "recording_closed");
    expectError(
      await abandoned.rec.taps([{ seq: 2, item_id: abandoned.itemId, action: "uncheck", run_seconds: 2 }]),
      409,
      "recording_closed",
    );
    expectError(await abandoned.rec.finish({ parts: manifest, events_seq: 1 }), 409, "recording_closed");

    for (const other of [active, quiet]) {
      expect((await db().inspection.findUniqueOrThrow({ where: { id: other.inspectionId } })).status).toBe("recording");
    }
    expect((await storedParts(active.inspectionId)).length).toBe(activeManifest.length);
    const stillFinished = await db().inspection.findUniqueOrThrow({ where: { id: finished.inspectionId } });
    expect(stillFinished.failureReason).not.toBe("abandoned");

    // Once is enough: a second sweep finds nothing.
    expect(await expireAbandonedRecordings()).toBe(0);
  });
});
