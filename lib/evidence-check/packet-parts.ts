/*
 * The uploaded parts in an evidence packet: `parts/run-<run>/<index>.part`, each the bytes of one
 * part as the phone sent it, cut from the run's stored original (lib/evidence/packet-parts.ts).
 * Shared by the packet, `evidence verify` and the /verify page: browser-safe, no server code.
 */

/** Written instead of the parts for a walkthrough sealed before its originals were kept. */
export const partsNotKeptName = "PARTS-NOT-KEPT.txt";

/** Five digits: parts are numbered 1 to 10,000, and the names then sort in recording order. */
export const partFileName = (run: number, index: number) => `parts/run-${run}/${String(index).padStart(5, "0")}.part`;

const partFilePattern = /^parts\/run-(\d{1,4})\/(\d{5})\.part$/;

export const isPartFile = (name: string) => partFilePattern.test(name);

/** A part as the recording record signs it (lib/evidence/recording-record.ts). */
export interface SignedPart {
  index: number;
  run: number;
  sha256: string;
  size_bytes: number;
}

export interface PartOutcome {
  /** The file's name in the packet. */
  name: string;
  index: number;
  run: number;
  /** Absent when the file is the part the record signs. */
  problem?: "changed" | "missing" | "not_in_record";
  /** What the file hashes to (and its size), when it is in the packet. */
  found?: { sha256: string; size: number };
  /** What the record says, when it names this part. */
  signed?: { sha256: string; size: number };
}

/**
 * Each part the record signs against the packet's part files (their digests by name), and each part
 * file the record does not name. Undefined when the packet holds no part file at all: the caller
 * decides what that means (media deleted, parts not kept, or missing).
 */
export function compareParts(
  signed: readonly SignedPart[],
  digests: ReadonlyMap<string, { sha256: string; size: number }>,
): PartOutcome[] | undefined {
  const files = [...digests.keys()].filter(isPartFile);
  if (files.length === 0) return undefined;
  const outcomes: PartOutcome[] = [];
  const expected = new Set<string>();
  for (const part of signed) {
    const name = partFileName(part.run, part.index);
    expected.add(name);
    const found = digests.get(name);
    const signedDigest = { sha256: part.sha256, size: part.size_bytes };
    const problem = !found ? "missing" : found.sha256 === part.sha256 && found.size === part.size_bytes ? undefined : "changed";
    outcomes.push({ name, index: part.index, run: part.run, found, signed: signedDigest, ...(problem ? { problem } : {}) });
  }
  for (const name of files) {
    if (expected.has(name)) continue;
    const [, run, index] = partFilePattern.exec(name)!;
    outcomes.push({ name, index: Number(index), run: Number(run), found: digests.get(name), problem: "not_in_record" });
  }
  return outcomes;
}
