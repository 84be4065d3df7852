import "server-only";
import { config } from "../config";
import { linkSignatureMatches, signLink } from "../media/link-signature";
import { defaultSignedUrlSeconds } from "../media/storage";
import { derivedKey } from "../secrets/derived-key";

/*
 * The evidence packet's link: `/evidence/<inspection>/packet.zip?expires=<unix>&signature=<hmac>`,
 * signed as media links are (lib/media/link-signature.ts) but with a key of its own, so no media
 * link opens a packet and no packet link opens media.
 */
const purpose = "evidence-packet-link";
const claimKey = (inspectionId: string) => `evidence-packet/${inspectionId}`;

export const packetPath = (inspectionId: string) => `/evidence/${inspectionId}/packet.zip`;

export function signPacketLink(inspectionId: string, now = Date.now()): { url: string; expiresAt: Date } {
  const expires = Math.floor(now / 1000) + defaultSignedUrlSeconds;
  const url = new URL(`${config().APP_URL}${packetPath(inspectionId)}`);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", signLink(derivedKey(purpose), { key: claimKey(inspectionId), expires }));
  return { url: url.toString(), expiresAt: new Date(expires * 1000) };
}

/** Whether the query is exactly `expires` and `signature`, unexpired and signed for this packet. */
export function packetLinkValid(inspectionId: string, query: URLSearchParams, now = Date.now()): boolean {
  const names = [...query.keys()];
  if (names.length !== 2 || !query.has("expires") || !query.has("signature")) return false;
  const expiresText = query.get("expires")!;
  if (!/^\d{1,12}$/.test(expiresText)) return false;
  const expires = Number(expiresText);
  if (expires * 1000 <= now) return false;
  return linkSignatureMatches(derivedKey(purpose), { key: claimKey(inspectionId), expires }, query.get("signature")!);
}
