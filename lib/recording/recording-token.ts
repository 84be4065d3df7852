import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { decryptSecret, encryptSecret } from "../secrets/encryption";

/*
 * The token in a recording link (`{APP_URL}/r/<token>`) is the only credential of the recording
 * app: 256 random bits, so no link can be guessed from another. It is kept twice: its SHA-256, to
 * find the task by it, and itself encrypted at rest, so every call for the task answers the same
 * URL without a database dump handing out working links.
 */

const purpose = "recording-token";
// base64url of 32 bytes.
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function newRecordingToken(): string {
  return randomBytes(32).toString("base64url");
}

export function looksLikeRecordingToken(text: string): boolean {
  return tokenPattern.test(text);
}

export function hashRecordingToken(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

export function encryptRecordingToken(token: string): string {
  return encryptSecret(token, purpose);
}

export function decryptRecordingToken(stored: string): string {
  return decryptSecret(stored, purpose);
}

export function recordingUrl(appUrl: string, token: string): string {
  return `${appUrl}/r/${token}`;
}
