import { ProcessWideError } from "../process-wide-error";

/*
 * Refusals a caller can act on (a route maps them to its answer); anything else a driver throws is
 * trouble with the disk or the bucket. Messages quote numbers and lengths, never keys or digests
 * from a request. They are ProcessWideErrors because the driver singleton may come from the other
 * copy of lib/ than the route that catches them.
 */

/** The bytes did not have the SHA-256 the caller said they would; nothing was stored. */
export class ChecksumMismatchError extends ProcessWideError {
  static override readonly kind: string = "media.checksum-mismatch";

  constructor(message = "The bytes do not match the SHA-256 given for them; nothing was stored.") {
    super(message);
    this.name = "ChecksumMismatchError";
  }
}

/** A part's bytes did not have the SHA-256 sent with them; nothing was stored. */
export class PartChecksumError extends ChecksumMismatchError {
  static override readonly kind: string = "media.part-checksum";

  constructor(readonly partNumber: number) {
    super(`Part ${partNumber} does not match the SHA-256 given for it; nothing was stored.`);
    this.name = "PartChecksumError";
  }
}

/** A part number that already holds other bytes; the stored part is unchanged. */
export class PartConflictError extends ProcessWideError {
  static override readonly kind: string = "media.part-conflict";

  constructor(readonly partNumber: number) {
    super(`Part ${partNumber} is already stored with other bytes.`);
    this.name = "PartConflictError";
  }
}

/** A part number outside 1..10000, an empty part, or an unusable list of part numbers. */
export class InvalidPartError extends ProcessWideError {
  static override readonly kind: string = "media.invalid-part";

  constructor(message: string) {
    super(message);
    this.name = "InvalidPartError";
  }
}

/** completeParts named parts that are not stored; nothing was written. */
export class MissingPartsError extends ProcessWideError {
  static override readonly kind: string = "media.missing-parts";

  constructor(readonly missing: number[]) {
    const shown = missing.slice(0, 10).join(", ");
    super(`Missing part(s) ${shown}${missing.length > 10 ? ` and ${missing.length - 10} more` : ""}.`);
    this.name = "MissingPartsError";
  }
}
