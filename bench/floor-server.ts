// The floor for `GET /v1/workspaces/{workspace_id}`: the same work per request as the app
// (bearer parse, sha256 of the key, the app's own key lookup SQL, the same refusals, one row
// read, the same serializer and omit rule) on bare node:http + pg, with nothing else around it.
// Run by the benchmark in its own process: PORT, DATABASE_URL, DB_POOL_SIZE (default 10).
// Before any server code: lets its `import "server-only"` load outside Next (see the file).
import "../scripts/allow-server-only";
import { randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";
import type { Workspace } from "../lib/generated/prisma/client";
import { lookupSql } from "../lib/http/auth/partner-key";
import { ApiError } from "../lib/errors/api-error";
import { omitEmpty } from "../lib/http/omit";
import { hashApiKey, looksLikeApiKey } from "../lib/partners/api-key-secret";
import { fromRow, type WorkspaceRow, workspaceSql } from "../lib/workspaces/get-workspace";
import { serializeWorkspace } from "../lib/workspaces/serializers";

interface KeyRow {
  key_id: string;
  partner_id: string;
  key_status: "active" | "revoked";
  partner_status: "active" | "paused" | null;
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) });
pool.on("error", () => undefined);

function send(res: http.ServerResponse, status: number, body: unknown, requestId: string, headers = {}): void {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    ...headers,
    "x-request-id": requestId,
  });
  res.end(JSON.stringify(omitEmpty(body)));
}

function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer ([^\s]+)$/.exec(header?.trim() ?? "")?.[1];
}

async function readWorkspace(req: http.IncomingMessage): Promise<Workspace> {
  const match = /^\/v1\/workspaces\/([^/]+)$/.exec(new URL(req.url ?? "/", "http://floor").pathname);
  if (req.method !== "GET" || !match) throw new ApiError("not_found", { message: "No such path." });
  const key = bearerToken(req.headers.authorization);
  if (!key || !looksLikeApiKey(key)) throw new ApiError("invalid_key");
  const caller = (await pool.query<KeyRow>(lookupSql, [hashApiKey(key)])).rows[0];
  if (!caller) throw new ApiError("invalid_key");
  if (caller.key_status === "revoked") throw new ApiError("key_revoked");
  if (caller.partner_status !== "active") throw new ApiError("partner_disabled");
  const workspaceId = decodeURIComponent(match[1]!);
  const row = (await pool.query<WorkspaceRow>(workspaceSql, [caller.partner_id, workspaceId])).rows[0];
  if (!row) throw new ApiError("workspace_not_provisioned");
  return fromRow(row);
}

const server = http.createServer((req, res) => {
  const requestId = randomUUID();
  readWorkspace(req).then(
    (workspace) => send(res, 200, serializeWorkspace(workspace), requestId),
    (error: unknown) => {
      const refusal = error instanceof ApiError ? error : new ApiError("internal_error");
      if (!(error instanceof ApiError)) console.error(error);
      send(res, refusal.status, refusal.toEnvelope(), requestId, refusal.headers);
    },
  );
});

server.listen(Number(process.env.PORT ?? 3100), () => {
  console.log(`floor server listening on ${process.env.PORT ?? 3100}`);
});

const stop = () => {
  server.close(() => void pool.end().finally(() => process.exit(0)));
  server.closeIdleConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
