import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

// What `next build` reads; a change to any of these makes the existing build stale.
const inputs = ["app", "lib", "components", "public", "next.config.mjs", "tsconfig.json", "package-lock.json"];

async function listFiles(entry: string): Promise<string[]> {
  if (!existsSync(entry)) return [];
  const found = await readdir(entry, { recursive: true, withFileTypes: true }).catch(() => null);
  if (found === null) return [entry];
  return found.filter((item) => item.isFile()).map((item) => path.join(item.parentPath, item.name));
}

export async function sourceHash(root: string): Promise<string> {
  const hash = createHash("sha256");
  const files = (await Promise.all(inputs.map((entry) => listFiles(path.join(root, entry))))).flat().sort();
  for (const file of files) {
    hash
      .update(path.relative(root, file))
      .update("\0")
      .update(await readFile(file))
      .update("\0");
  }
  return hash.digest("hex");
}

const stampFile = (root: string) => path.join(root, ".next", "walkthrough-source-hash");

export async function buildIsCurrent(root: string): Promise<boolean> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !existsSync(stampFile(root))) return false;
  return (await readFile(stampFile(root), "utf8")) === (await sourceHash(root));
}

/**
 * Records the sources a finished build was made from: `hash` is taken before the build starts, so
 * an edit made while `next build` ran leaves the build stale rather than marking it current.
 */
export async function recordBuild(root: string, hash: string): Promise<void> {
  await writeFile(stampFile(root), hash);
}
