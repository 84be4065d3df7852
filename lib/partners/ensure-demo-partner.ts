import "server-only";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { db } from "../db/client";
import { createPartner } from "./create-partner";

/**
 * On the first start with an empty database, registers a demo partner so that a newcomer can
 * call the API at once. Its key is returned (to print once) and kept in a file only its owner reads.
 */
export async function ensureDemoPartner(dataDir: string): Promise<{ apiKey: string; file: string } | undefined> {
  if ((await db().partner.count()) > 0) return undefined;
  const { partnerId, keyId, apiKey } = await createPartner("Demo partner");
  const file = path.join(dataDir, "demo-credentials.json");
  await writeFile(file, `${JSON.stringify({ partner_id: partnerId, key_id: keyId, api_key: apiKey }, null, 2)}\n`, {
    mode: 0o600,
  });
  return { apiKey, file };
}
