import "server-only";
import { createPublicKey, type JsonWebKey } from "node:crypto";
import { Readable } from "node:stream";
import { decodeProtectedHeader, type JWK } from "jose";
import { ZipFile } from "yazl";
import { config } from "../config";
import { db } from "../db/client";
import { mediaStorage } from "../media/media-storage";
import type { ByteRange } from "../media/storage";
import { partsNotKeptName, type SignedPart } from "../evidence-check/packet-parts";
import { makePacketReportPdf } from "../reports/pdf/make-report-pdf";
import { recordingKeys } from "../recording/recorder-state";
import { jwksPath, readJwks } from "./jwks";
import { objectSha256 } from "./object-digest";
import { packetLinkValid } from "./packet-link";
import { partEntries } from "./packet-parts";
import {
  mediaDeletedName,
  mediaDeletedText,
  partsNotKeptText,
  partsInPacket,
  previousPublicKeyName,
  previousRecordName,
  verifyText,
} from "./verify-text";

/*
 * The evidence packet: a ZIP made while it is downloaded, never stored. Media is streamed from
 * storage one entry at a time (yazl opens each stream only when it reaches it), and stored
 * without compression (video and JPEG do not shrink): memory stays flat whatever the video's size.
 * The uploaded parts are cut from their run's original by byte ranges (lib/evidence/packet-parts.ts).
 * Once the retention policy deleted the media, the packet holds the records alone and says so.
 */

interface Entry {
  name: string;
  key: string;
  /** Part of the object only (an uploaded part inside its run's original). */
  range?: ByteRange;
}

/**
 * What the packet reads of its recording record (lib/evidence/recording-record.ts; not imported:
 * that module reaches the image library, which the web process never loads).
 */
interface RecordPayload {
  video: { sha256: string };
  parts: SignedPart[];
  home_chain?: { previous_inspection_id: string };
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

function addMedia(zip: ZipFile, entry: Entry): void {
  zip.addReadStreamLazy(entry.name, { compress: false }, (callback) => {
    mediaStorage()
      .get(entry.key, entry.range ? { range: entry.range } : undefined)
      .then(
        (object) => {
          if (!object) return callback(new Error(`${entry.key} is gone from storage`), undefined as never);
          callback(null, object.body);
        },
        (error: unknown) => callback(error as Error, undefined as never),
      );
  });
}

/** A published key as PEM (SubjectPublicKeyInfo), for `openssl pkeyutl -verify`. */
function publicKeyPem(keys: JWK[], kid: string | undefined): Buffer | undefined {
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) return undefined;
  return Buffer.from(createPublicKey({ key: jwk as JsonWebKey, format: "jwk" }).export({ type: "spki", format: "pem" }));
}

/**
 * report.pdf, rendered when the ZIP reaches it (to a buffer: react-pdf lays the whole document
 * out before it writes a byte) and dropped once written. Its memory is the report's pictures
 * (the PDF's own cap, 48 MB) and the PDF's bytes, for the seconds it takes.
 */
function addReportPdf(zip: ZipFile, inspectionId: string): void {
  zip.addReadStreamLazy("report.pdf", { compress: false }, (callback) => {
    makePacketReportPdf(inspectionId).then(
      (bytes) => {
        if (!bytes) return callback(new Error(`the report of ${inspectionId} is not released`), undefined as never);
        callback(null, Readable.from([bytes]));
      },
      (error: unknown) => callback(error as Error, undefined as never),
    );
  });
}

/** Pictures by their SHA-256, each once: the name is the digest the records carry. */
async function pictureEntries(folder: string, keys: string[], seen: Set<string>): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (const key of keys) {
    const sha256 = await objectSha256(key);
    if (!sha256 || seen.has(sha256)) continue;
    seen.add(sha256);
    entries.push({ name: `${folder}/${sha256}.jpg`, key });
  }
  return entries;
}

/** `GET /evidence/<inspection>/packet.zip?expires=&signature=`: 403 for a bad or expired link. */
export async function packetResponse(query: URLSearchParams, inspectionId: string): Promise<Response> {
  if (!packetLinkValid(inspectionId, query)) {
    return plain(403, "This packet link is not valid or has expired: ask for a new one.");
  }
  const records = await db().evidenceRecord.findMany({ where: { inspectionId } });
  const recording = records.find((record) => record.kind === "recording");
  const video = await db().inspectionVideo.findUnique({ where: { inspectionId } });
  if (!recording || !video) return plain(404, "This walkthrough has no evidence packet.");
  const report = records.find((record) => record.kind === "report");
  const { mediaDeletedAt } = await db().inspection.findUniqueOrThrow({
    where: { id: inspectionId },
    select: { mediaDeletedAt: true },
  });

  const seen = new Set<string>();
  // The seal's stills (the recording record's) and the pictures the report shows, where they differ.
  const items = await db().inspectionItem.findMany({ where: { inspectionId }, orderBy: { position: "asc" } });
  const stillKeys = items.flatMap((item) => [
    recordingKeys.still(inspectionId, item.position),
    ...(item.stillKey && report ? [item.stillKey] : []),
  ]);
  const findings = report ? await db().finding.findMany({ where: { inspectionId, rejected: false, reviewNeeded: false } }) : [];
  const pictures = mediaDeletedAt
    ? []
    : [
        ...(await pictureEntries("stills", stillKeys, seen)),
        ...(await pictureEntries(
          "findings/after",
          findings.flatMap((finding) => finding.afterKeys),
          seen,
        )),
        ...(await pictureEntries(
          "findings/before",
          findings.flatMap((finding) => finding.beforeKeys),
          seen,
        )),
      ];
  const { kid } = decodeProtectedHeader(recording.jws);
  const jwks = await readJwks();
  const recordPayload = JSON.parse(Buffer.from(recording.jws.split(".")[1]!, "base64url").toString("utf8")) as RecordPayload;
  // The chain's previous link, so the packet alone shows it (lib/evidence/recording-record.ts).
  const previous = recordPayload.home_chain
    ? await db().evidenceRecord.findUnique({
        where: { inspectionId_kind: { inspectionId: recordPayload.home_chain.previous_inspection_id, kind: "recording" } },
        select: { jws: true },
      })
    : null;
  const previousKid = previous ? decodeProtectedHeader(previous.jws).kid : undefined;
  const parts = partsInPacket(mediaDeletedAt, video.originalsKept);

  const zip = new ZipFile();
  // Exactly the compact JWS, no newline: `openssl dgst -sha256` on the file prints what the next record chains to.
  zip.addBuffer(Buffer.from(recording.jws), "recording-record.jws");
  if (report) zip.addBuffer(Buffer.from(report.jws), "report-record.jws");
  if (previous) zip.addBuffer(Buffer.from(previous.jws), previousRecordName);
  // RFC 3161 tokens (with EVIDENCE_TSA_URL), once the authority has stamped each record.
  if (recording.tsaToken) zip.addBuffer(Buffer.from(recording.tsaToken), "recording-record.tst");
  if (report?.tsaToken) zip.addBuffer(Buffer.from(report.tsaToken), "report-record.tst");
  zip.addBuffer(Buffer.from(JSON.stringify(jwks, null, 2)), "jwks.json");
  const pem = publicKeyPem(jwks.keys, kid);
  if (pem) zip.addBuffer(pem, "public-key.pem");
  // A previous record signed before a key rotation needs its own key for openssl.
  const previousPem = previousKid !== kid ? publicKeyPem(jwks.keys, previousKid) : undefined;
  if (previousPem) zip.addBuffer(previousPem, previousPublicKeyName);
  zip.addBuffer(
    Buffer.from(
      verifyText({
        inspectionId,
        jwksUrl: `${config().APP_URL}${jwksPath}`,
        kid: kid ?? "",
        hasReport: report !== undefined,
        hasReportPdf: report !== undefined,
        timestamped: [recording, ...(report ? [report] : [])]
          .filter((record) => record.tsaToken !== null)
          .map((record) => `${record.kind}-record`),
        videoSha256: recordPayload.video.sha256,
        partsCount: recordPayload.parts.length,
        parts,
        previousRecord: previous ? { publicKey: previousPem ? previousPublicKeyName : "public-key.pem" } : undefined,
        mediaDeletedAt: mediaDeletedAt ?? undefined,
      }),
    ),
    "VERIFY.txt",
  );
  if (parts === "not_kept") zip.addBuffer(Buffer.from(partsNotKeptText), partsNotKeptName);
  // The report as its page's PDF link serves it, for reading; a reading aid, never the evidence.
  if (report) addReportPdf(zip, inspectionId);
  if (mediaDeletedAt) zip.addBuffer(Buffer.from(mediaDeletedText(mediaDeletedAt)), mediaDeletedName);
  else addMedia(zip, { name: "video/walkthrough.mp4", key: video.mediaKey });
  if (parts === "kept") for (const part of partEntries(inspectionId, recordPayload.parts)) addMedia(zip, part);
  for (const picture of pictures) addMedia(zip, picture);
  zip.end();

  return new Response(Readable.toWeb(zip.outputStream as Readable) as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="walkthrough-${inspectionId}-evidence.zip"`,
      "cache-control": "no-store",
    },
  });
}
