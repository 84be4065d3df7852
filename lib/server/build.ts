import { spawn } from "node:child_process";
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

/** Runs `next build` unless the build on disk was made from the sources as they are now. */
export async function ensureBuild(root: string, say: (line: string) => void): Promise<void> {
  if (await buildIsCurrent(root)) return;
  say("No current build: running next build");
  await nextBuild(root);
  await recordBuild(root);
}
