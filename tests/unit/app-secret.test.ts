import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

interface Racer {
  child: ChildProcess;
  ready: Promise<void>;
  secret: Promise<string>;
}

/** A process that makes or reads the secret in `dataDir` once `goFile` exists, and prints it. */
function racer(dataDir: string, goFile: string): Racer {
  const script = path.join(root, "tests/support/print-app-secret.ts");
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), script, dataDir, goFile], {
    cwd: root,
  });
  let out = "";
  let err = "";
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
    if (out.startsWith("ready\n")) markReady();
  });
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
  const secret = new Promise<string>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out.slice("ready\n".length)) : reject(new Error(err))));
  });
  return { child, ready, secret };
}

describe("the generated app secret", () => {
  it("is one secret, never empty, however many processes make it at once", { timeout: 120_000 }, async () => {
    for (let round = 0; round < 2; round++) {
      const dataDir = await mkdtemp(path.join(tmpdir(), "walkthrough-secret-"));
      const signals = await mkdtemp(path.join(tmpdir(), "walkthrough-secret-go-"));
      folders.push(dataDir, signals);
      const goFile = path.join(signals, "go");
      const racers = Array.from({ length: 5 }, () => racer(dataDir, goFile));
      await Promise.all(racers.map((one) => one.ready));
      await writeFile(goFile, "");
      const secrets = await Promise.all(racers.map((one) => one.secret));
      expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Set(secrets).size).toBe(1);
      // Only the secret is left behind: every draft was removed, and it is readable by its owner only.
      expect(await readdir(dataDir)).toEqual(["app-secret"]);
      expect((await stat(path.join(dataDir, "app-secret"))).mode & 0o777).toBe(0o600);
    }
  });
});
