import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { timestampInfo } from "../../lib/evidence/trusted-timestamp";
import { call } from "../support/api";
import { downloadPacket, flipByte, tamperedPacket } from "../support/evidence-packet";
import { runAdmin, runAdminJson } from "../support/cli";
import { startTsaServer, type TsaServer } from "../support/tsa-server";
import { until } from "../support/until";
import { useApp } from "../support/use-app";
import { makeTestVideo } from "../support/video-fixtures";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, uploadRuns, waitUntilSealed } from "../fixtures/recorder";
import { item } from "../fixtures/roster";

/*
 * RFC 3161 timestamps of the evidence records (issue 27), against a real authority: `openssl ts
 * -reply` behind a local HTTP server (tests/support/tsa-server.ts). The seal does not wait for it:
 * the authority is down for the first request, the record is signed anyway, and the job's retry
 * gets the token. The token is checked with `openssl ts -verify`, carried in the packet and
 * checked by `evidence verify`, which fails on a changed token.
 */

const run = promisify(execFile);
let tsa: TsaServer;
let dir: string;
beforeAll(async () => {
  tsa = await startTsaServer();
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-tsa-test-"));
});
// Registered after the authority starts: the app is given its address.
const app = useApp({ workers: 1, database: "tsa", appUrl: true, env: () => ({ EVIDENCE_TSA_URL: tsa.url }) });
afterAll(async () => {
  await tsa?.close();
  await rm(dir, { recursive: true, force: true });
});

let partner: TestPartner;
let workspaceId: string;

async function sealedWalk(): Promise<string> {
  const link = await issueLink(partner.apiKey, {
    workspace_id: workspaceId,
    task_id: `task-${randomUUID()}`,
    property_id: "home-1",
  });
  const rec = recorder(link.recording_url);
  const opened = await rec.open();
  expect(opened.status, opened.text).toBe(200);
  const ids = (opened.body.checklist as { items: { id: string }[] }[])[0]!.items.map((entry) => entry.id);
  const video = await makeTestVideo(dir, "walk.webm", { format: "webm-vp8-stream", seconds: 2 });
  const manifest = await uploadRuns(rec, [video], { partSize: 48 * 1024 });
  const done = await rec.finish({ parts: manifest, events_seq: 0, finish_anyway: ids });
  expect(done.status, done.text).toBe(202);
  expect((await waitUntilSealed(rec)).state).toBe("sealed");
  return opened.body.inspection_id as string;
}

describe("trusted timestamps", () => {
  let inspectionId: string;
  let packet: string;

  it("stamps the recording record after the seal, retrying an authority that was down", async () => {
    partner = await createTestPartner("Timestamp Co");
    workspaceId = await readyWorkspace(partner.apiKey, "tsa", [item("home-1")]);
    const put = await call("PUT", "/v1/properties/home-1/checklist", {
      key: partner.apiKey,
      query: { workspace_id: workspaceId },
      body: { items: [{ name: "Beds made" }] },
    });
    expect(put.status, put.text).toBe(200);

    tsa.failNext(1);
    inspectionId = await sealedWalk();
    // Sealed and signed whatever the authority did.
    const record = await db().evidenceRecord.findUniqueOrThrow({
      where: { inspectionId_kind: { inspectionId, kind: "recording" } },
    });
    const stamped = await until(
      () => `the recording record's timestamp (${tsa.stamped} stamped)`,
      async () =>
        (await db().evidenceRecord.findUniqueOrThrow({ where: { inspectionId_kind: { inspectionId, kind: "recording" } } }))
          .tsaToken ?? undefined,
      60_000,
      250,
    );
    const token = Buffer.from(stamped);
    // The first ask was refused; the job's retry got the token.
    expect(tsa.refused).toBe(1);
    expect(tsa.stamped).toBeGreaterThanOrEqual(1);
    const info = timestampInfo(token);
    expect(info.sha256).toBe(record.sha256);
    expect(Math.abs(info.time.getTime() - Date.now())).toBeLessThan(5 * 60_000);

    // The authority's signature, checked by openssl itself against its CA.
    await writeFile(path.join(dir, "record.jws"), record.jws);
    await writeFile(path.join(dir, "record.tst"), token);
    const verified = await run(
      "openssl",
      ["ts", "-verify", "-token_in", "-in", "record.tst", "-data", "record.jws", "-CAfile", tsa.caFile],
      {
        cwd: dir,
      },
    );
    expect(verified.stdout).toContain("Verification: OK");
  }, 180_000);

  it("puts the tokens in the packet (the report record's too, stamped after release); evidence verify checks them, and fails on a changed one", async () => {
    const env = { APP_URL: app.baseUrl, DATA_DIR: app.dataDir };
    const pending = await db().inspectionItem.findMany({ where: { inspectionId, state: "pending" } });
    for (const line of pending) {
      await runAdminJson(["review", "decide", "--inspection", inspectionId, "--item", line.itemId, "--state", "verified"], env);
    }
    const released = await runAdmin(["review", "release", "--inspection", inspectionId], env);
    expect(released.code, released.stderr).toBe(0);
    await until(
      "the report record's timestamp",
      async () =>
        (await db().evidenceRecord.findUnique({ where: { inspectionId_kind: { inspectionId, kind: "report" } } }))?.tsaToken ??
        undefined,
      60_000,
      250,
    );

    const answer = await call("GET", `/v1/inspections/${inspectionId}/evidence`, {
      key: partner.apiKey,
      query: { workspace_id: workspaceId },
    });
    expect(answer.status, answer.text).toBe(200);
    packet = path.join(dir, "packet.zip");
    await downloadPacket((answer.body.packet as { download_url: string }).download_url, packet);

    const good = await runAdmin(["evidence", "verify", packet, "--tsa-ca", tsa.caFile], env);
    expect(good.code, good.stdout + good.stderr).toBe(0);
    expect(good.stdout).toMatch(
      /holds +report-record\.tst \(trusted timestamp\): stamps the record's SHA-256 at .*, signed by the authority/,
    );
    expect(good.stdout).toMatch(
      /holds +recording-record\.tst \(trusted timestamp\): stamps the record's SHA-256 at .*, signed by the authority/,
    );
    const unchecked = await runAdmin(["evidence", "verify", packet], env);
    expect(unchecked.code).toBe(0);
    expect(unchecked.stdout).toContain("authority's signature not checked: give --tsa-ca");

    const changed = path.join(dir, "token-changed.zip");
    await tamperedPacket(packet, changed, "recording-record.tst", flipByte(-5));
    const bad = await runAdmin(["evidence", "verify", changed, "--tsa-ca", tsa.caFile], env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/FAILS +recording-record\.tst \(trusted timestamp\)/);
  }, 120_000);
});
