import { spawn } from "node:child_process";
import { mkdir, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { precompressAssets } from "./brotli-assets";
import { buildIsCurrent, recordBuild, sourceHash } from "./build-stamp";

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

/** A start that needs a build it may not make: the message says what to do instead. */
export class BuildUnavailableError extends Error {}

const readOnlyCodes: ReadonlySet<string> = new Set(["EROFS", "EACCES", "EPERM"]);

/**
 * Two processes starting at once (replicas, or a server and a test run) would both build, and
 * `next build` refuses to run twice in one folder. A directory is created atomically, so it
 * serves as the lock; one left by a killed build is taken over once it is stale. A tree that
 * cannot be written (a production image mounted read-only) is reported, not built in.
 */
async function withBuildLock<T>(root: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(root, ".next-build.lock");
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "";
      if (readOnlyCodes.has(code)) {
        throw new BuildUnavailableError(
          `There is no current build in ${path.join(root, ".next")} and the source tree is read-only (${code}), so none ` +
            "can be made here. Build the image with `npm ci && npm run build`; `npm start` then only serves.",
        );
      }
      if (code !== "EEXIST") throw error;
      const age =
        Date.now() -
        (await stat(lock)
          .then((s) => s.mtimeMs)
          .catch(() => Date.now()));
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

async function stampedBuild(root: string): Promise<void> {
  const sources = await sourceHash(root);
  await nextBuild(root);
  // Part of the build: a build is current only with its brotli copies (lib/server/brotli-assets.ts).
  await precompressAssets(path.join(root, ".next"));
  await recordBuild(root, sources);
}

/** Runs `next build` and records which sources it was made from, under the build lock. */
export async function buildNow(root: string, say: (line: string) => void): Promise<void> {
  await withBuildLock(root, async () => {
    say("Running next build");
    await stampedBuild(root);
  });
}

/**
 * Runs `next build` unless the build on disk was made from the sources as they are now: a
 * production image built with `npm run build` starts without building, on any number of
 * replicas, even from a read-only tree; a fresh clone builds on its first `npm start`.
 */
export async function ensureBuild(root: string, say: (line: string) => void): Promise<void> {
  if (await buildIsCurrent(root)) return;
  await withBuildLock(root, async () => {
    // Whoever held the lock may just have built these very sources.
    if (await buildIsCurrent(root)) return;
    say("No current build: running next build");
    await stampedBuild(root);
  });
}
