// Builds Next once for the whole topology (both webs then start on a current build and neither builds).
import path from "node:path";
import { ensureBuild } from "../../lib/server/build";

export const root = path.resolve(import.meta.dirname, "../..");

export function buildOnce(say: (line: string) => void): Promise<void> {
  return ensureBuild(root, say);
}
