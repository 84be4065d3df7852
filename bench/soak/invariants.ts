// The checks at the end of the run, each held or broken with its evidence: what the phones were
// told against what PostgreSQL, the bucket and the receiver hold.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import type { ReceivedMail } from "../../tests/support/smtp-receiver";
import type { Disruption } from "./faults";
import { probeSeconds } from "./fixtures";
import type { WalkOutcome } from "./phones";
import type { Arrival } from "./receiver";

export interface Invariant {
  name: string;
  held: boolean;
  /** What was checked, and for a broken one the first cases that break it. */
  evidence: string;
}

export interface DeliveryFigures {
  events: number;
  arrivals: number;
  acknowledged: number;
  duplicates: number;
  duplicateCauses: Record<string, number>;
}

export interface S3Access {
  endpoint: string;
  bucket: string;
}

function s3Client(s3: S3Access): S3Client {
  return new S3Client({
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
}

async function allKeys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((item) => item.Key!));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

const first = (cases: string[], n = 5) => (cases.length === 0 ? "" : `; e.g. ${cases.slice(0, n).join(" | ")}`);

export async function checkInvariants(input: {
  databaseUrl: string;
  /** Where the sealed videos are read from: the bucket, or (local driver) nowhere. */
  s3?: S3Access;
  walks: WalkOutcome[];
  arrivals: Arrival[];
  disruptions: Disruption[];
  providerFindingDescriptions: string[];
  /** What the SMTP server was handed. */
  mails: readonly ReceivedMail[];
}): Promise<{ invariants: Invariant[]; deliveries: DeliveryFigures }> {
  const invariants: Invariant[] = [];
  const add = (name: string, broken: string[], checked: string) =>
    invariants.push({
      name,
      held: broken.length === 0,
      evidence: `${checked}${broken.length ? `: ${broken.length} broken` : ""}${first(broken)}`,
    });
  const db = new pg.Client({ connectionString: input.databaseUrl });
  await db.connect();
  const s3 = input.s3 ? s3Client(input.s3) : undefined;
  const scratch = await mkdtemp(path.join(tmpdir(), "walkthrough-soak-probe-"));
  try {
    const done = input.walks.filter((walk) => walk.doneOk && walk.inspectionId);

    // Every phone finished: nothing the service did stopped a walkthrough.
    const unfinished = input.walks.filter((walk) => !walk.doneOk || !walk.sealedAt);
    add(
      "every phone's walkthrough got Done 2xx and saw it sealed",
      unfinished.map((walk) => `#${walk.index}: ${walk.error ?? "not sealed"}`),
      `${input.walks.length} walkthroughs`,
    );

    // Done 2xx => sealed with exactly one video, of the length sent.
    const sealedBroken: string[] = [];
    for (const walk of done) {
      const { rows } = await db.query<{ sealed_at: Date | null; status: string; media_key: string | null; videos: number }>(
        `SELECT i.sealed_at, i.status, v.media_key, (SELECT count(*)::int FROM inspection_video w WHERE w.inspection_id = i.id) AS videos
           FROM inspection i LEFT JOIN inspection_video v ON v.inspection_id = i.id WHERE i.id = $1`,
        [walk.inspectionId],
      );
      const row = rows[0];
      if (!row?.sealed_at || row.videos !== 1 || !row.media_key) {
        sealedBroken.push(
          `${walk.inspectionId}: sealed ${String(row?.sealed_at)}, ${row?.videos ?? 0} video rows, status ${row?.status}`,
        );
        continue;
      }
      if (!s3) continue;
      const object = await s3.send(new GetObjectCommand({ Bucket: input.s3!.bucket, Key: row.media_key }));
      const file = path.join(scratch, `${walk.inspectionId}.mp4`);
      await writeFile(file, await object.Body!.transformToByteArray());
      const seconds = await probeSeconds(file);
      await rm(file, { force: true });
      if (Math.abs(seconds - walk.fixture.seconds) > 1) {
        sealedBroken.push(`${walk.inspectionId}: video ${seconds.toFixed(2)} s, sent ${walk.fixture.seconds.toFixed(2)} s`);
      }
    }
    add(
      "Done 2xx => sealed with exactly one video whose duration matches (ffprobe, within 1 s)",
      sealedBroken,
      `${done.length} walkthroughs with Done 2xx${s3 ? ", each video read back from the bucket" : ""}`,
    );

    // Stored parts == parts that got a 2xx, digests included; no part object left after a seal.
    const partsBroken: string[] = [];
    const leftovers: string[] = [];
    for (const walk of done) {
      const { rows } = await db.query<{ part_number: number; sha256: string }>(
        "SELECT part_number, sha256 FROM recording_part WHERE inspection_id = $1 ORDER BY part_number",
        [walk.inspectionId],
      );
      const stored = rows.map((row) => `${row.part_number}:${row.sha256}`).join(",");
      const acknowledged = walk.parts
        .filter((part) => part.status !== undefined)
        .map((part) => `${part.partNumber}:${part.sha256}`)
        .join(",");
      if (stored !== acknowledged)
        partsBroken.push(`${walk.inspectionId}: ${rows.length} stored, ${walk.parts.length} acknowledged`);
      if (s3 && walk.sealedAt) {
        const keys = await allKeys(s3, input.s3!.bucket, `_parts/recordings/${walk.inspectionId}/`);
        if (keys.length > 0) leftovers.push(`${walk.inspectionId}: ${keys.length} part objects`);
      }
    }
    add("stored parts == parts that got a 2xx (numbers and SHA-256)", partsBroken, `${done.length} walkthroughs`);
    if (s3)
      add("no part objects remain after a seal", leftovers, `bucket listed under _parts/ for ${done.length} sealed walkthroughs`);

    // No visible double effect.
    const ids = done.map((walk) => walk.inspectionId!);
    const { rows: positions } = await db.query<{
      inspection_id: string;
      n: number;
      positions: number;
      items: number;
      expected: number;
    }>(
      `SELECT i.id AS inspection_id, count(it.*)::int AS n, count(DISTINCT it.position)::int AS positions,
              count(DISTINCT it.item_id)::int AS items,
              (SELECT count(*)::int FROM jsonb_array_elements(i.checklist) l, jsonb_array_elements(l->'items')) AS expected
         FROM inspection i LEFT JOIN inspection_item it ON it.inspection_id = i.id
        WHERE i.id = ANY($1::uuid[]) GROUP BY i.id`,
      [ids],
    );
    add(
      "unique checklist positions (one line per item, none twice)",
      positions
        .filter((row) => row.n !== row.positions || row.n !== row.items || row.n !== row.expected)
        .map((row) => `${row.inspection_id}: ${row.n} lines, ${row.positions} positions, ${row.items} items of ${row.expected}`),
      `${positions.length} inspections`,
    );
    const { rows: findings } = await db.query<{
      inspection_id: string;
      analyzed: boolean;
      n: number;
      places: number;
      descriptions: string[] | null;
    }>(
      `SELECT i.id AS inspection_id, i.analyzed_at IS NOT NULL AS analyzed, count(f.id)::int AS n,
              count(DISTINCT (f.description, f.video_timestamp_seconds))::int AS places,
              array_agg(DISTINCT f.description) FILTER (WHERE f.id IS NOT NULL) AS descriptions
         FROM inspection i LEFT JOIN finding f ON f.inspection_id = i.id AND f.source = 'provider'
        WHERE i.id = ANY($1::uuid[]) GROUP BY i.id`,
      [ids],
    );
    // The provider answers the scripted finding for the frames near its second: every analysed
    // walkthrough has it, nothing else, and never twice at one moment (a retried batch adds nothing).
    const expectedFindings = [...input.providerFindingDescriptions].sort().join(" / ");
    add(
      "findings == what the provider returned (nothing else, none twice)",
      findings
        .filter(
          (row) => !row.analyzed || (row.descriptions ?? []).sort().join(" / ") !== expectedFindings || row.n !== row.places,
        )
        .map((row) =>
          row.analyzed
            ? `${row.inspection_id}: ${row.n} findings at ${row.places} moments, ${JSON.stringify(row.descriptions)}`
            : `${row.inspection_id}: not analysed`,
        ),
      `${findings.length} inspections, provider returned "${expectedFindings}"; ${findings.reduce((n, row) => n + row.n, 0)} findings stored`,
    );
    // A report mail is one Message-ID per walkthrough and person: the outbox sends again only what
    // was never marked sent, under the same Message-ID, so a person never gets two reports.
    const { rows: owed } = await db.query<{ inspection_id: string; user_id: string; email: string; sent: boolean }>(
      `SELECT m.inspection_id, m.user_id, u.email, m.sent_at IS NOT NULL AS sent
         FROM report_mail m JOIN "user" u ON u.id = m.user_id WHERE m.inspection_id = ANY($1::uuid[])`,
      [ids],
    );
    const reports = input.mails.filter((mail) => mail.messageId.startsWith("<report."));
    const idsPerPerson = new Map<string, Set<string>>();
    for (const mail of reports) {
      const inspectionId = mail.messageId.split(".")[1]!;
      const key = `${inspectionId} ${mail.to.toLowerCase()}`;
      idsPerPerson.set(key, (idsPerPerson.get(key) ?? new Set()).add(mail.messageId));
    }
    add(
      "at most one report mail per person (and every one owed was sent)",
      [
        ...[...idsPerPerson].filter(([, set]) => set.size > 1).map(([key, set]) => `${key}: ${set.size} different reports`),
        ...owed
          .filter((row) => !row.sent || !idsPerPerson.has(`${row.inspection_id} ${row.email}`))
          .map((row) => `${row.inspection_id} to ${row.email}: not sent`),
      ],
      `${owed.length} owed, ${reports.length} handed to the mail server (${reports.length - idsPerPerson.size} resent with the same Message-ID)`,
    );
    const { rows: events } = await db.query<{
      id: string;
      inspection_id: string;
      event_type: string;
      delivered: boolean;
      statuses: string;
    }>(
      `SELECT e.id, e.inspection_id, e.event_type,
              bool_and(d.status = 'delivered') AS delivered, string_agg(d.status::text, ',') AS statuses
         FROM webhook_event e LEFT JOIN webhook_delivery d ON d.event_id = e.id
        WHERE e.inspection_id = ANY($1::uuid[]) GROUP BY e.id`,
      [ids],
    );
    const perKey = new Map<string, Set<string>>();
    for (const arrival of input.arrivals) {
      if (!arrival.inspectionId) continue;
      const key = `${arrival.inspectionId} ${arrival.eventType}`;
      perKey.set(key, (perKey.get(key) ?? new Set()).add(arrival.eventId));
    }
    const perEvent = new Map<string, number>();
    for (const event of events)
      perEvent.set(
        `${event.inspection_id} ${event.event_type}`,
        (perEvent.get(`${event.inspection_id} ${event.event_type}`) ?? 0) + 1,
      );
    add(
      "one event per inspection and type (stored and received)",
      [
        ...[...perEvent].filter(([, n]) => n > 1).map(([key, n]) => `${key}: ${n} stored`),
        ...[...perKey].filter(([, set]) => set.size > 1).map(([key, set]) => `${key}: ${set.size} event ids received`),
      ],
      `${events.length} events of ${ids.length} inspections`,
    );

    // Every event reached the receiver signed and ended delivered; duplicates traced.
    const byEvent = new Map<string, Arrival[]>();
    for (const arrival of input.arrivals) byEvent.set(arrival.eventId, [...(byEvent.get(arrival.eventId) ?? []), arrival]);
    const undelivered: string[] = [];
    for (const event of events) {
      const acknowledged = (byEvent.get(event.id) ?? []).filter(
        (arrival) => arrival.verified && arrival.answered >= 200 && arrival.answered < 300,
      );
      if (!event.delivered || acknowledged.length === 0)
        undelivered.push(
          `${event.event_type} ${event.id}: deliveries ${event.statuses}, ${acknowledged.length} signed arrivals acknowledged`,
        );
    }
    const unsigned = input.arrivals.filter((arrival) => !arrival.verified);
    add(
      "every event reached the receiver signed and ended delivered",
      [...undelivered, ...unsigned.map((arrival) => `unsigned arrival of ${arrival.eventId}`)],
      `${events.length} events, ${input.arrivals.length} arrivals`,
    );
    const causes: Record<string, number> = {};
    const untraced: string[] = [];
    let duplicates = 0;
    for (const [eventId, arrivals] of byEvent) {
      const acks = arrivals.filter((arrival) => arrival.answered >= 200 && arrival.answered < 300).sort((a, b) => a.at - b.at);
      for (const later of acks.slice(1)) {
        duplicates += 1;
        // A worker killed or PostgreSQL stopped after the receiver acknowledged and before the
        // next arrival kept the acknowledgement from being recorded; the delivery's lease then ran
        // out and another attempt went. Without one of those a duplicate is a defect.
        const disruption = input.disruptions.find(
          (d) => !d.target.startsWith("web") && d.target !== "s3" && d.from <= later.at && d.to + 1000 >= acks[0]!.at,
        );
        const cause = disruption ? `${disruption.target} killed or stopped, lease expired` : "untraced";
        causes[cause] = (causes[cause] ?? 0) + 1;
        if (!disruption)
          untraced.push(
            `${eventId}: acknowledged at ${new Date(acks[0]!.at).toISOString()} and again at ${new Date(later.at).toISOString()}`,
          );
      }
    }
    add(
      "each duplicate delivery traceable to a kill, a stop or an expired lease",
      untraced,
      `${duplicates} duplicates: ${
        Object.entries(causes)
          .map(([cause, n]) => `${n} ${cause}`)
          .join(", ") || "none"
      }`,
    );
    const acknowledged = input.arrivals.filter((arrival) => arrival.answered >= 200 && arrival.answered < 300).length;
    return {
      invariants,
      deliveries: { events: events.length, arrivals: input.arrivals.length, acknowledged, duplicates, duplicateCauses: causes },
    };
  } finally {
    await db.end();
    s3?.destroy();
    await rm(scratch, { recursive: true, force: true });
  }
}
