import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { demoApiKey } from "../support/app-process";
import { expectError } from "../support/api";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder } from "../fixtures/recorder";
import { item } from "../fixtures/roster";
import { useApp } from "../support/use-app";

/*
 * The walkthrough's byte cap (4 GiB; RECORDING_MAX_BYTES lowers it here to 1,000,000) holds when
 * parts arrive at once: each part reserves its bytes before it streams, so parts that each see
 * room cannot together pass the cap. An app of its own.
 */

const capBytes = 1_000_000;
const partBytes = 300_000;

const app = useApp({ env: { CREATE_DEMO_PARTNER: "true", RECORDING_MAX_BYTES: String(capBytes) }, database: "reccap" });

/** A part that opens a WebM recording (each may be its run's first, whichever lands first). */
function webmPart(fill: number): Buffer {
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(partBytes - 4, fill)]);
}

describe("the walkthrough's byte cap", () => {
  it("accepts exactly the parts that fit when they are uploaded at once", async () => {
    const key = await demoApiKey(app);
    const workspaceId = await readyWorkspace(key, "cap", [item("home-1")]);
    const rec = recorder(
      (await issueLink(key, { workspace_id: workspaceId, task_id: `task-${randomUUID()}`, property_id: "home-1" })).recording_url,
    );
    const opened = await rec.open();
    expect(opened.status, opened.text).toBe(200);
    expect((opened.body.limits as { recording_bytes: number }).recording_bytes).toBe(capBytes);

    const numbers = [1, 2, 3, 4, 5, 6, 7, 8];
    const answers = await Promise.all(numbers.map((n) => rec.putPart(n, webmPart(n))));
    const fits = Math.floor(capBytes / partBytes);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(fits);
    for (const refused of answers.filter((answer) => answer.status !== 201)) expectError(refused, 413, "payload_too_large");

    const stored = await db().recordingPart.aggregate({
      where: { inspectionId: opened.body.inspection_id as string },
      _sum: { size: true },
      _count: true,
    });
    expect({ parts: stored._count, bytes: stored._sum.size }).toEqual({ parts: fits, bytes: fits * partBytes });
    // What is left is what the next part may hold.
    const over = await rec.putPart(9, webmPart(9));
    expect(expectError(over, 413, "payload_too_large").detail).toEqual({ limit_bytes: capBytes - fits * partBytes });
  });
});
