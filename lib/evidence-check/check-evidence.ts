// The build without zip.js's WebAssembly module: entries are stored, and the browser's own streams inflate any that are not.
import { BlobReader, configure, ZipReader, type FileEntry } from "@zip.js/zip.js/index-native.js";
import { type ChainPayload, checkChain } from "./chain-check";
import { partsNotKeptName, type SignedPart } from "./packet-parts";
import { checkParts } from "./part-checks";
import { checkSignature, type Jwks, recordPayload } from "./record-signature";
import { type Digest, digestOfBlob, digestOfText, digestSink } from "./stream-digest";

/*
 * The /verify page's checks, in the browser: a packet (ZIP), or a video and its recording record,
 * checked against the published keys. The same checks as `evidence verify` (lib/evidence/verify-packet.ts),
 * worded for anyone. Files are read from the reader's disk a chunk at a time and never sent anywhere.
 */

// zip.js would otherwise start a worker from a script URL; the files here are stored, not compressed.
configure({ useWebWorkers: false });

export interface EvidenceCheck {
  /** What was checked, in words: "The video", "The recording record's signature". */
  subject: string;
  ok: boolean;
  detail: string;
}

/** What the checks read of a recording record (lib/evidence/recording-record.ts). */
interface RecordingPayload extends ChainPayload {
  record?: string;
  sealed_at?: string;
  video?: { sha256?: string; size_bytes?: number };
  stills?: { checklist_item_id?: string; sha256?: string }[];
  parts?: SignedPart[];
}

/** What the checks read of a report record (lib/evidence/report-record.ts). */
interface ReportPayload {
  record?: string;
  recording_record_sha256?: string;
  checklist?: { picture_sha256?: string | null }[];
  findings?: { after?: { sha256?: string }[]; before?: { sha256?: string }[] }[];
}

/** Progress of the hashing: bytes read of the bytes to read. */
export type Progress = (done: number, total: number) => void;

const videoName = "video/walkthrough.mp4";
const recordingName = "recording-record.jws";
const reportName = "report-record.jws";
const previousName = "previous-recording-record.jws";
const mediaDeletedName = "MEDIA-DELETED.txt";
const pictureName = /^(stills|findings\/after|findings\/before)\/([0-9a-f]{64})\.jpg$/;
/** What a reader calls the pictures of each packet folder. */
const pictureKind: Readonly<Record<string, string>> = {
  stills: "Still from the video",
  "findings/after": "Finding's picture",
  "findings/before": "Finding's before picture",
};
const textNames: ReadonlySet<string> = new Set([recordingName, reportName, previousName]);

const short = (sha256: string) => `${sha256.slice(0, 12)}…`;

function videoCheck(digest: Digest | undefined, recording: RecordingPayload): EvidenceCheck {
  const subject = "The video";
  if (!digest) return { subject, ok: false, detail: `The packet holds no ${videoName}.` };
  const expected = recording.video;
  if (digest.sha256 === expected?.sha256 && digest.size === expected.size_bytes) {
    return { subject, ok: true, detail: `Its SHA-256 is ${digest.sha256}, as the signed record says: not a byte changed.` };
  }
  return {
    subject,
    ok: false,
    detail:
      `It is not the video that was recorded: its SHA-256 is ${digest.sha256} (${digest.size} bytes), ` +
      `the signed record says ${String(expected?.sha256)} (${String(expected?.size_bytes)} bytes).`,
  };
}

async function recordingChecks(
  recordingJws: string,
  jwks: Jwks,
): Promise<{ checks: EvidenceCheck[]; recording?: RecordingPayload }> {
  const signature = await checkSignature(recordingJws, jwks);
  const recording = recordPayload<RecordingPayload>(recordingJws);
  const checks: EvidenceCheck[] = [{ subject: "The recording record's signature", ...signature }];
  if (recording && recording.record !== "recording") {
    checks.push({
      subject: "The recording record",
      ok: false,
      detail: "This record is not a recording record (a report record names no video): drop the recording record.",
    });
    return { checks };
  }
  return { checks, recording };
}

/**
 * A video and its recording record (`.jws`), as a platform might have been sent them; with the
 * home's previous recording record beside them, the chain link too.
 */
export async function checkVideoAndRecord(
  video: File,
  recordText: string,
  jwks: Jwks,
  progress: Progress,
  previousText?: string,
): Promise<EvidenceCheck[]> {
  const { checks, recording } = await recordingChecks(recordText.trim(), jwks);
  if (!recording) return checks;
  let done = 0;
  const digest = await digestOfBlob(video, (count) => progress((done += count), video.size));
  checks.push(videoCheck(digest, recording));
  if (previousText !== undefined) checks.push(await checkChain(recording, previousText.trim(), jwks));
  return checks;
}

/** Every entry of a packet hashed as it streams out of the ZIP; the two records kept whole. */
async function readPacket(packet: Blob, progress: Progress) {
  const reader = new ZipReader(new BlobReader(packet));
  try {
    const entries = (await reader.getEntries()).filter((entry): entry is FileEntry => !entry.directory);
    const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    const digests = new Map<string, Digest>();
    const texts = new Map<string, string>();
    let done = 0;
    for (const entry of entries) {
      if (textNames.has(entry.filename)) {
        const bytes = new Uint8Array(await entry.arrayBuffer());
        texts.set(entry.filename, new TextDecoder().decode(bytes));
        progress((done += bytes.length), total);
        continue;
      }
      const { sink, result } = digestSink((count) => progress((done += count), total));
      await entry.getData(sink);
      digests.set(entry.filename, result());
    }
    return { digests, texts };
  } finally {
    await reader.close();
  }
}

/**
 * The evidence packet (the ZIP downloaded from a report): records, video, uploaded parts and
 * pictures, and the chain link with the previous record it holds (or `previousText`, dropped beside it).
 */
export async function checkPacket(packet: Blob, jwks: Jwks, progress: Progress, previousText?: string): Promise<EvidenceCheck[]> {
  let files: Awaited<ReturnType<typeof readPacket>>;
  try {
    files = await readPacket(packet, progress);
  } catch (error) {
    return [{ subject: "The packet", ok: false, detail: `It could not be read as a ZIP file (${(error as Error).message}).` }];
  }
  const recordingJws = files.texts.get(recordingName)?.trim();
  if (!recordingJws) return [{ subject: "The recording record", ok: false, detail: `The packet holds no ${recordingName}.` }];
  const { checks, recording } = await recordingChecks(recordingJws, jwks);
  if (!recording) return checks;
  const mediaDeleted = files.digests.has(mediaDeletedName);
  checks.push(
    mediaDeleted
      ? {
          subject: "The video",
          ok: true,
          detail:
            "The retention policy deleted it; the signed record keeps its fingerprint, so a copy kept elsewhere can still be checked.",
        }
      : videoCheck(files.digests.get(videoName), recording),
  );
  checks.push(
    ...checkParts(recording.parts ?? [], files.digests, { mediaDeleted, notKept: files.digests.has(partsNotKeptName) }),
  );

  // Beside the record it belongs to, not after a long list of pictures.
  const previous = previousText?.trim() ?? files.texts.get(previousName)?.trim();
  if (previous !== undefined) checks.push(await checkChain(recording, previous, jwks));

  const reportJws = files.texts.get(reportName)?.trim();
  const report = reportJws ? recordPayload<ReportPayload>(reportJws) : undefined;
  if (reportJws) {
    checks.push({ subject: "The report record's signature", ...(await checkSignature(reportJws, jwks)) });
    const expected = await digestOfText(recordingJws);
    checks.push(
      report?.recording_record_sha256 === expected
        ? {
            subject: "The report names this recording",
            ok: true,
            detail: `The report record names the recording record by its SHA-256, ${expected}.`,
          }
        : {
            subject: "The report names this recording",
            ok: false,
            detail: `The report record names a recording record with SHA-256 ${String(report?.recording_record_sha256)}; this one's is ${expected}.`,
          },
    );
  }

  // Pictures are named by their SHA-256: each must hash to its name, and a signed record must name it.
  const named = new Set<string>([
    ...(recording.stills ?? []).map((still) => still.sha256 ?? ""),
    ...(report?.checklist ?? []).map((line) => line.picture_sha256 ?? ""),
    ...(report?.findings ?? []).flatMap((finding) =>
      [...(finding.after ?? []), ...(finding.before ?? [])].map((picture) => picture.sha256 ?? ""),
    ),
  ]);
  const present = new Set<string>();
  for (const [name, digest] of files.digests) {
    const match = pictureName.exec(name);
    if (!match) continue;
    const claimed = match[2]!;
    present.add(claimed);
    const subject = `${pictureKind[match[1]!]} ${short(claimed)}`;
    if (digest.sha256 !== claimed) {
      checks.push({
        subject,
        ok: false,
        detail: `It was changed: its SHA-256 is ${digest.sha256}, not the ${claimed} it is named by.`,
      });
    } else if (!named.has(claimed)) {
      checks.push({ subject, ok: false, detail: "Its bytes are whole, but no signed record names this picture." });
    } else {
      checks.push({ subject, ok: true, detail: `Its SHA-256 is ${claimed}, a picture the signed records name.` });
    }
  }
  for (const still of recording.stills ?? []) {
    if (still.sha256 && !present.has(still.sha256) && !mediaDeleted) {
      checks.push({
        subject: `${pictureKind.stills} ${short(still.sha256)}`,
        ok: false,
        detail: "The recording record names this still, but the packet does not hold it.",
      });
    }
  }
  return checks;
}
