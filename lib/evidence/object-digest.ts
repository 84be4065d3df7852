import "server-only";
import { createHash } from "node:crypto";
import { mediaStorage } from "../media/media-storage";

/**
 * The SHA-256 of a stored object: recorded by the media drivers for everything they write, else
 * hashed from its bytes (streamed: memory stays flat whatever its size). Null when it is gone.
 */
export async function objectSha256(key: string): Promise<string | null> {
  const head = await mediaStorage().head(key);
  if (!head) return null;
  if (head.sha256) return head.sha256;
  const object = await mediaStorage().get(key);
  if (!object) return null;
  const hash = createHash("sha256");
  for await (const chunk of object.body) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
