import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const apiDir = path.resolve(import.meta.dirname, "../../lib/partner-api");

describe("lib/partner-api", () => {
  it("holds operation definitions only: no database access, every rule in a domain folder", async () => {
    const offending: string[] = [];
    for (const name of await readdir(apiDir)) {
      const text = await readFile(path.join(apiDir, name), "utf8");
      // Types of the models are fine (serializers take them); the client and queries are not.
      const runtimeImport = /^import (?!type\b)[^;]*from "\.\.\/(db\/client|generated\/prisma\/[^"]*)"/m;
      if (runtimeImport.test(text) || /\bdb\(\)|\bpool\(\)|\$queryRaw/.test(text)) {
        offending.push(name);
      }
    }
    expect(offending).toEqual([]);
  });
});
