import "server-only";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { JWK } from "jose";
import yauzl from "yauzl";
import { partsNotKeptName } from "../evidence-check/packet-parts";
import { sha256Hex } from "./sign-record";
import { chainCheck } from "./verify-chain";
import { partChecks } from "./verify-parts";
import { type Check, payloadOf, signatureCheck } from "./verify-signature";
import { mediaDeletedName, previousRecordName } from "./verify-text";
import type { RecordingRecord } from "./recording-record";
import type { ReportRecord } from "./report-record";
import { timestampInfo } from "./trusted-timestamp";

/*
 * `npm run admin -- evidence verify <packet.zip>`: checks a packet as anyone could, from the
 * published keys and the files alone. Every file is hashed as it streams out of the ZIP, so a
 * 2 GiB video costs no memory.
 */

interface PacketFiles {
  /** Small text files, whole. */
  texts: Map<string, string>;
  /** Every file's SHA-256 and size. */
  digests: Map<string, { sha256: string; size: number }>;
  /** RFC 3161 timestamp tokens (`<record>.tst`), whole. */
  tokens: Map<string, Buffer>;
}

const textNames: ReadonlySet<string> = new Set([
  "recording-record.jws",
  "report-record.jws",
  previousRecordName,
  "jwks.json",
  mediaDeletedName,
  partsNotKeptName,
]);
const tokenNames: ReadonlySet<string> = new Set(["recording-record.tst", "report-record.tst"]);
const run = promisify(execFile);

async function readPacket(file: string): Promise<PacketFiles> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: true });
  const texts = new Map<string, string>();
  const digests = new Map<string, { sha256: string; size: number }>();
  const tokens = new Map<string, Buffer>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith("/")) continue;
      const stream = await zip.openReadStreamPromise(entry);
      const hash = createHash("sha256");
      const kept: Buffer[] = [];
      let size = 0;
      for await (const chunk of stream) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        size += bytes.length;
        if (textNames.has(entry.fileName) || tokenNames.has(entry.fileName)) kept.push(bytes);
      }
      digests.set(entry.fileName, { sha256: hash.digest("hex"), size });
      if (textNames.has(entry.fileName)) texts.set(entry.fileName, Buffer.concat(kept).toString("utf8"));
      if (tokenNames.has(entry.fileName)) tokens.set(entry.fileName, Buffer.concat(kept));
    }
  } finally {
    zip.close();
  }
  return { texts, digests, tokens };
}

/** A recording record: the file itself (`.jws`), or the one inside a packet (`.zip`). */
export async function readRecordingRecord(file: string): Promise<string> {
  if (!file.endsWith(".zip")) return (await readFile(file, "utf8")).trim();
  const record = (await readPacket(file)).texts.get("recording-record.jws");
  if (!record) throw new Error(`${file} holds no recording-record.jws`);
  return record.trim();
}

export interface VerifyOptions {
  /** The published keys (`{ keys: [...] }`), from the server or a file. */
  jwks: { keys: JWK[] };
  /** The home's previous recording record (compact JWS), to check the chain link; else the packet's own copy. */
  previousRecord?: string;
  /** The timestamp authority's CA certificate (PEM file): with it, `openssl ts -verify` checks each token's signature. */
  tsaCaFile?: string;
}

/**
 * A record's RFC 3161 token: it must stamp the record's own SHA-256; with the authority's CA
 * certificate, `openssl ts -verify` checks the authority's signature over it too.
 */
async function timestampCheck(subject: string, token: Buffer, jws: string, caFile: string | undefined): Promise<Check> {
  const expected = sha256Hex(jws);
  let info;
  try {
    info = timestampInfo(token);
  } catch (error) {
    return { subject, ok: false, detail: `not a timestamp token (${(error as Error).message})` };
  }
  if (info.sha256 !== expected) {
    return { subject, ok: false, detail: `stamps SHA-256 ${info.sha256}, the record's is ${expected}` };
  }
  const time = info.time.toISOString();
  if (caFile === undefined)
    return {
      subject,
      ok: true,
      detail: `stamps the record's SHA-256 at ${time} (authority's signature not checked: give --tsa-ca)`,
    };
  const dir = await mkdtemp(path.join(tmpdir(), "evidence-tst-"));
  try {
    const file = path.join(dir, "token.tst");
    await writeFile(file, token);
    await run("openssl", ["ts", "-verify", "-token_in", "-in", file, "-digest", expected, "-CAfile", caFile]);
    return { subject, ok: true, detail: `stamps the record's SHA-256 at ${time}, signed by the authority` };
  } catch (error) {
    const said = ((error as { stderr?: string }).stderr ?? (error as Error).message).trim().split("\n")[0];
    return { subject, ok: false, detail: `the authority's signature does not verify (${said})` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every check of the packet; the packet holds when every one is ok. */
export async function verifyPacket(file: string, options: VerifyOptions): Promise<Check[]> {
  const packet = await readPacket(file);
  const checks: Check[] = [];
  const recordingJws = packet.texts.get("recording-record.jws")?.trim();
  if (!recordingJws) return [{ subject: "recording-record.jws", ok: false, detail: "missing from the packet" }];
  checks.push(await signatureCheck("recording record signature", recordingJws, options.jwks.keys));
  const recording = payloadOf<RecordingRecord>(recordingJws);

  const video = packet.digests.get("video/walkthrough.mp4");
  // The retention policy deleted the media: nothing to hash, and nothing missing; the records stand.
  const mediaDeleted = !video && packet.texts.has(mediaDeletedName);
  checks.push(
    mediaDeleted
      ? {
          subject: "video/walkthrough.mp4",
          ok: true,
          detail: `deleted by the retention policy (${mediaDeletedName}); the record keeps its SHA-256 ${recording.video.sha256}`,
        }
      : !video
        ? { subject: "video/walkthrough.mp4", ok: false, detail: "missing from the packet" }
        : video.sha256 === recording.video.sha256 && video.size === recording.video.size_bytes
          ? { subject: "video/walkthrough.mp4", ok: true, detail: `SHA-256 ${video.sha256}, as recorded` }
          : {
              subject: "video/walkthrough.mp4",
              ok: false,
              detail: `SHA-256 ${video.sha256} (${video.size} bytes), the record says ${recording.video.sha256} (${recording.video.size_bytes} bytes)`,
            },
  );

  checks.push(...partChecks(recording, packet.digests, { mediaDeleted, notKept: packet.texts.has(partsNotKeptName) }));

  const reportJws = packet.texts.get("report-record.jws")?.trim();
  const report = reportJws ? payloadOf<ReportRecord>(reportJws) : undefined;
  if (reportJws && report) {
    checks.push(await signatureCheck("report record signature", reportJws, options.jwks.keys));
    const expected = sha256Hex(recordingJws);
    checks.push({
      subject: "report record names the recording record",
      ok: report.recording_record_sha256 === expected,
      detail:
        report.recording_record_sha256 === expected
          ? `recording_record_sha256 ${expected}`
          : `recording_record_sha256 is ${String(report.recording_record_sha256)}, the recording record's SHA-256 is ${expected}`,
    });
  }

  // Pictures are named by their SHA-256; each must hash to its name and be one a record names.
  const named = new Set<string>([
    ...recording.stills.map((still) => still.sha256),
    ...(report?.checklist ?? []).map((line) => line.picture_sha256 ?? ""),
    ...(report?.findings ?? []).flatMap((finding) =>
      [...finding.after, ...finding.before].map((picture) => picture.sha256 ?? ""),
    ),
  ]);
  const present = new Set<string>();
  for (const [name, digest] of packet.digests) {
    const match = /^(stills|findings\/after|findings\/before)\/([0-9a-f]{64})\.jpg$/.exec(name);
    if (!match) continue;
    present.add(match[2]!);
    const ok = digest.sha256 === match[2] && named.has(match[2]!);
    checks.push({
      subject: name,
      ok,
      detail: ok
        ? "hashes to its name, which a record names"
        : digest.sha256 !== match[2]
          ? `hashes to ${digest.sha256}, not to its name`
          : "no record names this picture",
    });
  }
  for (const still of recording.stills) {
    if (!present.has(still.sha256) && !mediaDeleted) {
      checks.push({
        subject: `still of item ${still.checklist_item_id}`,
        ok: false,
        detail: `stills/${still.sha256}.jpg is missing`,
      });
    }
  }

  for (const [name, jws] of [
    ["recording-record", recordingJws],
    ["report-record", reportJws],
  ] as const) {
    const token = packet.tokens.get(`${name}.tst`);
    if (token && jws) checks.push(await timestampCheck(`${name}.tst (trusted timestamp)`, token, jws, options.tsaCaFile));
  }

  // The previous record given beside the packet, else the one the packet carries.
  const previous = options.previousRecord?.trim() ?? packet.texts.get(previousRecordName)?.trim();
  if (previous !== undefined) checks.push(await chainCheck(recording, previous, options.jwks.keys));
  return checks;
}
