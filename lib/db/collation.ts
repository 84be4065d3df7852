import pg from "pg";

// libc and builtin locales that order text by code point, which for UTF-8 is byte order.
const byteOrderLocales: ReadonlySet<string> = new Set(["C", "POSIX", "C.UTF-8", "C.utf8"]);

interface DatabaseLocale {
  datname: string;
  datcollate: string;
  provider: string | null;
  locale: string | null;
}

/** Whether the database's default collation compares text byte for byte. */
export function collatesByteOrder(database: Omit<DatabaseLocale, "datname">): boolean {
  // 'c' libc (the only provider before PostgreSQL 15), 'b' builtin (17+), 'i' ICU: never byte order.
  if (database.provider === "i") return false;
  if (database.provider === "b") return byteOrderLocales.has(database.locale ?? "");
  return byteOrderLocales.has(database.datcollate);
}

/**
 * Caller ids must compare and sort byte for byte (spec, Conventions), and Prisma cannot
 * give a column its own collation, so the database as a whole must. A database with a
 * locale collation would sort ids differently and page them wrongly: refuse it.
 */
export async function assertByteOrderCollation(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Through to_jsonb so that servers without the provider columns (before 15) answer too.
    const { rows } = await client.query<DatabaseLocale>(
      `SELECT datname, datcollate, to_jsonb(d) ->> 'datlocprovider' AS provider, to_jsonb(d) ->> 'datlocale' AS locale
       FROM pg_database d WHERE datname = current_database()`,
    );
    const database = rows[0];
    if (!database || !collatesByteOrder(database)) {
      throw new Error(
        `DATABASE_URL names database "${database?.datname}", whose collation does not compare text byte for byte; ` +
          `Walkthrough needs C. Create it with: CREATE DATABASE <name> TEMPLATE template0 LOCALE_PROVIDER libc ` +
          `LC_COLLATE 'C' LC_CTYPE 'C' ENCODING 'UTF8';`,
      );
    }
  } finally {
    await client.end();
  }
}
