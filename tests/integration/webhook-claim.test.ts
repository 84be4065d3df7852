import { beforeAll, describe, expect, it } from "vitest";
import { claimStatement, claimWindow } from "../../lib/webhooks/claim-deliveries";
import { runSql } from "../support/databases";
import { useApp } from "../support/use-app";

/*
 * The webhook claim starts from the due deliveries, not from every partner: on 2,000 partners
 * with 50,000 deliveries of history (a few hundred still due), PostgreSQL's plan (EXPLAIN after
 * ANALYZE) reads the due ones through the (status, next_attempt_at, id) index and the leased ones
 * through the lease index, and probes no partner. Fairness on the same table: a partner whose
 * receiver hangs with its cap in flight is passed over, and another partner's deliveries are
 * claimed at once; one with a backlog takes no more than its receiver's room.
 */

const app = useApp({ workers: 0, database: "whclaim" });
const cap = 32;
const sql = (text: string, values: unknown[] = []) => runSql(app.databaseUrl, text, values);

/** One worker's claim, as the dispatcher runs it: the partners whose deliveries it leased. */
async function claim(limit: number): Promise<string[]> {
  const rows = (await sql(claimStatement, [limit, cap, claimWindow(limit)])) as { id: string }[];
  if (rows.length === 0) return [];
  const owners = (await sql(
    "SELECT p.name FROM webhook_delivery d JOIN partner p ON p.id = d.partner_id WHERE d.id = ANY($1::uuid[])",
    [rows.map((row) => row.id)],
  )) as { name: string }[];
  return owners.map((owner) => owner.name).sort();
}

/** `count` events of a partner, each with one delivery in `status`, due `dueSecondsAgo` ago. */
async function deliveries(partner: string, count: number, status: string, dueSecondsAgo: number, leased = false) {
  await sql(
    `WITH e AS (
       INSERT INTO webhook_event (id, partner_id, event_type, body, built_at)
       SELECT gen_random_uuid(), p.id, 'inspection.completed', '{}', now() FROM partner p, generate_series(1, $2::int)
       WHERE p.name = $1 RETURNING id, partner_id)
     INSERT INTO webhook_delivery (id, event_id, partner_id, status, next_attempt_at, lease_until, finished_at)
     SELECT gen_random_uuid(), e.id, e.partner_id, $3::text::"WebhookDeliveryStatus",
            CASE WHEN $3::text = 'pending' THEN now() - make_interval(secs => $4::int) END,
            CASE WHEN $5::boolean THEN now() + interval '1 hour' END,
            CASE WHEN $3::text <> 'pending' THEN now() END
     FROM e`,
    [partner, count, status, dueSecondsAgo, leased],
  );
}

beforeAll(async () => {
  await sql(`INSERT INTO partner (id, name) SELECT gen_random_uuid(), 'claim-' || g FROM generate_series(1, 2000) g`);
  await sql(
    `INSERT INTO partner (id, name) VALUES (gen_random_uuid(), 'hanging'), (gen_random_uuid(), 'other'), (gen_random_uuid(), 'backlog')`,
  );
  // History: 25 delivered events per partner; a few partners with a due delivery each.
  await sql(
    `WITH e AS (
       INSERT INTO webhook_event (id, partner_id, event_type, body, built_at)
       SELECT gen_random_uuid(), p.id, 'inspection.completed', '{}', now() FROM partner p, generate_series(1, 25)
       WHERE p.name LIKE 'claim-%' RETURNING id, partner_id)
     INSERT INTO webhook_delivery (id, event_id, partner_id, status, next_attempt_at, finished_at)
     SELECT gen_random_uuid(), e.id, e.partner_id, 'delivered', NULL, now() FROM e`,
  );
  await sql("ANALYZE partner");
  await sql("ANALYZE webhook_delivery");
}, 240_000);

async function plan(limit: number): Promise<string> {
  const rows = (await sql(`EXPLAIN ${claimStatement}`, [limit, cap, claimWindow(limit)])) as { "QUERY PLAN": string }[];
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

describe("the webhook claim", () => {
  it("reads the due deliveries through (status, next_attempt_at, id) and probes no partner", async () => {
    const [count] = (await sql("SELECT count(*)::int AS n FROM webhook_delivery")) as { n: number }[];
    expect(count!.n).toBeGreaterThanOrEqual(50_000);
    const found = await plan(256);
    expect(found).toContain("webhook_delivery_status_next_attempt_at_id_idx");
    expect(found).not.toMatch(/Seq Scan on partner/);
    expect(found).not.toMatch(/Seq Scan on webhook_delivery/);
  });

  it("passes over a receiver that hangs with its cap in flight: another partner's deliveries are claimed at once", async () => {
    // The hanging receiver holds 32 leased deliveries and has 200 more due, older than anyone's.
    await deliveries("hanging", cap, "pending", 600, true);
    await deliveries("hanging", 200, "pending", 300);
    await deliveries("other", 3, "pending", 10);
    expect(await claim(8)).toEqual(["other", "other", "other"]);
    expect(await claim(8)).toEqual([]);
  });

  it("gives a partner with a backlog no more than its receiver's room, and the others their turn within a few claims", async () => {
    await deliveries("backlog", 500, "pending", 200);
    await deliveries("other", 2, "pending", 5);
    const seen: string[] = [];
    for (let round = 0; round < 8 && !seen.includes("other"); round++) seen.push(...(await claim(16)));
    const backlogClaimed = seen.filter((name) => name === "backlog").length;
    expect(backlogClaimed).toBeLessThanOrEqual(cap);
    expect(seen.filter((name) => name === "other")).toHaveLength(2);
    expect(seen).not.toContain("hanging");
  });
});
