import "server-only";
import type { Tx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";

export type RunErrorCode =
  | "roster_revision_conflict"
  | "roster_empty_not_allowed"
  | "roster_confirmation_required"
  | "roster_duplicate_property"
  | "internal_error"
  | (string & {});

/** Ends a run without touching the roster; the snapshot is dropped, as it is for every final run. */
export async function endRun(
  tx: Tx,
  importId: string,
  status: "rejected" | "failed",
  code: RunErrorCode,
  detail?: Record<string, unknown>,
): Promise<void> {
  await tx.rosterImport.update({
    where: { id: importId },
    data: {
      status,
      errorCode: code,
      errorDetail: (detail ?? undefined) as Prisma.InputJsonValue | undefined,
      finishedAt: new Date(),
    },
  });
  // Prisma writes JSON null only through a sentinel; plain SQL says it directly.
  await tx.$executeRaw`UPDATE roster_import SET snapshot = NULL WHERE id = ${importId}::uuid`;
}
