import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newRecordingToken } from "../../lib/recording/recording-token";
import { demoApiKey } from "../support/app-process";
import { call, expectError } from "../support/api";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder } from "../fixtures/recorder";
import { item } from "../fixtures/roster";
import { useApp } from "../support/use-app";

/*
 * The recording app's API is unauthenticated by partner keys, so it is limited twice: per link
 * (RATE_LIMIT_RECORDER) and, for tokens no link was issued with, per client address
 * (RATE_LIMIT_UNAUTHENTICATED, shared with bad partner keys). An app of its own, with small
 * limits and an hour-long window.
 */

const recorderLimit = 5;
const unauthenticatedLimit = 4;

const app = useApp({
  env: {
    CREATE_DEMO_PARTNER: "true",
    RATE_LIMIT_RECORDER: String(recorderLimit),
    RATE_LIMIT_UNAUTHENTICATED: String(unauthenticatedLimit),
    RATE_LIMIT_WINDOW_SECONDS: "3600",
  },
  database: "reclimits",
});

describe("recorder rate limits", () => {
  it("limit each link's calls, and another link is not held back", async () => {
    const key = await demoApiKey(app);
    const workspaceId = await readyWorkspace(key, "limits", [item("home-1")]);
    const link = async () =>
      recorder(
        (await issueLink(key, { workspace_id: workspaceId, task_id: `t-${randomUUID()}`, property_id: "home-1" })).recording_url,
      );
    const busy = await link();
    for (let i = 0; i < recorderLimit; i++) expect((await busy.session()).status).toBe(200);
    const refused = await busy.session();
    expectError(refused, 429, "too_many_requests");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await (await link()).session()).status).toBe(200);
  });

  it("limit unknown tokens per client address", async () => {
    for (let i = 0; i < unauthenticatedLimit; i++)
      expectError(await call("GET", `/r/${newRecordingToken()}/api/session`), 404, "not_found");
    expectError(await call("GET", `/r/${newRecordingToken()}/api/session`), 429, "too_many_requests");
  });
});
