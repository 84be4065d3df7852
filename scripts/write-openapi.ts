// `npm run openapi`: writes openapi/openapi.json (the Partner API and the connectors, from the
// operations in lib/api) and openapi/demo.json (the demo tier, lib/demo/openapi.ts). Commit the
// result; a unit test fails while a committed file differs from what this would write.
// Before any server code: lets its `import "server-only"` load outside Next (see the file).
import "./allow-server-only";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { committedDemoOpenApiText } from "../lib/demo/openapi";
import { committedOpenApiText } from "../lib/openapi/document";

const dir = path.resolve(import.meta.dirname, "../openapi");

async function main(): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, text] of [
    ["openapi.json", committedOpenApiText()],
    ["demo.json", committedDemoOpenApiText()],
  ] as const) {
    await writeFile(path.join(dir, name), text);
    console.log(`Wrote ${path.relative(process.cwd(), path.join(dir, name))}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
