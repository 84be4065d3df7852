import "server-only";
import { z } from "zod";

import { keysetCursorQuery } from "../../db/keyset";

export { jsonObject } from "../../validation/json-object";

/*
 * Inputs every console route shares. Path segments arrive as strings and are checked by the
 * operation they name (a malformed id reads as unknown, 404, never as a bad request).
 */

export const partnerPath = z.object({ partnerId: z.string() });
export const workspacePath = partnerPath.extend({ workspaceId: z.string() });

/** `?cursor=`: a place in a keyset-paged list (lib/db/keyset.ts), absent for the first page. */
export const cursorQuery = z.object({ cursor: keysetCursorQuery });
