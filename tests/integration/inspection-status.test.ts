import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "../support/api";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder } from "../fixtures/recorder";
import { item, provision } from "../fixtures/roster";

/*
 * GET /v1/inspections (spec, Recording links and inspections): the refusals and the states up
 * to `recording`. `processing` after the seal is read in recorder-seal.test.ts.
 */

let partner: TestPartner;
let workspaceId: string;

beforeAll(async () => {
  partner = await createTestPartner();
  workspaceId = await readyWorkspace(partner.apiKey, "status", [item("home-1")]);
});

const read = (query: Record<string, string | undefined>, key = partner.apiKey) => call("GET", "/v1/inspections", { key, query });

describe("GET /v1/inspections", () => {
  it("names a missing or blank parameter", async () => {
    expect(expectError(await read({ task_id: "t" }), 400, "missing_parameter").detail).toEqual({ parameter: "workspace_id" });
    expect(expectError(await read({ workspace_id: workspaceId }), 400, "missing_parameter").detail).toEqual({
      parameter: "task_id",
    });
    expect(expectError(await read({ workspace_id: workspaceId, task_id: " " }), 400, "missing_parameter").detail).toEqual({
      parameter: "task_id",
    });
  });

  it("answers 404 workspace_not_provisioned for an unknown workspace and another partner's", async () => {
    expectError(await read({ workspace_id: "no-such-workspace", task_id: "t" }), 404, "workspace_not_provisioned");
    const other = await createTestPartner();
    expectError(await read({ workspace_id: workspaceId, task_id: "t" }, other.apiKey), 404, "workspace_not_provisioned");
  });

  it("answers 404 task_not_found for a task with no link here, including another workspace's task", async () => {
    expectError(await read({ workspace_id: workspaceId, task_id: "never-issued" }), 404, "task_not_found");
    const otherWorkspace = await readyWorkspace(partner.apiKey, "status-other", [item("home-1")]);
    const taskId = `task-${randomUUID()}`;
    await issueLink(partner.apiKey, { workspace_id: otherWorkspace, task_id: taskId, property_id: "home-1" });
    expectError(await read({ workspace_id: workspaceId, task_id: taskId }), 404, "task_not_found");
    const empty = await provision(partner.apiKey, "status-empty");
    expectError(await read({ workspace_id: empty, task_id: taskId }), 404, "task_not_found");
  });

  it("is pending until the cleaner opens the link, then recording with the inspection_id", async () => {
    const taskId = `task ${randomUUID()} /?#`;
    const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const before = await read({ workspace_id: workspaceId, task_id: taskId });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ status: "pending" });
    const opened = await recorder(link.recording_url).open();
    const after = await read({ workspace_id: workspaceId, task_id: taskId });
    expect(after.body).toEqual({ status: "recording", inspection_id: opened.body.inspection_id });
  });
});
