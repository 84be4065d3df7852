import { createHash } from "node:crypto";
import type { RosterImport } from "../generated/prisma/client";
import { findRunByKey } from "./submit-roster-import";

export function requestDigest(bodyText: string): string {
  return createHash("sha256").update(bodyText, "utf8").digest("hex");
}

/**
 * The run an earlier request with this key and exactly these body bytes created. Such a
 * retry is answered without parsing, validating and normalizing 10,000 items again: the
 * same bytes were accepted once, so they would be again and would normalize alike.
 */
export async function findIdenticalRun(
  workspaceId: string,
  idempotencyKey: string,
  bodyText: string,
): Promise<RosterImport | undefined> {
  const run = await findRunByKey(workspaceId, idempotencyKey);
  return run?.requestDigest === requestDigest(bodyText) ? run : undefined;
}
