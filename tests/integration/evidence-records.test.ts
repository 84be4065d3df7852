import { createHash, createPublicKey, generateKeyPairSync, verify as verifySignature, type JsonWebKey } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { randomUUID } from "node:crypto";
import { calculateJwkThumbprint } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import type { RecordingRecord } from "../../lib/evidence/recording-record";
import type { ReportRecord } from "../../lib/evidence/report-record";
import { recordingKeys } from "../../lib/recording/recorder-state";
import { call, expectError } from "../support/api";
import { appUnderTest } from "../support/app-under-test";
import { runAdmin, runAdminJson } from "../support/cli";
import { downloadPacket, flipByte, packetEntries, packetWithout, tamperedPacket } from "../support/evidence-packet";
import { localDriverOfApp } from "../support/media";
import { readPdfText } from "../support/pdf-text";
import { until } from "../support/until";
import { makeTestVideo } from "../support/video-fixtures";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, uploadRuns, waitUntilSealed } from "../fixtures/recorder";
import { item } from "../fixtures/roster";

/*
 * Issue 27's signed evidence, end to end on the app under test: walkthroughs uploaded over HTTP
 * and sealed by the app's own worker (real ffmpeg), their records checked with Node's crypto
 * against /.well-known/jwks.json, the home chain, the stays, the release's record, the packet
 * streamed and checked by `evidence verify`, and what a changed byte does to that check.
 */

const run = promisify(execFile);
let partner: TestPartner;
let workspaceId: string;
let dir: string;
let video: Buffer;
const items = ["Beds made", "Floors mopped"];
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-evidence-"));
  partner = await createTestPartner("Evidence Co");
  workspaceId = await readyWorkspace(partner.apiKey, "evidence", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status, put.text).toBe(200);
  video = await makeTestVideo(dir, "walk.webm", { format: "webm-vp8-stream", seconds: 3 });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const evidence = (inspectionId: string) =>
  call("GET", `/v1/inspections/${inspectionId}/evidence`, { key: partner.apiKey, query: { workspace_id: workspaceId } });

/** One walkthrough recorded, tapped and finished over HTTP; answers once the app's worker sealed it. */
async function sealedWalk(options: { beforeFinish?: (inspectionId: string) => Promise<void> } = {}) {
  const taskId = `task-${randomUUID()}`;
  const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
  const rec = recorder(link.recording_url);
  const opened = await rec.open();
  expect(opened.status, opened.text).toBe(200);
  const inspectionId = opened.body.inspection_id as string;
  const ids = (opened.body.checklist as { items: { id: string }[] }[])[0]!.items.map((entry) => entry.id);
  const manifest = await uploadRuns(rec, [video], { partSize: 48 * 1024 });
  await rec.taps([{ seq: 1, item_id: ids[0]!, action: "check", run: 0, run_seconds: 1.2 }]);
  await options.beforeFinish?.(inspectionId);
  const done = await rec.finish({ parts: manifest, events_seq: 1, finish_anyway: [ids[1]!] });
  expect(done.status, done.text).toBe(202);
  expect((await waitUntilSealed(rec)).state).toBe("sealed");
  return { inspectionId, taskId, manifest, ids };
}

function decode<T = RecordingRecord>(jws: string) {
  const [header, payload, signature] = jws.split(".") as [string, string, string];
  return {
    header: JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg: string; kid: string; typ: string },
    payload: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as T,
    signingInput: Buffer.from(`${header}.${payload}`, "ascii"),
    signature: Buffer.from(signature, "base64url"),
  };
}

describe("evidence records", () => {
  let first: { inspectionId: string; taskId: string; jws: string; manifest: { part_number: number; sha256: string }[] };

  it("signs the recording record at the seal; it verifies with Node's crypto against the published keys", async () => {
    const walk = await sealedWalk();
    const answer = await evidence(walk.inspectionId);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.report_record).toBeUndefined();
    const jws = answer.body.recording_record as string;
    first = { inspectionId: walk.inspectionId, taskId: walk.taskId, jws, manifest: walk.manifest };
    // On the app's own address (APP_URL).
    expect(new URL(answer.body.jwks_url as string).pathname).toBe("/.well-known/jwks.json");

    const jwksResponse = await fetch(answer.body.jwks_url as string);
    expect(jwksResponse.headers.get("content-type")).toBe("application/jwk-set+json");
    const jwks = (await jwksResponse.json()) as { keys: (JsonWebKey & { kid: string })[] };
    const record = decode(jws);
    expect(record.header).toMatchObject({ alg: "EdDSA", typ: "walkthrough-evidence+json" });
    const jwk = jwks.keys.find((key) => key.kid === record.header.kid)!;
    expect(jwk).toMatchObject({ kty: "OKP", crv: "Ed25519" });
    expect(await calculateJwkThumbprint({ kty: jwk.kty!, crv: jwk.crv!, x: jwk.x! })).toBe(record.header.kid);
    const publicKey = createPublicKey({ key: jwk, format: "jwk" });
    expect(verifySignature(null, record.signingInput, publicKey, record.signature)).toBe(true);

    const payload = record.payload;
    expect(payload).toMatchObject({
      record: "recording",
      inspection_id: walk.inspectionId,
      workspace_id: workspaceId,
      external_property_id: "home-1",
      capture: "live_camera",
    });
    expect(payload.home_chain).toBeUndefined();
    expect(payload.stay).toBeUndefined();
    // The parts as the phone sent them, each with the server's time of arrival.
    expect(payload.parts.map((part) => ({ part_number: part.index, sha256: part.sha256 }))).toEqual(walk.manifest);
    for (const part of payload.parts)
      expect(Date.parse(part.received_at)).toBeLessThanOrEqual(Date.parse(payload.done_received_at));
    expect(Date.parse(payload.sealed_at)).toBeGreaterThanOrEqual(Date.parse(payload.done_received_at));
    expect(payload.user_agent).toEqual(expect.any(String));
    expect(payload.video.derivation).toEqual({ method: "transcode", tool: expect.stringMatching(/^ffmpeg version /) });
    expect(payload.stills).toHaveLength(1);
    expect(payload.stills[0]).toMatchObject({ checklist_item_id: walk.ids[0], timestamp_seconds: expect.closeTo(1.2, 1) });

    // The parts, kept untouched as one original per run, and no part object left (the seal deletes them).
    const media = localDriverOfApp();
    expect(await media.listParts(recordingKeys.upload(walk.inspectionId))).toEqual([]);
    const original = await media.get(recordingKeys.original(walk.inspectionId, 0));
    const chunks: Buffer[] = [];
    for await (const chunk of original!.body) chunks.push(chunk as Buffer);
    const originalBytes = Buffer.concat(chunks);
    expect(originalBytes.equals(video)).toBe(true);
    expect(originalBytes.length).toBe(payload.parts.reduce((sum, part) => sum + part.size_bytes, 0));
    expect(await db().inspectionVideo.findUniqueOrThrow({ where: { inspectionId: walk.inspectionId } })).toMatchObject({
      originalsKept: true,
    });

    // The bytes the video endpoint serves are the ones the record names.
    const link = await call("GET", `/v1/inspections/${walk.inspectionId}/video`, {
      key: partner.apiKey,
      query: { workspace_id: workspaceId },
    });
    const bytes = Buffer.from(await (await fetch(link.body.download_url as string)).arrayBuffer());
    expect(sha256(bytes)).toBe(payload.video.sha256);
    expect(bytes.length).toBe(payload.video.size_bytes);
  });

  it("chains a home's second walkthrough to the first and names the stays around it; 409 before the seal", async () => {
    const property = await db().property.findFirstOrThrow({
      where: { externalId: "home-1", workspace: { externalId: workspaceId, partnerId: partner.partnerId } },
    });
    // The home's stays as the iCal connector keeps them (one cancelled, which is no stay).
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const days = (n: number) => new Date(today.getTime() + n * 86_400_000);
    await db().reservationCalendar.create({
      data: { propertyId: property.id, urlEncrypted: "test", urlHint: "https://calendar.test" },
    });
    const stays = await Promise.all(
      [
        { uid: "before", checkIn: days(-5), checkOut: days(0) },
        { uid: "older", checkIn: days(-9), checkOut: days(-6) },
        { uid: "cancelled", checkIn: days(0), checkOut: days(1), status: "cancelled" as const },
        { uid: "after", checkIn: days(2), checkOut: days(4) },
      ].map((stay) => db().reservation.create({ data: { workspaceId: property.workspaceId, propertyId: property.id, ...stay } })),
    );

    const second = await sealedWalk({
      beforeFinish: async (inspectionId) => {
        expectError(await evidence(inspectionId), 409, "video_not_ready");
      },
    });
    const payload = decode((await evidence(second.inspectionId)).body.recording_record as string).payload;
    expect(payload.home_chain).toEqual({ previous_inspection_id: first.inspectionId, previous_record_sha256: sha256(first.jws) });
    expect(payload.stay).toEqual({
      previous: {
        reservation_id: stays[0]!.id,
        check_in: days(-5).toISOString().slice(0, 10),
        check_out: days(0).toISOString().slice(0, 10),
      },
      next: {
        reservation_id: stays[3]!.id,
        check_in: days(2).toISOString().slice(0, 10),
        check_out: days(4).toISOString().slice(0, 10),
      },
    });
    expectError(await evidence(randomUUID()), 404, "not_found");

    // The same video handed in again: flagged in the record and on the status read; the first is not.
    expect(payload.reuse).toEqual([{ kind: "video", inspection_id: first.inspectionId, similarity: expect.any(Number) }]);
    expect(payload.reuse![0]!.similarity).toBeGreaterThanOrEqual(0.8);
    const status = (taskId: string) =>
      call("GET", "/v1/inspections", { key: partner.apiKey, query: { workspace_id: workspaceId, task_id: taskId } });
    expect((await status(second.taskId)).body.evidence).toEqual({ reuse_suspected: true });
    expect((await status(first.taskId)).body.evidence).toEqual({ reuse_suspected: false });
  });

  it("signs the report record at release, naming the recording record and each finding's source and pictures", async () => {
    const { inspectionId } = first;
    const env = { DATA_DIR: appUnderTest().dataDir, APP_URL: appUnderTest().baseUrl };
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
      env,
    );
    const pending = await db().inspectionItem.findMany({ where: { inspectionId, state: "pending" } });
    for (const line of pending) {
      await runAdminJson(["review", "decide", "--inspection", inspectionId, "--item", line.itemId, "--state", "verified"], env);
    }
    const released = await runAdmin(["review", "release", "--inspection", inspectionId], env);
    expect(released.code, released.stderr).toBe(0);
    const answer = await evidence(inspectionId);
    expect(answer.body.recording_record).toBe(first.jws);
    const report = decode<ReportRecord>(answer.body.report_record as string);
    const jwks = (await (await fetch(answer.body.jwks_url as string)).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const key = createPublicKey({ key: jwks.keys.find((entry) => entry.kid === report.header.kid)!, format: "jwk" });
    expect(verifySignature(null, report.signingInput, key, report.signature)).toBe(true);
    expect(report.payload).toMatchObject({
      record: "report",
      inspection_id: inspectionId,
      recording_record_sha256: sha256(first.jws),
    });
    expect(report.payload.checklist.map((line) => [line.name, line.state])).toEqual([
      [items[0], "verified"],
      [items[1], "missed"],
    ]);
    expect(report.payload.findings).toHaveLength(1);
    expect(report.payload.findings[0]).toMatchObject({
      description: "Scratch on the headboard",
      text_by: "staff",
      source: { kind: "staff" },
      after: [{ sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }],
    });
  });

  it("streams the packet; `evidence verify` holds on it and names what a changed byte breaks", async () => {
    const answer = await evidence(first.inspectionId);
    const packet = answer.body.packet as { download_url: string; expires_at: string };
    expect(Date.parse(packet.expires_at) - Date.now()).toBeGreaterThan(850_000);
    const file = path.join(dir, "packet.zip");
    await downloadPacket(packet.download_url, file);
    // A link changed in any way opens nothing.
    const forgedLink = new URL(packet.download_url);
    const signatureText = forgedLink.searchParams.get("signature")!;
    forgedLink.searchParams.set("signature", `${signatureText[0] === "A" ? "B" : "A"}${signatureText.slice(1)}`);
    expect((await fetch(forgedLink)).status).toBe(403);

    const previous = path.join(dir, "first.jws");
    await writeFile(previous, first.jws);
    const env = { APP_URL: appUnderTest().baseUrl };
    const good = await runAdmin(["evidence", "verify", file, "--json"], env);
    expect(good.code, good.stdout + good.stderr).toBe(0);
    const result = JSON.parse(good.stdout) as { ok: boolean; checks: { subject: string; ok: boolean }[] };
    expect(result.ok).toBe(true);
    expect(result.checks.map((check) => check.subject)).toEqual(
      expect.arrayContaining(["recording record signature", "report record signature", "video/walkthrough.mp4"]),
    );
    // The seal's still, and the analysis's pick of the item's picture the report shows.
    expect(result.checks.filter((check) => check.subject.startsWith("stills/")).length).toBeGreaterThanOrEqual(1);
    expect(result.checks.filter((check) => check.subject.startsWith("findings/after/"))).toHaveLength(1);
    const inside = await packetEntries(file);
    // The record's file is exactly the compact JWS: `openssl dgst -sha256` on it prints what the chain and the report name.
    expect(sha256(inside.get("recording-record.jws")!)).toBe(sha256(first.jws));
    expect(inside.get("VERIFY.txt")!.toString("utf8")).toContain("openssl pkeyutl -verify -pubin -inkey public-key.pem -rawin");
    expect(inside.get("public-key.pem")!.toString("utf8")).toContain("BEGIN PUBLIC KEY");
    // VERIFY.txt's own commands, run as written on the unpacked packet, with openssl alone.
    const unpacked = path.join(dir, "unpacked");
    for (const [name, bytes] of inside) {
      await mkdir(path.dirname(path.join(unpacked, name)), { recursive: true });
      await writeFile(path.join(unpacked, name), bytes);
    }
    const verifyText = inside.get("VERIFY.txt")!.toString("utf8");
    const step3 = verifyText.slice(verifyText.indexOf("  f=recording-record.jws"), verifyText.indexOf('must print "Signature'));
    const signature = await run("bash", ["-c", step3], { cwd: unpacked });
    expect(signature.stdout).toContain("Signature Verified Successfully");
    const digest = await run("openssl", ["dgst", "-sha256", "video/walkthrough.mp4"], { cwd: unpacked });
    expect(digest.stdout).toContain(decode(first.jws).payload.video.sha256);
    expect([...inside.keys()].filter((name) => name.startsWith("findings/after/"))).toHaveLength(1);

    // The uploaded parts, one file each, cut from the run's original: they hash to what the phone sent.
    const record = decode(first.jws).payload;
    const partNames = [...inside.keys()].filter((name) => name.startsWith("parts/")).sort();
    expect(record.parts.length).toBeGreaterThan(1);
    expect(partNames).toEqual(record.parts.map((part) => `parts/run-0/${String(part.index).padStart(5, "0")}.part`));
    expect(partNames.map((name) => sha256(inside.get(name)!))).toEqual(first.manifest.map((part) => part.sha256));
    expect(Buffer.concat(partNames.map((name) => inside.get(name)!)).equals(video)).toBe(true);
    expect(result.checks.filter((check) => check.subject.startsWith("parts/") && check.ok)).toHaveLength(partNames.length);
    // VERIFY.txt's own commands for them: openssl's hashes and the record's list agree.
    const step5 = verifyText.slice(verifyText.indexOf("5. THE UPLOADED PARTS"), verifyText.indexOf("Or, with the service"));
    const b64url = step3.split("\n").find((line) => line.trim().startsWith("b64url()"))!;
    const hashes = await run("bash", ["-c", step5.split("\n").find((line) => line.trim().startsWith("for f in parts/"))!], {
      cwd: unpacked,
    });
    const listed = await run(
      "bash",
      ["-c", `${b64url}\n${step5.split("\n").find((line) => line.trim().startsWith("cut -d. -f2 recording-record.jws"))!}`],
      { cwd: unpacked },
    );
    expect(
      hashes.stdout
        .trim()
        .split("\n")
        .map((line) => line.split("= ")[1]),
    ).toEqual(
      listed.stdout
        .trim()
        .split("\n")
        .map((line) => /"sha256":"([0-9a-f]{64})"/.exec(line)![1]),
    );
    // The report PDF, once released: the report page's document, for reading.
    const pdf = await readPdfText(inside.get("report.pdf")!);
    expect(pdf.all).toContain("Scratch on the headboard");
    expect(verifyText).toContain("It is not signed; the signed report record is the evidence.");

    const partChanged = path.join(dir, "part-changed.zip");
    await tamperedPacket(file, partChanged, partNames[1]!, flipByte(-10));
    const badPart = await runAdmin(["evidence", "verify", partChanged], env);
    expect(badPart.code).toBe(1);
    expect(badPart.stdout).toContain(`FAILS  ${partNames[1]}: SHA-256 `);
    expect(badPart.stdout).toMatch(new RegExp(`1 of \\d+ checks fail: ${partNames[1]!.replaceAll(".", "\\.")}\\.`));

    const videoChanged = path.join(dir, "video-changed.zip");
    await tamperedPacket(file, videoChanged, "video/walkthrough.mp4", flipByte(-10));
    const bad = await runAdmin(["evidence", "verify", videoChanged], env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/FAILS +video\/walkthrough\.mp4/);
    expect(bad.stdout).toMatch(/1 of \d+ checks fail: video\/walkthrough\.mp4\./);

    const recordChanged = path.join(dir, "record-changed.zip");
    await tamperedPacket(file, recordChanged, "recording-record.jws", (bytes) => {
      const copy = Buffer.from(bytes);
      copy[40] = copy[40] === 0x41 ? 0x42 : 0x41;
      return copy;
    });
    const forged = await runAdmin(["evidence", "verify", recordChanged], env);
    expect(forged.code).toBe(1);
    expect(forged.stdout).toMatch(/FAILS +recording record signature/);
    // The report record no longer names it either.
    expect(forged.stdout).toMatch(/FAILS +report record names the recording record/);
  });

  it("keeps serving a rotated key: a record signed before the rotation and one after both verify", async () => {
    const second = await db().evidenceRecord.findFirstOrThrow({
      where: {
        kind: "recording",
        inspectionId: { not: first.inspectionId },
        propertyId: (
          await db().evidenceRecord.findFirstOrThrow({ where: { inspectionId: first.inspectionId, kind: "recording" } })
        ).propertyId,
      },
    });
    const rotated = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const env = { DATA_DIR: appUnderTest().dataDir, APP_URL: appUnderTest().baseUrl, EVIDENCE_SIGNING_KEY: rotated };
    // The analysis done first (it waits for staff on the pending item), so the release is this process's, with the new key.
    await until(
      "the second walkthrough's analysis",
      async () => (await db().inspection.findUniqueOrThrow({ where: { id: second.inspectionId } })).analyzedAt ?? undefined,
      60_000,
    );
    const pending = await db().inspectionItem.findMany({ where: { inspectionId: second.inspectionId, state: "pending" } });
    for (const line of pending) {
      await runAdminJson(
        ["review", "decide", "--inspection", second.inspectionId, "--item", line.itemId, "--state", "verified"],
        env,
      );
    }
    expect((await runAdmin(["review", "release", "--inspection", second.inspectionId], env)).code).toBe(0);
    const answer = await evidence(second.inspectionId);
    const before = decode(answer.body.recording_record as string).header.kid;
    const after = decode(answer.body.report_record as string).header.kid;
    expect(after).not.toBe(before);
    const jwks = (await (await fetch(answer.body.jwks_url as string)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([before, after]));
    const file = path.join(dir, "rotated.zip");
    await downloadPacket((answer.body.packet as { download_url: string }).download_url, file);
    const checked = await runAdmin(["evidence", "verify", file, "--json"], { APP_URL: appUnderTest().baseUrl });
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    const checks = (JSON.parse(checked.stdout) as { checks: { subject: string; ok: boolean; detail: string }[] }).checks;
    expect(checks.find((check) => check.subject === "report record signature")?.detail).toBe(`signed by key ${after}`);
  });

  it("checks the chain link against the previous record given", async () => {
    const second = await db().evidenceRecord.findFirstOrThrow({
      where: {
        kind: "recording",
        inspectionId: { not: first.inspectionId },
        propertyId: (
          await db().evidenceRecord.findFirstOrThrow({ where: { inspectionId: first.inspectionId, kind: "recording" } })
        ).propertyId,
      },
    });
    const answer = await evidence(second.inspectionId);
    const file = path.join(dir, "second.zip");
    await downloadPacket((answer.body.packet as { download_url: string }).download_url, file);
    const previous = path.join(dir, "first.jws");
    await writeFile(previous, first.jws);
    const env = { APP_URL: appUnderTest().baseUrl };
    // The packet carries the previous record itself: the link holds from the packet alone.
    const inside = await packetEntries(file);
    expect(inside.get("previous-recording-record.jws")!.toString("utf8")).toBe(first.jws);
    expect(inside.get("VERIFY.txt")!.toString("utf8")).toContain("openssl dgst -sha256 previous-recording-record.jws");
    const alone = await runAdmin(["evidence", "verify", file], env);
    expect(alone.code, alone.stdout + alone.stderr).toBe(0);
    expect(alone.stdout).toMatch(
      /holds +home chain link: linked to the home's previous walkthrough of \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    const previousChanged = path.join(dir, "previous-changed.zip");
    await tamperedPacket(file, previousChanged, "previous-recording-record.jws", flipByte(-10));
    const unlinked = await runAdmin(["evidence", "verify", previousChanged], env);
    expect(unlinked.code).toBe(1);
    expect(unlinked.stdout).toMatch(/FAILS +home chain link: the record follows walkthrough/);
    expect(unlinked.stdout).toMatch(/1 of \d+ checks fail: home chain link\./);

    const linked = await runAdmin(["evidence", "verify", file, "--previous", previous], env);
    expect(linked.code, linked.stdout + linked.stderr).toBe(0);
    expect(linked.stdout).toMatch(/holds +home chain link/);
    await writeFile(previous, flipByte(-10)(Buffer.from(first.jws)).toString("utf8"));
    const broken = await runAdmin(["evidence", "verify", file, "--previous", previous], env);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/FAILS +home chain link/);
  });

  it("says a walkthrough sealed before the parts were kept has none, and verify holds on it", async () => {
    // As one sealed before this change: no originals stored, the row saying so.
    await db().inspectionVideo.update({ where: { inspectionId: first.inspectionId }, data: { originalsKept: false } });
    await localDriverOfApp().deletePrefix(recordingKeys.originals(first.inspectionId));
    const file = path.join(dir, "not-kept.zip");
    await downloadPacket(((await evidence(first.inspectionId)).body.packet as { download_url: string }).download_url, file);
    const inside = await packetEntries(file);
    expect([...inside.keys()].filter((name) => name.startsWith("parts/"))).toEqual([]);
    expect(inside.get("PARTS-NOT-KEPT.txt")!.toString("utf8")).toContain("were signed at the seal");
    expect(inside.get("VERIFY.txt")!.toString("utf8")).toContain("sealed before the service kept the uploaded parts");
    const checked = await runAdmin(["evidence", "verify", file, "--json"], { APP_URL: appUnderTest().baseUrl });
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    const checks = (JSON.parse(checked.stdout) as { checks: { subject: string; ok: boolean; detail: string }[] }).checks;
    expect(checks.find((check) => check.subject === "uploaded parts")).toMatchObject({
      ok: true,
      detail: expect.stringContaining("not kept"),
    });
    // Without the note, a packet missing its parts fails.
    const stripped = path.join(dir, "stripped.zip");
    await packetWithout(file, stripped, "PARTS-NOT-KEPT.txt");
    const missing = await runAdmin(["evidence", "verify", stripped], { APP_URL: appUnderTest().baseUrl });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/FAILS +uploaded parts: the record names \d+ part\(s\); the packet holds none/);
  });
});
