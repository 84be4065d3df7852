import { ProcessWideError } from "../process-wide-error";

/**
 * Object keys are paths under a storage root, so they are checked before any driver sees them:
 * segments of letters, digits, `.`, `_` and `-` separated by single slashes, each starting with a
 * letter or digit (so `.`, `..` and hidden names are impossible), no leading or trailing slash.
 * The same rule holds for both drivers, so a key that works on local disk works on S3 too.
 */
const segment = "[A-Za-z0-9][A-Za-z0-9._-]*";
const keyPattern = new RegExp(`^${segment}(?:/${segment})*$`);
const maxKeyLength = 512;

export class InvalidMediaKeyError extends ProcessWideError {
  static override readonly kind: string = "media.invalid-key";

  constructor(key: string) {
    // Only the length is quoted: keys may come from a request.
    super(`Invalid media key (${key.length} characters): segments of [A-Za-z0-9._-], starting with a letter or digit.`);
    this.name = "InvalidMediaKeyError";
  }
}

export function isValidMediaKey(key: string): boolean {
  return key.length <= maxKeyLength && keyPattern.test(key);
}

export function assertMediaKey(key: string): string {
  if (!isValidMediaKey(key)) throw new InvalidMediaKeyError(key);
  return key;
}

/** A SHA-256 as this layer writes and compares them: 64 lowercase hex digits. */
export function assertSha256Hex(value: string): string {
  if (!/^[0-9a-f]{64}$/.test(value)) throw new TypeError("A SHA-256 is given as 64 lowercase hex digits.");
  return value;
}

/**
 * Where content-addressed bytes live: `<prefix>/sha256/<first two hex>/<hex>`. The fan-out keeps
 * directories small on local disk; the digest alone names the bytes, so equal bytes meet.
 */
export function contentAddressedKey(prefix: string, sha256Hex: string): string {
  assertSha256Hex(sha256Hex);
  return assertMediaKey(`${assertMediaKey(prefix)}/sha256/${sha256Hex.slice(0, 2)}/${sha256Hex}`);
}

// type/subtype with optional parameters, no control characters: it ends up in a response header.
const contentTypePattern =
  /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(?:\s*;\s*[A-Za-z0-9!#$&^_.+-]+=(?:[A-Za-z0-9!#$&^_.+-]+|"[^"\\\r\n]*"))*$/;

export function assertContentType(contentType: string): string {
  if (contentType.length > 200 || !contentTypePattern.test(contentType)) {
    throw new Error("Invalid media content type");
  }
  return contentType;
}
