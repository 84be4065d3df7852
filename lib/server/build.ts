import { spawn } from "node:child_process";
import { mkdir, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { buildIsCurrent, recordBuild } from "./build-stamp";

function nextBuild(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build exited with ${code}`))));
  });
}

const lockStaleMs = 10 * 60 * 1000;

/**
 * Two processes starting at once (a server and a test run, say) would both build, and
 * `next build` refuses to run twice in one folder. A directory is created atomically, so
 * it serves as the lock; one left by a killed build is taken over once it is stale.
 */
async function withBuildLock<T>(root: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(root, ".next-build.lock");
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = Date.now() - (await stat(lock).then((s) => s.mtimeMs).catch(() => Date.now()));
      if (age > lockStaleMs) await rmdir(lock).catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}

/** Runs `next build` unless the build on disk was made from the sources as they are now. */
export async function ensureBuild(root: string, say: (line: string) => void): Promise<void> {
  if (await buildIsCurrent(root)) return;
  await withBuildLock(root, async () => {
    // Whoever held the lock may just have built these very sources.
    if (await buildIsCurrent(root)) return;
    say("No current build: running next build");
    await nextBuild(root);
    await recordBuild(root);
  });
}
