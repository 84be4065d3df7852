import "server-only";
import { z } from "zod";

export { jsonObject } from "../../validation/json-object";

/*
 * Inputs every console route shares. Path segments arrive as strings and are checked by the
 * operation they name (a malformed id reads as unknown, 404, never as a bad request).
 */

export const partnerPath = z.object({ partnerId: z.string() });
export const workspacePath = partnerPath.extend({ workspaceId: z.string() });

/** `?page=`: 1-based; anything that is not a positive number reads as the first page. */
export const pageQuery = z.object({
  page: z
    .string()
    .optional()
    .transform((page) => Math.max(1, Number(page) || 1)),
});
