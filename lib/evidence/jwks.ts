import "server-only";
import type { JWK } from "jose";
import { db } from "../db/client";

/** Every key that ever signed a record, oldest first: what /.well-known/jwks.json serves. */
export async function readJwks(): Promise<{ keys: JWK[] }> {
  const rows = await db().evidenceKey.findMany({ orderBy: { createdAt: "asc" } });
  return { keys: rows.map((row) => row.publicJwk as JWK) };
}

export const jwksPath = "/.well-known/jwks.json";

/** `GET /.well-known/jwks.json`: public, secret-free, readable from any origin. */
export async function jwksResponse(): Promise<Response> {
  return new Response(JSON.stringify(await readJwks()), {
    headers: {
      "content-type": "application/jwk-set+json",
      "access-control-allow-origin": "*",
      "cache-control": "public, max-age=300",
    },
  });
}
