// The floor for `GET /v1/workspaces/{workspace_id}`: the same work per request as the app
// (bearer parse, sha256 of the key, the app's own key lookup SQL, the same refusals, one row
// read, the same serializer and omit rule) on bare node:http + pg, with nothing else around it.
// Run by the benchmark in its own process: PORT, DATABASE_URL, DB_POOL_SIZE (default 10).
import { randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";
import type { Workspace } from "../lib/generated/prisma/client";
import { lookupSql } from "../lib/http/auth";
import { ApiError } from "../lib/http/errors";
import { omitEmpty } from "../lib/http/omit";
import { hashApiKey, looksLikeApiKey } from "../lib/partners/api-key-secret";
import { serializeWorkspace } from "../lib/workspaces/serializers";

interface KeyRow {
  key_id: string;
  partner_id: string;
  key_status: "active" | "revoked";
  partner_status: "active" | "paused" | null;
}

interface WorkspaceRow {
  id: string;
  partner_id: string;
  external_id: string;
  name: string;
  created_by_key_id: string | null;
  provisioned_at: Date;
  roster_revision: number;
  roster_confirmed_at: Date | null;
  roster_observed_at: Date | null;
  roster_last_source: Workspace["rosterLastSource"];
  present_count: number;
  inactive_count: number;
  unconfirmed_count: number;
  missing_address_count: number;
  billing_active_count: number;
  sync_mode: Workspace["syncMode"];
  service_state: Workspace["serviceState"];
  recording_enabled: boolean;
  claim_state: Workspace["claimState"];
}

const workspaceSql = "SELECT * FROM workspace WHERE partner_id = $1 AND external_id = $2";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) });
pool.on("error", () => undefined);

function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    partnerId: row.partner_id,
    externalId: row.external_id,
    name: row.name,
    createdByKeyId: row.created_by_key_id,
    provisionedAt: row.provisioned_at,
    rosterRevision: row.roster_revision,
    rosterConfirmedAt: row.roster_confirmed_at,
    rosterObservedAt: row.roster_observed_at,
    rosterLastSource: row.roster_last_source,
    presentCount: row.present_count,
    inactiveCount: row.inactive_count,
    unconfirmedCount: row.unconfirmed_count,
    missingAddressCount: row.missing_address_count,
    billingActiveCount: row.billing_active_count,
    syncMode: row.sync_mode,
    serviceState: row.service_state,
    recordingEnabled: row.recording_enabled,
    claimState: row.claim_state,
  };
}

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
  return toWorkspace(row);
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
