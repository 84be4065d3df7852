// `npm run openapi`: writes openapi/openapi.json from the operations in lib/api. Commit the
// result; a unit test fails while the committed file differs from what this would write.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { committedOpenApiText } from "../lib/openapi/document";

const file = path.resolve(import.meta.dirname, "../openapi/openapi.json");

async function main(): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, committedOpenApiText());
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
