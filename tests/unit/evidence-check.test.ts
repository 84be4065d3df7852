import { createHash } from "node:crypto";
import { CompactSign, calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import { ZipFile } from "yazl";
import { beforeAll, describe, expect, it } from "vitest";
import { orderRecords } from "../../lib/evidence-check/chain-check";
import { checkPacket, checkVideoAndRecord } from "../../lib/evidence-check/check-evidence";
import type { Jwks } from "../../lib/evidence-check/record-signature";

/*
 * The /verify page's checks (lib/evidence-check) run on Node's own Web Crypto, Blob and streams,
 * which are the browser's APIs: a packet signed here with jose holds; a byte changed in the video,
 * a picture or a record, or a key nobody published, names the check that fails. The page itself
 * is checked in Chromium by tests/e2e/verify-page.test.ts.
 */

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const video = Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 7) % 251));
const still = Buffer.from("a still cut from the video");
// The phone's parts: two in the first run, one in the second (after a reload).
const parts = [
  { index: 1, run: 0, bytes: Buffer.from("first part of the first run") },
  { index: 2, run: 0, bytes: Buffer.from("second part of the first run") },
  { index: 3, run: 1, bytes: Buffer.from("the second run's only part") },
];
const partFiles = Object.fromEntries(
  parts.map((part) => [`parts/run-${part.run}/${String(part.index).padStart(5, "0")}.part`, part.bytes]),
);
let jwks: Jwks;
let previous: string;
let recording: string;
let report: string;
let sign: (payload: object) => Promise<string>;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  jwks = { keys: [{ kty: jwk.kty!, crv: jwk.crv, x: jwk.x, kid }] };
  sign = (payload) =>
    new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: "EdDSA", kid, typ: "walkthrough-evidence+json" })
      .sign(privateKey);
  previous = await sign({
    record: "recording",
    inspection_id: "4c1f0d1e-8d0b-4a43-9d0f-6b2b8a1c0000",
    first_part_received_at: "2026-11-20T10:15:00.000Z",
    video: { sha256: sha256("an earlier video"), size_bytes: 16 },
    stills: [],
  });
  recording = await sign({
    record: "recording",
    inspection_id: "4c1f0d1e-8d0b-4a43-9d0f-6b2b8a1c0001",
    video: { sha256: sha256(video), size_bytes: video.length },
    stills: [{ checklist_item_id: "beds", sha256: sha256(still) }],
    parts: parts.map((part) => ({
      index: part.index,
      run: part.run,
      sha256: sha256(part.bytes),
      size_bytes: part.bytes.length,
    })),
    home_chain: { previous_inspection_id: "4c1f0d1e-8d0b-4a43-9d0f-6b2b8a1c0000", previous_record_sha256: sha256(previous) },
  });
  report = await sign({ record: "report", recording_record_sha256: sha256(recording), checklist: [], findings: [] });
});

async function zip(files: Record<string, Buffer | string>): Promise<Blob> {
  const out = new ZipFile();
  for (const [name, bytes] of Object.entries(files)) out.addBuffer(Buffer.from(bytes), name, { compress: false });
  out.end();
  const chunks: Buffer[] = [];
  for await (const chunk of out.outputStream) chunks.push(chunk as Buffer);
  return new Blob([Buffer.concat(chunks)]);
}

const packetFiles = () => ({
  "recording-record.jws": recording,
  "report-record.jws": report,
  "video/walkthrough.mp4": Buffer.from(video),
  ...partFiles,
  [`stills/${sha256(still)}.jpg`]: still,
});

const failing = (checks: { subject: string; ok: boolean }[]) => checks.filter((check) => !check.ok).map((check) => check.subject);

describe("the /verify page's checks", () => {
  it("holds on a whole packet, reporting progress up to every byte", async () => {
    let last = 0;
    const checks = await checkPacket(await zip(packetFiles()), jwks, (done, total) => {
      expect(done).toBeLessThanOrEqual(total);
      last = done;
    });
    expect(checks.map((check) => check.subject)).toEqual([
      "The recording record's signature",
      "The video",
      "The uploaded parts",
      "The report record's signature",
      "The report names this recording",
      `Still from the video ${sha256(still).slice(0, 12)}…`,
    ]);
    expect(failing(checks)).toEqual([]);
    const partBytes = parts.reduce((sum, part) => sum + part.bytes.length, 0);
    expect(last).toBe(recording.length + report.length + video.length + partBytes + still.length);
  });

  it("names the check a changed byte breaks", async () => {
    const changedVideo = Buffer.from(video);
    changedVideo[1000] = changedVideo[1000]! ^ 1;
    expect(
      failing(await checkPacket(await zip({ ...packetFiles(), "video/walkthrough.mp4": changedVideo }), jwks, () => {})),
    ).toEqual(["The video"]);
    const changedStill = Buffer.from(still);
    changedStill[0] = changedStill[0]! ^ 1;
    expect(
      failing(await checkPacket(await zip({ ...packetFiles(), [`stills/${sha256(still)}.jpg`]: changedStill }), jwks, () => {})),
    ).toEqual([`Still from the video ${sha256(still).slice(0, 12)}…`]);
    // Another report record, properly signed, that names some other recording.
    const otherReport = await sign({ record: "report", recording_record_sha256: sha256("another record"), findings: [] });
    expect(failing(await checkPacket(await zip({ ...packetFiles(), "report-record.jws": otherReport }), jwks, () => {}))).toEqual(
      ["The report names this recording"],
    );
    // A payload character changed: the record still reads, its signature does not hold.
    const dot = recording.indexOf(".");
    const changedRecord = recording.slice(0, dot + 5) + (recording[dot + 5] === "A" ? "B" : "A") + recording.slice(dot + 6);
    const checks = await checkVideoAndRecord(new File([video], "walk.mp4"), changedRecord, jwks, () => {});
    expect(failing(checks)).toContain("The recording record's signature");
  });

  it("trusts only the published keys, and says what is missing", async () => {
    const stranger = { keys: [{ ...jwks.keys[0]!, kid: "someone-else" }] };
    const checks = await checkVideoAndRecord(new File([video], "walk.mp4"), recording, stranger, () => {});
    expect(checks[0]).toMatchObject({ ok: false, detail: expect.stringContaining("has not published") });
    const { "video/walkthrough.mp4": _video, ...withoutVideo } = packetFiles();
    expect(failing(await checkPacket(await zip(withoutVideo), jwks, () => {}))).toEqual(["The video"]);
    expect(await checkPacket(new Blob([Buffer.from("not a zip")]), jwks, () => {})).toMatchObject([
      { subject: "The packet", ok: false },
    ]);
  });

  it("checks every uploaded part's bytes, and holds on a packet sealed before the parts were kept", async () => {
    const changed = Buffer.from(parts[1]!.bytes);
    changed[3] = changed[3]! ^ 1;
    const checks = await checkPacket(await zip({ ...packetFiles(), "parts/run-0/00002.part": changed }), jwks, () => {});
    expect(checks.filter((check) => check.subject.includes("part")).map((check) => [check.subject, check.ok])).toEqual([
      ["Uploaded part 2", false],
      ["The other uploaded parts", true],
    ]);
    expect(checks.find((check) => check.subject === "Uploaded part 2")!.detail).toContain("parts/run-0/00002.part");
    const withoutThird = Object.fromEntries(Object.entries(packetFiles()).filter(([name]) => name !== "parts/run-1/00003.part"));
    expect(failing(await checkPacket(await zip(withoutThird), jwks, () => {}))).toEqual(["Uploaded part 3"]);

    const withoutParts = Object.fromEntries(Object.entries(packetFiles()).filter(([name]) => !name.startsWith("parts/")));
    expect(failing(await checkPacket(await zip(withoutParts), jwks, () => {}))).toEqual(["The uploaded parts"]);
    const notKept = await checkPacket(await zip({ ...withoutParts, "PARTS-NOT-KEPT.txt": "not kept" }), jwks, () => {});
    expect(failing(notKept)).toEqual([]);
    expect(notKept.find((check) => check.subject === "The uploaded parts")!.detail).toMatch(/before Walkthrough kept/);
  });

  it("checks the link to the home's previous walkthrough, in the packet or dropped beside it", async () => {
    const linked = await checkPacket(await zip({ ...packetFiles(), "previous-recording-record.jws": previous }), jwks, () => {});
    expect(failing(linked)).toEqual([]);
    // Beside the recording record's own lines, before the report's and the pictures.
    expect(linked.map((check) => check.subject).indexOf("The link to the home's previous walkthrough")).toBe(3);
    expect(linked.find((check) => check.subject.startsWith("The link"))).toMatchObject({
      subject: "The link to the home's previous walkthrough",
      ok: true,
      detail: expect.stringMatching(/^Linked to the home's previous walkthrough of .*20 Nov 2026/),
    });
    // Dropped beside the packet instead.
    expect(failing(await checkPacket(await zip(packetFiles()), jwks, () => {}, previous))).toEqual([]);

    // Another record, properly signed: not the one this record follows.
    const other = await sign({ record: "recording", inspection_id: "4c1f0d1e-8d0b-4a43-9d0f-6b2b8a1c0000", stills: [] });
    const broken = await checkPacket(await zip({ ...packetFiles(), "previous-recording-record.jws": other }), jwks, () => {});
    expect(failing(broken)).toEqual(["The link to the home's previous walkthrough"]);
    expect(broken.find((check) => check.subject.startsWith("The link"))!.detail).toContain(
      `this record names ${sha256(previous)}`,
    );
    // The record it names, signed by a key nobody published: the link matches, the signature does not hold.
    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const unpublished = await new CompactSign(new TextEncoder().encode(JSON.stringify({ inspection_id: "earlier" })))
      .setProtectedHeader({ alg: "EdDSA", kid: "nobody's" })
      .sign(privateKey);
    const follows = await sign({
      record: "recording",
      video: { sha256: sha256(video), size_bytes: video.length },
      home_chain: { previous_inspection_id: "earlier", previous_record_sha256: sha256(unpublished) },
    });
    const unsigned = await checkVideoAndRecord(new File([video], "walk.mp4"), follows, jwks, () => {}, unpublished);
    expect(unsigned.at(-1)).toMatchObject({ ok: false, detail: expect.stringContaining("its own signature does not hold") });

    // A video, its record and the previous one, dropped in any order.
    const dropped = (name: string, text: string) => ({ name, text });
    expect(orderRecords(dropped("a.jws", previous), dropped("b.jws", recording))).toEqual({ record: recording, previous });
    expect(orderRecords(dropped("a.jws", recording), dropped("b.jws", previous))).toEqual({ record: recording, previous });
    // A changed previous record no longer names the walkthrough: its file's name says which it is.
    expect(orderRecords(dropped("previous-recording-record.jws", other), dropped("x.jws", recording))).toEqual({
      record: recording,
      previous: other,
    });
    expect(orderRecords(dropped("a.jws", report), dropped("b.jws", report))).toBeUndefined();
    const droppedBeside = await checkVideoAndRecord(new File([video], "walk.mp4"), recording, jwks, () => {}, previous);
    expect(droppedBeside.map((check) => [check.subject, check.ok])).toEqual([
      ["The recording record's signature", true],
      ["The video", true],
      ["The link to the home's previous walkthrough", true],
    ]);
  });

  it("checks a video and its record dropped together", async () => {
    const checks = await checkVideoAndRecord(new File([video], "walk.mp4"), recording, jwks, () => {});
    expect(checks.map((check) => [check.subject, check.ok])).toEqual([
      ["The recording record's signature", true],
      ["The video", true],
    ]);
  });
});
