// Runs each process of the topology as a supervisor would: in its own process group (so a kill
// reaches ffmpeg under a worker too), its output appended to one log, started again after the
// soak killed it. An exit the soak did not cause is recorded: that is an invariant broken.
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { probe } from "../../tests/support/app-process";
import { processTree } from "../processes";
import { root } from "./build";

export interface ProcessSpec {
  name: string;
  kind: "web" | "worker" | "s3";
  script: string;
  env: Record<string, string>;
  logFile: string;
  /** Ready once this URL answers, or once the log shows this line. */
  readyUrl?: string;
  readyLine?: string;
}

export interface UnexpectedExit {
  name: string;
  code: number | null;
  signal: string | null;
  at: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Supervised {
  private child: ChildProcess | undefined;
  /** Set before the soak stops or kills it, so the exit is not counted as the process's own. */
  private expecting = false;
  private stopped = false;
  starts = 0;

  constructor(
    readonly spec: ProcessSpec,
    private readonly onUnexpectedExit: (exit: UnexpectedExit) => void,
  ) {}

  get name(): string {
    return this.spec.name;
  }

  get pid(): number | undefined {
    return this.alive() ? this.child?.pid : undefined;
  }

  alive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(timeoutMs = 180_000): Promise<void> {
    const logFd = openSync(this.spec.logFile, "a");
    const logStart = (await readFile(this.spec.logFile, "utf8").catch(() => "")).length;
    const child = spawn(process.execPath, [`${root}/node_modules/tsx/dist/cli.mjs`, this.spec.script], {
      cwd: root,
      env: { ...process.env, ...this.spec.env },
      stdio: ["ignore", logFd, logFd],
      detached: true,
    });
    closeSync(logFd);
    this.child = child;
    this.expecting = false;
    this.starts += 1;
    let ready = false;
    child.on("exit", (code, signal) => {
      // One that dies while starting is reported by start() itself.
      if (this.child !== child || this.expecting || this.stopped || !ready) return;
      this.onUnexpectedExit({ name: this.name, code, signal, at: Date.now() });
      // A supervisor starts it again (as often as it takes); the exit stays on the record.
      void this.startAgain();
    });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.alive()) throw new Error(`${this.name} exited while starting; see ${this.spec.logFile}`);
      if (this.spec.readyUrl) {
        const ok = await probe(this.spec.readyUrl).then(
          () => true,
          () => false,
        );
        if (ok) return void (ready = true);
      } else if (this.spec.readyLine) {
        const text = (await readFile(this.spec.logFile, "utf8").catch(() => "")).slice(logStart);
        if (text.includes(this.spec.readyLine)) return void (ready = true);
      }
      if (Date.now() > deadline) throw new Error(`${this.name} did not get ready in ${timeoutMs} ms; see ${this.spec.logFile}`);
      await sleep(200);
    }
  }

  private async startAgain(): Promise<void> {
    for (let wait = 1000; !this.stopped; wait = Math.min(wait * 2, 10_000)) {
      await sleep(wait);
      try {
        return await this.start();
      } catch {
        // Tried again after a longer wait.
      }
    }
  }

  private exited(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive()) return Promise.resolve();
    return new Promise((resolve) => child.once("exit", () => resolve()));
  }

  /** SIGKILL to the whole group, as a crash would. */
  async kill(): Promise<void> {
    if (!this.alive()) return;
    this.expecting = true;
    const exited = this.exited();
    process.kill(-this.child!.pid!, "SIGKILL");
    await exited;
  }

  /** SIGTERM (a clean stop: running work finishes), SIGKILL after `graceMs`. */
  async terminate(graceMs = 90_000): Promise<{ clean: boolean }> {
    if (!this.alive()) return { clean: true };
    this.expecting = true;
    const exited = this.exited();
    this.child!.kill("SIGTERM");
    const clean = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
    if (!clean) await this.kill();
    // Whatever the launcher left behind in the group (it relays the signal to the server).
    try {
      process.kill(-this.child!.pid!, "SIGKILL");
    } catch {
      // The group is gone.
    }
    return { clean };
  }

  async restart(): Promise<void> {
    await this.start();
  }

  /** The end of the run: stopped for good, no exit counted. */
  async shutdown(): Promise<void> {
    this.stopped = true;
    await this.terminate(30_000);
  }

  /** Every pid of this process's tree (the launcher, the server, ffmpeg under it). */
  async tree(): Promise<number[]> {
    const pid = this.pid;
    return pid === undefined ? [] : processTree(pid);
  }
}
