import "server-only";
import type { ByteRange } from "../media/storage";
import { partFileName, type SignedPart } from "../evidence-check/packet-parts";
import { recordingKeys } from "../recording/recorder-state";

/*
 * The uploaded parts, as the phone sent them, for the evidence packet. The seal keeps each run's
 * parts joined byte for byte as one object (recordingKeys.original); each part is that object's
 * byte range at the offset the recording record's sizes give (its parts of the run, in index
 * order, are what the seal joined), so `sha256sum parts/run-*` prints the record's hashes.
 * Nothing is copied: each range is read from storage when the ZIP reaches it.
 */

export interface PartEntry {
  name: string;
  key: string;
  range: ByteRange;
}

export function partEntries(inspectionId: string, parts: readonly SignedPart[]): PartEntry[] {
  const offsets = new Map<number, number>();
  const entries: PartEntry[] = [];
  for (const part of [...parts].sort((a, b) => a.index - b.index)) {
    const start = offsets.get(part.run) ?? 0;
    offsets.set(part.run, start + part.size_bytes);
    entries.push({
      name: partFileName(part.run, part.index),
      key: recordingKeys.original(inspectionId, part.run),
      range: { start, end: start + part.size_bytes - 1 },
    });
  }
  return entries;
}
