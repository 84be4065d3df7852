import "server-only";
import { randomBytes } from "node:crypto";

/*
 * RFC 3161 trusted timestamps: an independent authority (EVIDENCE_TSA_URL) signs "this SHA-256
 * existed at this time", so a record's time does not rest on our clock alone. The request and the
 * answer are small DER structures; only what is needed is encoded and read here (the token itself
 * is kept as the authority sent it, and `openssl ts -verify` checks its signature).
 */

/** A DER element: its tag byte, its content, and the whole encoding. */
interface Der {
  tag: number;
  content: Buffer;
  whole: Buffer;
}

function readDer(bytes: Buffer, at = 0): Der {
  const tag = bytes[at];
  let length = bytes[at + 1];
  if (tag === undefined || length === undefined) throw new Error("the timestamp answer ends early");
  let start = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error("the timestamp answer has a length DER does not allow");
    length = 0;
    for (let index = 0; index < count; index++) length = length * 256 + bytes[start + index]!;
    start += count;
  }
  if (start + length > bytes.length) throw new Error("the timestamp answer ends early");
  return { tag, content: bytes.subarray(start, start + length), whole: bytes.subarray(at, start + length) };
}

function children(element: Der): Der[] {
  const found: Der[] = [];
  for (let at = 0; at < element.content.length;) {
    const child = readDer(element.content, at);
    found.push(child);
    at += child.whole.length;
  }
  return found;
}

function encode(tag: number, content: Buffer): Buffer {
  const length =
    content.length < 0x80
      ? Buffer.from([content.length])
      : (() => {
          const digits: number[] = [];
          for (let rest = content.length; rest > 0; rest = Math.floor(rest / 256)) digits.unshift(rest % 256);
          return Buffer.from([0x80 | digits.length, ...digits]);
        })();
  return Buffer.concat([Buffer.from([tag]), length, content]);
}

const sequence = (...parts: Buffer[]) => encode(0x30, Buffer.concat(parts));
/** A positive INTEGER from big-endian bytes (a leading zero keeps the sign bit clear). */
const integer = (bytes: Buffer) => encode(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
// 2.16.840.1.101.3.4.2.1
const sha256Algorithm = sequence(encode(0x06, Buffer.from("608648016503040201", "hex")), Buffer.from([0x05, 0x00]));

/** A TimeStampReq (RFC 3161 §2.4.1) for a SHA-256, asking for the authority's certificate in the token. */
export function timestampQuery(sha256: Buffer, nonce: Buffer = randomBytes(8)): Buffer {
  return sequence(
    integer(Buffer.from([1])),
    sequence(sha256Algorithm, encode(0x04, sha256)),
    integer(nonce),
    encode(0x01, Buffer.from([0xff])),
  );
}

export interface TimestampInfo {
  /** Lowercase hex of the SHA-256 the authority stamped. */
  sha256: string;
  /** The authority's time (genTime). */
  time: Date;
}

function generalizedTime(text: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(text);
  if (!match) throw new Error(`the timestamp's time ${JSON.stringify(text)} is not a UTC GeneralizedTime`);
  const [, year, month, day, hour, minute, second, fraction] = match;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction ? fraction.slice(0, 4) : ""}Z`);
}

/**
 * What a timestamp token (a CMS SignedData whose content is a TSTInfo) says: the SHA-256 stamped
 * and when. Reads the structure only; the authority's signature is `openssl ts -verify`'s to check.
 */
export function timestampInfo(token: Buffer): TimestampInfo {
  const contentInfo = children(readDer(token));
  const signedData = children(children(contentInfo[1]!)[0]!);
  const encapsulated = children(signedData[2]!);
  const tstInfo = children(readDer(children(encapsulated[1]!)[0]!.content));
  const imprint = children(tstInfo[2]!);
  const algorithm = children(imprint[0]!)[0]!.content.toString("hex");
  if (algorithm !== "608648016503040201") throw new Error("the timestamp is not of a SHA-256");
  return { sha256: imprint[1]!.content.toString("hex"), time: generalizedTime(tstInfo[4]!.content.toString("latin1")) };
}

/** The token of a TimeStampResp, or an error naming the authority's refusal. */
export function tokenOfReply(reply: Buffer): Buffer {
  const parts = children(readDer(reply));
  const status = children(parts[0]!)[0]!.content;
  // 0 granted, 1 granted with modifications; anything else is a refusal.
  const code = status.length === 1 ? status[0]! : -1;
  if (code !== 0 && code !== 1) throw new Error(`the timestamp authority refused (status ${code})`);
  if (!parts[1]) throw new Error("the timestamp authority granted but sent no token");
  return Buffer.from(parts[1].whole);
}

/** Asks the authority at `url` to stamp a SHA-256 (hex); answers its token, checked to be of that digest. */
export async function requestTimestamp(url: string, sha256Hex: string): Promise<Buffer> {
  const digest = Buffer.from(sha256Hex, "hex");
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/timestamp-query", accept: "application/timestamp-reply" },
    body: new Uint8Array(timestampQuery(digest)),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`the timestamp authority answered HTTP ${response.status}`);
  const token = tokenOfReply(Buffer.from(await response.arrayBuffer()));
  const info = timestampInfo(token);
  if (info.sha256 !== sha256Hex) throw new Error("the timestamp authority stamped another digest");
  return token;
}
