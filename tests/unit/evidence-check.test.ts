import { createHash } from "node:crypto";
import { CompactSign, calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import { ZipFile } from "yazl";
import { beforeAll, describe, expect, it } from "vitest";
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
let jwks: Jwks;
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
  recording = await sign({
    record: "recording",
    inspection_id: "4c1f0d1e-8d0b-4a43-9d0f-6b2b8a1c0001",
    video: { sha256: sha256(video), size_bytes: video.length },
    stills: [{ checklist_item_id: "beds", sha256: sha256(still) }],
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
      "The report record's signature",
      "The report names this recording",
      `Picture stills/${sha256(still).slice(0, 12)}…`,
    ]);
    expect(failing(checks)).toEqual([]);
    expect(last).toBe(recording.length + report.length + video.length + still.length);
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
    ).toEqual([`Picture stills/${sha256(still).slice(0, 12)}…`]);
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

  it("checks a video and its record dropped together", async () => {
    const checks = await checkVideoAndRecord(new File([video], "walk.mp4"), recording, jwks, () => {});
    expect(checks.map((check) => [check.subject, check.ok])).toEqual([
      ["The recording record's signature", true],
      ["The video", true],
    ]);
  });
});
