import "server-only";
import { config } from "../config";
import { db, type Tx } from "../db/client";
import type { EvidenceKind } from "../generated/prisma/enums";
import { enqueue } from "../queue/enqueue";
import { requestTimestamp } from "./trusted-timestamp";

/*
 * RFC 3161 stamps of the evidence records (with EVIDENCE_TSA_URL). A record is signed and stored
 * in the seal's or the release's transaction; its stamp is asked for by a job that commits with
 * it, so an authority that is slow or down never holds a seal or a release back: the job is
 * retried until the authority answers.
 */

/** In the transaction that stored the record: its stamp is asked for once that commits. */
export async function queueStamp(tx: Tx, inspectionId: string, kind: EvidenceKind): Promise<void> {
  if (!config().EVIDENCE_TSA_URL) return;
  await enqueue("timestamp-evidence", { inspectionId, kind }, { tx });
}

/** Asks the authority to stamp the record's SHA-256 and keeps the token; throws (to be retried) when it cannot. */
export async function stampRecord(inspectionId: string, kind: EvidenceKind): Promise<void> {
  const url = config().EVIDENCE_TSA_URL;
  if (!url) return;
  const record = await db().evidenceRecord.findUnique({
    where: { inspectionId_kind: { inspectionId, kind } },
    select: { sha256: true, tsaToken: true },
  });
  // Stamped by an earlier attempt, or no such record (its walkthrough was deleted): nothing to do.
  if (!record || record.tsaToken) return;
  const token = await requestTimestamp(url, record.sha256);
  await db().evidenceRecord.updateMany({
    where: { inspectionId, kind, tsaToken: null },
    data: { tsaToken: new Uint8Array(token) },
  });
}
