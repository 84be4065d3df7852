import { createHash } from "node:crypto";
import { InvalidPartError } from "./errors";
import { assertMediaKey } from "./keys";
import type { PartStream, StoredPart } from "./storage";

/*
 * What both drivers share about parts: numbering, where a key's parts live inside a driver's
 * parts area, and how completeParts tells a finished completion from work still to do.
 */

/** S3's own bound on multipart part numbers, kept on local disk too so both drivers agree. */
export const maxPartNumber = 10_000;

export function assertPartNumber(partNumber: number): number {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > maxPartNumber) {
    throw new InvalidPartError(`A part number is an integer from 1 to ${maxPartNumber}.`);
  }
  return partNumber;
}

/** Five digits, so names sort in number order. */
export function partName(partNumber: number): string {
  return String(assertPartNumber(partNumber)).padStart(5, "0");
}

export function partNumberOf(name: string): number | null {
  if (!/^\d{5}$/.test(name)) return null;
  const partNumber = Number(name);
  return partNumber >= 1 && partNumber <= maxPartNumber ? partNumber : null;
}

/**
 * The folder of `key`'s parts inside a parts area: `<key>/_parts`. No key segment starts with
 * `_` (lib/media/keys.ts), so the parts of `a/b` never share a folder or a name with the parts
 * of `a/b/c`, and removing them is removing one folder.
 */
export function partSetPath(key: string): string {
  return `${assertMediaKey(key)}/_parts`;
}

/** The list completeParts joins: at least one number, each valid, none twice. */
export function checkPartNumbers(partNumbers: readonly number[]): number[] {
  if (partNumbers.length === 0) throw new InvalidPartError("completeParts needs at least one part number.");
  partNumbers.forEach(assertPartNumber);
  if (new Set(partNumbers).size !== partNumbers.length) throw new InvalidPartError("A part number is named twice.");
  return [...partNumbers];
}

/**
 * Recorded with an object made by completeParts: a digest of the part numbers joined, and one of
 * the parts themselves (numbers, sizes and digests, in order).
 */
export interface PartsMarker {
  numbers: string;
  manifest: string;
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

function numbersDigest(partNumbers: readonly number[]): string {
  return digest(partNumbers.join(","));
}

function manifestDigest(parts: readonly StoredPart[]): string {
  return digest(parts.map((part) => `${part.partNumber} ${part.size} ${part.sha256}`).join("\n"));
}

export type CompletionStep =
  { kind: "completed" } | { kind: "missing"; missing: number[] } | { kind: "build"; parts: StoredPart[]; marker: PartsMarker };

/**
 * What completeParts does, given the parts stored now and the marker of any object already at the
 * key. It was completed before when that object was joined from these numbers and the parts have
 * (partly) gone since, or from these very parts (a crash before they were removed). Otherwise
 * the parts must all be there, and are joined.
 */
export function completionStep(
  partNumbers: readonly number[],
  stored: readonly StoredPart[],
  existing?: PartsMarker,
): CompletionStep {
  const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
  const missing = partNumbers.filter((partNumber) => !byNumber.has(partNumber));
  const parts = partNumbers.flatMap((partNumber) => byNumber.get(partNumber) ?? []);
  const marker = { numbers: numbersDigest(partNumbers), manifest: manifestDigest(parts) };
  if (existing && missing.length > 0 && existing.numbers === marker.numbers) return { kind: "completed" };
  if (existing && missing.length === 0 && existing.manifest === marker.manifest) return { kind: "completed" };
  if (missing.length > 0) return { kind: "missing", missing };
  return { kind: "build", parts, marker };
}

/** The named parts' bytes one after the other, one part open at a time (both drivers' completeParts). */
export async function* joinedParts(
  get: (partNumber: number) => Promise<PartStream | null>,
  parts: readonly StoredPart[],
): AsyncGenerator<Buffer> {
  for (const part of parts) {
    const stream = await get(part.partNumber);
    if (!stream) throw new Error(`Part ${part.partNumber} went away while the parts were joined`);
    for await (const chunk of stream.body) yield chunk as Buffer;
  }
}
