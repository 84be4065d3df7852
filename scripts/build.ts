// `npm run build`: the production build, stamped with the sources it was made from, so that
// `npm start` serves it without building (see lib/server/build.ts). Run it when making an image.
import path from "node:path";
import { buildNow } from "../lib/server/build";

const root = path.resolve(import.meta.dirname, "..");
const say = (line: string) => process.stderr.write(`[walkthrough] ${line}\n`);

buildNow(root, say).then(
  () => say("Build ready; `npm start` will serve it"),
  (error: unknown) => {
    say(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
