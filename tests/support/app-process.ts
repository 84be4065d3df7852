import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface StartAppOptions {
  databaseUrl: string;
  /** Added to this process's environment; PORT, DATABASE_URL and DATA_DIR are always set here. */
  env?: Record<string, string>;
  /** A free port is picked when none is given. */
  port?: number;
  /** How long to wait for the first answer; a cold start includes Next's prepare. */
  startTimeoutMs?: number;
  /** Reuse this DATA_DIR (a restart after a crash); the caller then owns and removes it. */
  dataDir?: string;
  /** Runs the start command through another (e.g. inside a mount namespace); gets and returns argv. */
  wrap?: (argv: string[]) => string[];
}

export interface AppProcess {
  baseUrl: string;
  /** The tsx launcher's pid; the server itself runs in a child process that tsx relays signals to. */
  pid: number;
  /** stdout and stderr of the app, one file; removed by stop() together with the app's DATA_DIR. */
  logFile: string;
  dataDir: string;
  stop(): Promise<void>;
  /** SIGKILL to the launcher and the server together, as a crash would; DATA_DIR is kept. */
  kill(): Promise<void>;
}

/** The demo partner's key that an app started with CREATE_DEMO_PARTNER made in its DATA_DIR. */
export async function demoApiKey(app: Pick<AppProcess, "dataDir">): Promise<string> {
  const credentials = JSON.parse(await readFile(path.join(app.dataDir, "demo-credentials.json"), "utf8")) as { api_key: string };
  return credentials.api_key;
}

/** A port nobody listens on right now (the OS picks it), so two runs on one machine don't collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

// node:http without an agent: a fetch here would leave a pooled keep-alive connection in this
// process that holds Vitest open for its whole close timeout.
export function probe(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", resolve);
    });
    request.on("error", reject);
  });
}

/** Polls `url` until it answers, the process exits, or the deadline passes; the error quotes the log. */
export async function waitForServer(url: string, child: ChildProcess, logFile: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      await probe(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const tail = (await readFile(logFile, "utf8").catch(() => "")).slice(-4000);
  throw new Error(`The process did not start serving ${url}. Its log ends:\n${tail}`);
}

/** SIGTERM, up to 15 s for a clean stop, then SIGKILL. */
export async function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<void> {
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  if (gone()) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  if (gone()) return;
  child.kill("SIGKILL");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
}

/**
 * Starts the built app exactly as `npm start` runs it (`tsx scripts/start.ts`) against an
 * existing database, with its own temporary DATA_DIR, and resolves once it answers HTTP.
 * The caller makes sure the build is current (lib/server/build.ts `ensureBuild`).
 */
export async function startAppProcess(options: StartAppOptions): Promise<AppProcess> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "walkthrough-test-app-")));
  const port = options.port ?? (await freePort());
  const logFile = path.join(dataDir, "app.log");
  // A file descriptor rather than pipes: the app writes straight to the log, and no pipe
  // handle in this process outlives it.
  const logFd = openSync(logFile, "a");
  const argv = [process.execPath, path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"];
  const [command, ...args] = options.wrap ? options.wrap(argv) : argv;
  const app = spawn(command!, args, {
    cwd: root,
    env: { ...process.env, ...options.env, PORT: String(port), DATABASE_URL: options.databaseUrl, DATA_DIR: dataDir },
    stdio: ["ignore", logFd, logFd],
    // Its own process group, so that kill() reaches the server behind the tsx launcher too.
    detached: true,
  });
  closeSync(logFd);
  const stop = async () => {
    await stopProcess(app);
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    const exited = new Promise((resolve) => app.once("exit", resolve));
    process.kill(-app.pid!, "SIGKILL");
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(baseUrl, app, logFile, options.startTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: app.pid!, logFile, dataDir, stop, kill };
}
