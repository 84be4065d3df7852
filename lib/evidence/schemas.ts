import "server-only";
import { z } from "zod";
import type { EvidenceRead } from "./get-evidence";

const compactJws = z.string().regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

export const evidenceRecord = z
  .object({
    inspection_id: z.uuid(),
    recording_record: compactJws.meta({
      description:
        "The recording record, signed at the seal: a compact JWS (RFC 7515, `alg` `EdDSA`, `kid` the key's RFC 7638 " +
        "thumbprint) whose payload is the record's JSON: server times, the phone's claimed start (or an uploaded file's " +
        "last-modified time; claims, never checked), capture, every part as received (SHA-256), the " +
        "sealed video's SHA-256, every still's, the home chain and the stays around it.",
    }),
    report_record: compactJws.optional().meta({
      description:
        "The report record, signed at release: the checklist block as released, every finding with its source and " +
        "its pictures by SHA-256, and the recording record's SHA-256. Omitted before release.",
    }),
    jwks_url: z.string().meta({ description: "The public keys every record verifies against (all keys ever used)." }),
    packet: z
      .object({
        download_url: z.string().meta({
          description:
            "Signed; fetch with a plain GET, no auth header: a ZIP of the video, the uploaded parts untouched, stills, before " +
            "pictures, both records, the home's previous recording record, the report PDF (once released) and VERIFY.txt.",
        }),
        expires_at: z.iso.datetime().meta({ description: "When `download_url` stops working (900 seconds)." }),
      })
      .meta({ description: "The evidence packet, made as it is downloaded." }),
  })
  .meta({ id: "Evidence" });

export function serializeEvidence(read: EvidenceRead) {
  return {
    inspection_id: read.inspectionId,
    recording_record: read.recordingRecord,
    ...(read.reportRecord ? { report_record: read.reportRecord } : {}),
    jwks_url: read.jwksUrl,
    packet: { download_url: read.packet.downloadUrl, expires_at: read.packet.expiresAt.toISOString() },
  };
}
