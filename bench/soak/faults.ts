// The faults, each triggered by the state it needs (a part on its way to a web, ffmpeg
// transcoding under a worker, a provider call open, a webhook attempt hanging, a seal running),
// never by a timer alone. Every injection is recorded with its evidence, and every kill with its
// time, so that a duplicate delivery can be traced to one.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import pg from "pg";
import type { FakeAnalysisProvider } from "../../tests/support/fake-analysis-provider";
import type { PartRequest } from "./load-balancer";
import type { SoakPostgres } from "./postgres-server";
import type { SoakReceiver } from "./receiver";
import type { Supervised } from "./supervisor";

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const faultKinds = [
  "web killed during a part",
  "part answer dropped",
  "worker killed mid-transcode",
  "worker killed mid provider call",
  "worker killed during a hanging webhook",
  "PostgreSQL stopped 10 s during seals",
  "S3 stopped 10 s",
  "S3 stopped 90 s",
  "rolling SIGTERM restart",
] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface Injection {
  kind: FaultKind;
  at: number;
  evidence: string;
}

/** A process going away, for tracing duplicate deliveries. */
export interface Disruption {
  target: string;
  from: number;
  to: number;
}

export interface FaultContext {
  webs: Supervised[];
  workers: Supervised[];
  s3: Supervised;
  postgres: SoakPostgres;
  provider: FakeAnalysisProvider;
  providerPort: number;
  receiver: SoakReceiver;
  databaseUrl: string;
  log(line: string): void;
}

/** The pids with an established TCP connection matching the `ss` filter (as root, `ss -p` names them). */
async function socketOwners(filter: string): Promise<number[]> {
  const { stdout } = await run("ss", ["-tnpH", "state", "established", filter]);
  return [...stdout.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1]));
}

export class Faults {
  readonly injections: Injection[] = [];
  readonly disruptions: Disruption[] = [];
  readonly skipped: string[] = [];
  private armedWebKill = false;
  private armedDrop = false;
  private webKilled: ((evidence: string) => void) | undefined;
  private dropped: ((evidence: string) => void) | undefined;
  private hangSeen: ((clientPort: number, eventId: string) => void) | undefined;

  constructor(private readonly ctx: FaultContext) {
    ctx.receiver.onHang = (port, eventId) => this.hangSeen?.(port, eventId);
  }

  count(kind: FaultKind): number {
    return this.injections.filter((injection) => injection.kind === kind).length;
  }

  private record(kind: FaultKind, evidence: string): void {
    this.injections.push({ kind, at: Date.now(), evidence });
    this.ctx.log(`fault: ${kind}: ${evidence}`);
  }

  // The load balancer's hooks.
  onPartForwarded = (part: PartRequest): void => {
    if (!this.armedWebKill) return;
    this.armedWebKill = false;
    const web = this.ctx.webs.find((candidate) => candidate.name === part.web)!;
    const from = Date.now();
    void web.kill().then(() => {
      this.disruptions.push({ target: web.name, from, to: Date.now() });
      this.webKilled?.(`SIGKILL ${web.name} while part ${part.partNumber} was streaming to it`);
    });
  };

  dropPartAnswer = (part: PartRequest, status: number): boolean => {
    if (!this.armedDrop || status < 200 || status >= 300) return false;
    this.armedDrop = false;
    this.dropped?.(`answer ${status} to part ${part.partNumber} from ${part.web} dropped after the web stored it`);
    return true;
  };

  private async restart(process: Supervised, from: number): Promise<void> {
    await process.start();
    this.disruptions.push({ target: process.name, from, to: Date.now() });
  }

  private async waitFor<T>(what: () => Promise<T | undefined>, timeoutMs: number, everyMs = 200): Promise<T | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = await what().catch(() => undefined);
      if (found !== undefined) return found;
      await sleep(everyMs);
    }
    return undefined;
  }

  private workerOf = async (pid: number): Promise<Supervised | undefined> => {
    for (const worker of this.ctx.workers) if ((await worker.tree()).includes(pid)) return worker;
    return undefined;
  };

  private async activeSeals(): Promise<number> {
    const client = new pg.Client({ connectionString: this.ctx.databaseUrl, connectionTimeoutMillis: 2000 });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'seal-recording' AND state = 'active'",
      );
      return rows[0]!.n;
    } finally {
      await client.end();
    }
  }

  /** Injects one fault of `kind` once its state is there; false when the state never came. */
  async inject(kind: FaultKind, timeoutMs = 120_000): Promise<boolean> {
    switch (kind) {
      case "web killed during a part": {
        const done = new Promise<string>((resolve) => (this.webKilled = resolve));
        this.armedWebKill = true;
        const evidence = await Promise.race([done, sleep(timeoutMs).then(() => undefined)]);
        this.armedWebKill = false;
        if (!evidence) return this.skip(kind);
        this.record(kind, evidence);
        // The supervisor starts it again a moment later.
        await sleep(2000);
        for (const web of this.ctx.webs) if (!web.alive()) await this.restart(web, Date.now());
        return true;
      }
      case "part answer dropped": {
        const done = new Promise<string>((resolve) => (this.dropped = resolve));
        this.armedDrop = true;
        const evidence = await Promise.race([done, sleep(timeoutMs).then(() => undefined)]);
        this.armedDrop = false;
        if (!evidence) return this.skip(kind);
        this.record(kind, evidence);
        return true;
      }
      case "worker killed mid-transcode": {
        const found = await this.waitFor(async () => {
          for (const worker of this.ctx.workers) {
            for (const pid of await worker.tree()) {
              const command = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
              if (command.includes("ffmpeg") && command.includes("libx264")) return { worker, pid };
            }
          }
          return undefined;
        }, timeoutMs);
        if (!found) return this.skip(kind);
        const from = Date.now();
        await found.worker.kill();
        this.record(kind, `SIGKILL ${found.worker.name} while its ffmpeg (pid ${found.pid}) transcoded with libx264`);
        await this.restart(found.worker, from);
        return true;
      }
      case "worker killed mid provider call": {
        const before = this.ctx.provider.requests.length;
        this.ctx.provider.setDelay(5000);
        const found = await this.waitFor(async () => {
          if (this.ctx.provider.requests.length === before) return undefined;
          for (const pid of await socketOwners(`( dport = :${this.ctx.providerPort} )`)) {
            const worker = await this.workerOf(pid);
            if (worker) return { worker, pid };
          }
          return undefined;
        }, timeoutMs);
        this.ctx.provider.setDelay(0);
        if (!found) return this.skip(kind);
        const from = Date.now();
        await found.worker.kill();
        this.record(kind, `SIGKILL ${found.worker.name} with a provider request open (its pid ${found.pid} held the socket)`);
        await this.restart(found.worker, from);
        return true;
      }
      case "worker killed during a hanging webhook": {
        const hang = new Promise<{ port: number; eventId: string }>(
          (resolve) => (this.hangSeen = (port, eventId) => resolve({ port, eventId })),
        );
        this.ctx.receiver.hangNext = true;
        const seen = await Promise.race([hang, sleep(timeoutMs).then(() => undefined)]);
        this.ctx.receiver.hangNext = false;
        this.hangSeen = undefined;
        if (!seen) return this.skip(kind);
        const owner = (await socketOwners(`( sport = :${seen.port} )`))[0];
        const worker = owner === undefined ? undefined : await this.workerOf(owner);
        if (!worker) return this.skip(kind);
        const from = Date.now();
        await worker.kill();
        this.record(kind, `SIGKILL ${worker.name} while its attempt of event ${seen.eventId} hung at the receiver`);
        await this.restart(worker, from);
        return true;
      }
      case "PostgreSQL stopped 10 s during seals": {
        const seals = await this.waitFor(
          async () => ((await this.activeSeals()) > 0 ? await this.activeSeals() : undefined),
          timeoutMs,
        );
        if (!seals) return this.skip(kind);
        const from = Date.now();
        await this.ctx.postgres.stopImmediate();
        await sleep(10_000);
        await this.ctx.postgres.start();
        this.disruptions.push({ target: "postgres", from, to: Date.now() });
        this.record(kind, `pg_ctl stop -m immediate with ${seals} seal(s) running; started again after 10 s`);
        return true;
      }
      case "S3 stopped 10 s":
      case "S3 stopped 90 s": {
        const seconds = kind === "S3 stopped 10 s" ? 10 : 90;
        const seals =
          (await this.waitFor(async () => ((await this.activeSeals()) > 0 ? await this.activeSeals() : undefined), 30_000)) ?? 0;
        const from = Date.now();
        await this.ctx.s3.kill();
        await sleep(seconds * 1000);
        await this.restart(this.ctx.s3, from);
        this.record(kind, `s3rver SIGKILLed with ${seals} seal(s) running and parts arriving; back after ${seconds} s`);
        return true;
      }
      case "rolling SIGTERM restart": {
        const lines: string[] = [];
        for (const process of [...this.ctx.webs, ...this.ctx.workers, this.ctx.s3]) {
          const from = Date.now();
          const { clean } = await process.terminate();
          await this.restart(process, from);
          lines.push(
            `${process.name} ${clean ? "stopped cleanly" : "needed SIGKILL"} in ${((Date.now() - from) / 1000).toFixed(1)} s`,
          );
        }
        this.record(kind, lines.join("; "));
        return true;
      }
    }
  }

  private skip(kind: FaultKind): false {
    this.skipped.push(`${kind}: its state did not come in time`);
    this.ctx.log(`fault: ${kind}: skipped (its state did not come in time)`);
    return false;
  }

  /** Faults until each kind has `target(kind)` injections or `until` passes, `gapMs` apart. */
  async campaign(target: (kind: FaultKind) => number, until: () => boolean, gapMs: number): Promise<void> {
    for (let round = 0; !until(); round++) {
      const due = faultKinds.filter((kind) => this.count(kind) < target(kind));
      if (due.length === 0) return;
      for (const kind of due) {
        if (until()) return;
        await this.inject(kind, kind === "worker killed mid-transcode" ? 180_000 : 90_000);
        await sleep(gapMs);
      }
      if (round > 10) return;
    }
  }
}
