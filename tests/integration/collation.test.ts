import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { assertByteOrderCollation, collatesByteOrder } from "../../lib/db/collation";

async function databaseWith(options: string): Promise<string> {
  const name = `coll_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ${options}`);
  } finally {
    await client.end();
  }
  const url = new URL(inject("pgAdminUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}

describe("the database collation check", () => {
  it("accepts C and C.UTF-8 databases", async () => {
    await expect(assertByteOrderCollation(await databaseWith("LC_COLLATE 'C' LC_CTYPE 'C'"))).resolves.toBeUndefined();
    await expect(
      assertByteOrderCollation(await databaseWith("LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'")),
    ).resolves.toBeUndefined();
  });

  it("refuses an ICU database even though its datcollate reads C, naming DATABASE_URL and the fix", async () => {
    const url = await databaseWith("LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'");
    await expect(assertByteOrderCollation(url)).rejects.toThrow(/^DATABASE_URL names database .* LC_COLLATE 'C'/);
  });

  it("judges each provider by the setting that governs it", () => {
    expect(collatesByteOrder({ datcollate: "en_US.UTF-8", provider: "c", locale: null })).toBe(false);
    expect(collatesByteOrder({ datcollate: "C", provider: null, locale: null })).toBe(true);
    expect(collatesByteOrder({ datcollate: "C", provider: "b", locale: "C.UTF-8" })).toBe(true);
    expect(collatesByteOrder({ datcollate: "C", provider: "b", locale: "PG_UNICODE_FAST" })).toBe(false);
  });
});
