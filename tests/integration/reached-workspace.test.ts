import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "../../lib/db/client";
import { ApiError } from "../../lib/errors/api-error";
import { findWorkspace } from "../../lib/workspaces/get-workspace";
import { provisionWorkspace } from "../../lib/workspaces/provision-workspace";
import { withReachScope } from "../../lib/workspaces/reached-workspace";
import { assertWorkspaceKind } from "../../lib/workspaces/workspace-kind";
import { createTestPartner, type TestPartner } from "../fixtures/partners";

/*
 * A partner call reads its workspace once: the reach check's read is handed to the handler's
 * first read of the same workspace (lib/workspaces/reached-workspace.ts), and to nothing else.
 * Against the real database: a handed-over read is the very object the check read; any other
 * read is a fresh one, which sees a change made since.
 */

let partner: TestPartner;
let workspaceId: string;
let otherId: string;
const live = () => ({ partnerId: partner.partnerId, sandbox: false });

async function rename(id: string, name: string): Promise<void> {
  await pool().query("UPDATE workspace SET name = $3 WHERE partner_id = $1 AND external_id = $2", [partner.partnerId, id, name]);
}

beforeAll(async () => {
  partner = await createTestPartner();
  workspaceId = `reach-${randomUUID().slice(0, 8)}`;
  otherId = `reach-other-${randomUUID().slice(0, 8)}`;
  for (const id of [workspaceId, otherId]) {
    await provisionWorkspace({ partnerId: partner.partnerId, keyId: partner.keyId, workspaceId: id, name: "Before" });
  }
});

describe("the workspace read by the reach check", () => {
  it("is the handler's first read of that workspace, once; the next read is the database's", async () => {
    await withReachScope(async () => {
      await assertWorkspaceKind(live(), workspaceId);
      await rename(workspaceId, "After");
      const handed = await findWorkspace(partner.partnerId, workspaceId);
      expect(handed?.name).toBe("Before");
      const again = await findWorkspace(partner.partnerId, workspaceId);
      expect(again?.name).toBe("After");
      expect(again).not.toBe(handed);
    });
    await rename(workspaceId, "Before");
  });

  it("hands over an unknown workspace as none, and a wrong kind is refused before anything is handed over", async () => {
    await withReachScope(async () => {
      await assertWorkspaceKind(live(), "no-such-workspace");
      expect(await findWorkspace(partner.partnerId, "no-such-workspace")).toBeNull();
    });
    await withReachScope(async () => {
      const refused = await assertWorkspaceKind({ partnerId: partner.partnerId, sandbox: true }, workspaceId).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).code).toBe("workspace_not_provisioned");
      await rename(workspaceId, "Changed");
      expect((await findWorkspace(partner.partnerId, workspaceId))?.name).toBe("Changed");
    });
    await rename(workspaceId, "Before");
  });

  it("is not given for another workspace, another partner, inside a transaction or outside a request", async () => {
    await withReachScope(async () => {
      await assertWorkspaceKind(live(), workspaceId);
      await rename(workspaceId, "After");
      expect((await findWorkspace(partner.partnerId, otherId))?.externalId).toBe(otherId);
      // Taken by the first read, even of another workspace: this one is read afresh.
      expect((await findWorkspace(partner.partnerId, workspaceId))?.name).toBe("After");
    });
    await rename(workspaceId, "Before");

    const stranger = await createTestPartner();
    await withReachScope(async () => {
      await assertWorkspaceKind(live(), workspaceId);
      expect(await findWorkspace(stranger.partnerId, workspaceId)).toBeNull();
    });

    await withReachScope(async () => {
      await assertWorkspaceKind(live(), workspaceId);
      await rename(workspaceId, "After");
      const { db } = await import("../../lib/db/client");
      const inTx = await db().$transaction((tx) => findWorkspace(partner.partnerId, workspaceId, tx));
      expect(inTx?.name).toBe("After");
    });
    await rename(workspaceId, "Before");

    await assertWorkspaceKind(live(), workspaceId);
    await rename(workspaceId, "After");
    expect((await findWorkspace(partner.partnerId, workspaceId))?.name).toBe("After");
    await rename(workspaceId, "Before");
  });

  it("stays with its own request when requests overlap", async () => {
    // Three requests check their reach, then both workspaces are renamed, then each reads:
    // each must get what its own check read (both names "Before"), none another's or a fresh one.
    let reached = 0;
    let renamed: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (renamed = resolve));
    const read = (id: string) =>
      withReachScope(async () => {
        await assertWorkspaceKind(live(), id);
        reached++;
        await gate;
        const found = await findWorkspace(partner.partnerId, id);
        return `${found?.externalId === id ? "own" : "other"} ${found?.name}`;
      });
    const reads = Promise.all([read(workspaceId), read(otherId), read(workspaceId)]);
    while (reached < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await rename(workspaceId, "After");
    await rename(otherId, "After");
    renamed();
    expect(await reads).toEqual(["own Before", "own Before", "own Before"]);
    await rename(workspaceId, "Before");
    await rename(otherId, "Before");
  });
});
