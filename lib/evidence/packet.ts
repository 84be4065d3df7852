import "server-only";
import { createPublicKey, type JsonWebKey } from "node:crypto";
import { Readable } from "node:stream";
import { decodeProtectedHeader, type JWK } from "jose";
import { ZipFile } from "yazl";
import { config } from "../config";
import { db } from "../db/client";
import { mediaStorage } from "../media/media-storage";
import { recordingKeys } from "../recording/recorder-state";
import { jwksPath, readJwks } from "./jwks";
import { objectSha256 } from "./object-digest";
import { packetLinkValid } from "./packet-link";
import { mediaDeletedName, mediaDeletedText, verifyText } from "./verify-text";

/*
 * The evidence packet: a ZIP made while it is downloaded, never stored. Media is streamed from
 * storage one entry at a time (yazl opens each stream only when it reaches it), and stored
 * without compression (video and JPEG do not shrink): memory stays flat whatever the video's size.
 * Once the retention policy deleted the media, the packet holds the records alone and says so.
 */

interface Entry {
  name: string;
  key: string;
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

function addMedia(zip: ZipFile, entry: Entry): void {
  zip.addReadStreamLazy(entry.name, { compress: false }, (callback) => {
    mediaStorage()
      .get(entry.key)
      .then(
        (object) => {
          if (!object) return callback(new Error(`${entry.key} is gone from storage`), undefined as never);
          callback(null, object.body);
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
  const jwk = jwks.keys.find((key) => key.kid === kid) as JWK | undefined;
  const recordPayload = JSON.parse(Buffer.from(recording.jws.split(".")[1]!, "base64url").toString("utf8")) as {
    video: { sha256: string };
    parts: unknown[];
  };

  const zip = new ZipFile();
  // Exactly the compact JWS, no newline: `openssl dgst -sha256` on the file prints what the next record chains to.
  zip.addBuffer(Buffer.from(recording.jws), "recording-record.jws");
  if (report) zip.addBuffer(Buffer.from(report.jws), "report-record.jws");
  // RFC 3161 tokens (with EVIDENCE_TSA_URL), once the authority has stamped each record.
  if (recording.tsaToken) zip.addBuffer(Buffer.from(recording.tsaToken), "recording-record.tst");
  if (report?.tsaToken) zip.addBuffer(Buffer.from(report.tsaToken), "report-record.tst");
  zip.addBuffer(Buffer.from(JSON.stringify(jwks, null, 2)), "jwks.json");
  if (jwk) {
    const pem = createPublicKey({ key: jwk as JsonWebKey, format: "jwk" }).export({ type: "spki", format: "pem" });
    zip.addBuffer(Buffer.from(pem), "public-key.pem");
  }
  zip.addBuffer(
    Buffer.from(
      verifyText({
        inspectionId,
        jwksUrl: `${config().APP_URL}${jwksPath}`,
        kid: kid ?? "",
        hasReport: report !== undefined,
        timestamped: [recording, ...(report ? [report] : [])]
          .filter((record) => record.tsaToken !== null)
          .map((record) => `${record.kind}-record`),
        videoSha256: recordPayload.video.sha256,
        partsCount: recordPayload.parts.length,
        mediaDeletedAt: mediaDeletedAt ?? undefined,
      }),
    ),
    "VERIFY.txt",
  );
  if (mediaDeletedAt) zip.addBuffer(Buffer.from(mediaDeletedText(mediaDeletedAt)), mediaDeletedName);
  else addMedia(zip, { name: "video/walkthrough.mp4", key: video.mediaKey });
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
