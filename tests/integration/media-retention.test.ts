import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "../../lib/config";
import { db } from "../../lib/db/client";
import { runMediaRetention } from "../../lib/jobs/definitions/delete-expired-media";
import { recordingKeys } from "../../lib/recording/recorder-state";
import { call, expectError } from "../support/api";
import { appUnderTest } from "../support/app-under-test";
import { runAdmin, runAdminJson } from "../support/cli";
import { localDriverOfApp } from "../support/media";
import { makeTestVideo } from "../support/video-fixtures";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, uploadRuns, waitUntilSealed } from "../fixtures/recorder";
import { item } from "../fixtures/roster";

/*
 * The retention policy on the app under test: real walkthroughs uploaded over HTTP and sealed by
 * its worker (real ffmpeg), released through the staff CLI, then made old by moving `sealed_at`
 * back. The sweep (the daily job's run) deletes the video, the parts and every still from the
 * app's media folder; the findings' text, the signed records and the report stay; the video read
 * answers 404 video_not_available; the packet says the media was deleted and `evidence verify`
 * still holds on its signatures; each deletion is audited once. A partner's own retention, set
 * with `partner retention`, applies to its walkthroughs alone.
 */

let dir: string;
let video: Buffer;
let keep: Party;
let short: Party;
const env = () => ({ DATA_DIR: appUnderTest().dataDir, APP_URL: appUnderTest().baseUrl });

interface Party {
  partner: TestPartner;
  workspaceId: string;
}

async function party(name: string): Promise<Party> {
  const partner = await createTestPartner(name);
  const workspaceId = await readyWorkspace(partner.apiKey, "retention", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: [{ name: "Beds made" }, { name: "Floors mopped" }] },
  });
  expect(put.status, put.text).toBe(200);
  return { partner, workspaceId };
}

beforeAll(async () => {
  // The sweep deletes through this process's media storage: the app's folder.
  process.env.DATA_DIR = appUnderTest().dataDir;
  reloadConfig();
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-retention-"));
  video = await makeTestVideo(dir, "walk.webm", { format: "webm-vp8-stream", seconds: 3 });
  keep = await party("Keep Co");
  short = await party("Short Co");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Recorded, tapped, finished over HTTP and sealed by the app's worker; then released by staff with one finding. */
async function releasedWalk(who: Party, options: { release?: boolean } = {}) {
  const link = await issueLink(who.partner.apiKey, {
    workspace_id: who.workspaceId,
    task_id: `task-${randomUUID()}`,
    property_id: "home-1",
  });
  const rec = recorder(link.recording_url);
  const opened = await rec.open();
  expect(opened.status, opened.text).toBe(200);
  const inspectionId = opened.body.inspection_id as string;
  const ids = (opened.body.checklist as { items: { id: string }[] }[])[0]!.items.map((entry) => entry.id);
  const manifest = await uploadRuns(rec, [video], { partSize: 48 * 1024 });
  await rec.taps([{ seq: 1, item_id: ids[0]!, action: "check", run: 0, run_seconds: 1.2 }]);
  const done = await rec.finish({ parts: manifest, events_seq: 1, finish_anyway: [ids[1]!] });
  expect(done.status, done.text).toBe(202);
  expect((await waitUntilSealed(rec)).state).toBe("sealed");
  if (options.release !== false) await release(inspectionId);
  return inspectionId;
}

async function release(inspectionId: string) {
  await runAdminJson(
    [
      "review",
      "finding",
      "add",
      "--inspection",
      inspectionId,
      "--room",
      "Bedroom",
      "--severity",
      "MINOR",
      "--category",
      "damage",
      "--description",
      "Scratch on the headboard",
      "--at",
      "1",
    ],
    env(),
  );
  for (const line of await db().inspectionItem.findMany({ where: { inspectionId, state: "pending" } })) {
    await runAdminJson(["review", "decide", "--inspection", inspectionId, "--item", line.itemId, "--state", "verified"], env());
  }
  const released = await runAdmin(["review", "release", "--inspection", inspectionId], env());
  expect(released.code, released.stderr).toBe(0);
}

const sealedDaysAgo = (inspectionId: string, days: number) =>
  db()
    .$executeRaw`UPDATE inspection SET sealed_at = now() - make_interval(days => ${days}::int) WHERE id = ${inspectionId}::uuid`;

/** Every media key the walkthrough's rows name, or may have (a seal still per item), read before the sweep. */
async function mediaKeysOf(inspectionId: string): Promise<string[]> {
  const [videoRow, items, findings, taps] = await Promise.all([
    db().inspectionVideo.findUniqueOrThrow({ where: { inspectionId } }),
    db().inspectionItem.findMany({ where: { inspectionId } }),
    db().finding.findMany({ where: { inspectionId } }),
    db().checklistTap.findMany({ where: { inspectionId } }),
  ]);
  const runs = await db().recordingPart.findMany({ where: { inspectionId }, distinct: ["run"], select: { run: true } });
  return [
    videoRow.mediaKey,
    // Each run's parts, kept untouched for the evidence packet.
    ...runs.map((part) => recordingKeys.original(inspectionId, part.run)),
    ...items.flatMap((line) => [recordingKeys.still(inspectionId, line.position), ...(line.stillKey ? [line.stillKey] : [])]),
    ...findings.flatMap((finding) => finding.afterKeys),
    ...taps.flatMap((tap) => (tap.liveStillKey ? [tap.liveStillKey] : [])),
  ];
}

async function stored(keys: string[]): Promise<string[]> {
  const driver = localDriverOfApp();
  const found: string[] = [];
  for (const key of keys) if (await driver.head(key)) found.push(key);
  return found;
}

const read = (who: Party, what: string, inspectionId: string) =>
  call("GET", `/v1/inspections/${inspectionId}${what}`, { key: who.partner.apiKey, query: { workspace_id: who.workspaceId } });

const auditsOf = (inspectionId: string) =>
  db().auditEntry.findMany({ where: { action: "inspection.media_deleted", objectId: inspectionId } });

describe("media retention", () => {
  let kept: string;
  let shortened: string;
  let keptKeys: string[];

  it("keeps a partner's media for its own retention, set and audited by `partner retention`", async () => {
    const refused = await runAdmin(["partner", "retention", "--partner", short.partner.partnerId, "--days", "0"], env());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--days must be a whole number of days");
    const set = await runAdminJson(["partner", "retention", "--partner", short.partner.partnerId, "--days", "30"], env());
    expect(set).toMatchObject({ recording_retention_days: 30, effective_days: 30 });
    const audit = await db().auditEntry.findFirstOrThrow({
      where: { action: "partner.set_recording_retention", partnerId: short.partner.partnerId },
    });
    expect(audit).toMatchObject({ actor: "staff CLI", detail: { from: null, to: 30 } });

    [kept, shortened] = await Promise.all([releasedWalk(keep), releasedWalk(short)]);
    // What each has stored: the video, the seal's still of the checked item, its picture, the finding's frame.
    keptKeys = await stored(await mediaKeysOf(kept));
    const shortKeys = await stored(await mediaKeysOf(shortened));
    for (const keys of [keptKeys, shortKeys]) {
      expect(keys.filter((key) => key.endsWith("walkthrough.mp4"))).toHaveLength(1);
      expect(keys.filter((key) => key.includes("/originals/"))).toHaveLength(1);
      expect(keys.filter((key) => key.startsWith("stills/")).length).toBeGreaterThanOrEqual(1);
      expect(keys.filter((key) => key.startsWith("findings/"))).toHaveLength(1);
    }
    // Both sealed 31 days ago: past Short Co's 30 days, inside the default 400.
    await sealedDaysAgo(kept, 31);
    await sealedDaysAgo(shortened, 31);
    expect(await runMediaRetention()).toBeGreaterThanOrEqual(1);
    expect(await stored(shortKeys)).toEqual([]);
    expect(await stored(keptKeys)).toEqual(keptKeys);
    expect((await db().inspection.findUniqueOrThrow({ where: { id: kept } })).mediaDeletedAt).toBeNull();
    expect(await auditsOf(shortened)).toHaveLength(1);
    expect(await auditsOf(kept)).toHaveLength(0);
  });

  it("deletes the default partner's media past 400 days and keeps the findings' text, the records and the report", async () => {
    const before = (await read(keep, "/findings", kept)).body;
    const evidenceBefore = (await read(keep, "/evidence", kept)).body;
    await sealedDaysAgo(kept, 399);
    await runMediaRetention();
    expect(await stored(keptKeys)).toEqual(keptKeys);

    await sealedDaysAgo(kept, 401);
    await runMediaRetention();
    expect(await stored(keptKeys)).toEqual([]);
    const row = await db().inspection.findUniqueOrThrow({ where: { id: kept } });
    expect(row.mediaDeletedAt).toBeInstanceOf(Date);
    expect(row.status).toBe("completed");

    // Each deletion audited once, as a sentence, by the retention policy; a second sweep does nothing.
    const audits = await auditsOf(kept);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: "retention policy", partnerId: keep.partner.partnerId, detail: { days: 400 } });
    await runMediaRetention();
    expect(await auditsOf(kept)).toHaveLength(1);

    // The video read answers as for a video that is not available; the findings keep their text.
    expect(expectError(await read(keep, "/video", kept), 404, "video_not_available").message).toContain("retention");
    const after = await read(keep, "/findings", kept);
    expect(after.status, after.text).toBe(200);
    const findingsBefore = before.findings as { id: string; description: string }[];
    const findingsAfter = after.body.findings as { id: string; description: string; evidence: unknown }[];
    expect(findingsAfter.map((finding) => [finding.id, finding.description])).toEqual(
      findingsBefore.map((finding) => [finding.id, finding.description]),
    );
    expect(findingsBefore.length).toBeGreaterThanOrEqual(1);
    for (const finding of findingsAfter) expect(finding.evidence).toEqual({ before: [], after: [] });
    const checklist = after.body.checklist as { items: { name: string; state: string; image_url?: string }[] };
    expect(checklist.items.map((line) => line.name)).toEqual(["Beds made", "Floors mopped"]);
    expect(checklist.items.every((line) => line.image_url === undefined)).toBe(true);

    // The signed records are unchanged; the packet holds them, says the media was deleted, and still verifies.
    const evidenceAfter = await read(keep, "/evidence", kept);
    expect(evidenceAfter.status, evidenceAfter.text).toBe(200);
    expect(evidenceAfter.body.recording_record).toBe(evidenceBefore.recording_record);
    expect(evidenceAfter.body.report_record).toBe(evidenceBefore.report_record);
    const file = path.join(dir, "packet.zip");
    const response = await fetch((evidenceAfter.body.packet as { download_url: string }).download_url);
    expect(response.status).toBe(200);
    await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
    const zip = await yauzl.openPromise(file, { lazyEntries: true });
    const names: string[] = [];
    for await (const entry of zip.eachEntry()) names.push(entry.fileName);
    zip.close();
    expect(names).toContain("MEDIA-DELETED.txt");
    expect(names).toContain("recording-record.jws");
    expect(names).toContain("report-record.jws");
    expect(names.filter((name) => name.endsWith(".mp4") || name.endsWith(".jpg") || name.startsWith("parts/"))).toEqual([]);
    expect(names).not.toContain("PARTS-NOT-KEPT.txt");
    const verified = await runAdmin(["evidence", "verify", file, "--json"], { APP_URL: appUnderTest().baseUrl });
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    const checks = (JSON.parse(verified.stdout) as { checks: { subject: string; ok: boolean; detail: string }[] }).checks;
    expect(checks.find((check) => check.subject === "recording record signature")?.ok).toBe(true);
    expect(checks.find((check) => check.subject === "report record signature")?.ok).toBe(true);
    expect(checks.find((check) => check.subject === "video/walkthrough.mp4")?.detail).toContain("retention policy");
    expect(checks.find((check) => check.subject === "uploaded parts")).toMatchObject({
      ok: true,
      detail: expect.stringContaining("retention policy"),
    });
  });

  it("keeps the media of a walkthrough still waiting for review, past its retention", async () => {
    const waiting = await releasedWalk(short, { release: false });
    await sealedDaysAgo(waiting, 90);
    expect((await db().inspection.findUniqueOrThrow({ where: { id: waiting } })).status).toBe("processing");
    await runMediaRetention();
    expect((await db().inspection.findUniqueOrThrow({ where: { id: waiting } })).mediaDeletedAt).toBeNull();
    expect((await read(short, "/video", waiting)).status).toBe(200);
  });
});
