import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The boundary rules of eslint.config.mjs, run on planted files: a page or component that
 * imports the database client, and domain code that imports Next, are refused; the allowed
 * cases (Prisma's types, the documented bridges to Next) pass.
 */

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((message) => message.message);
}

const useDb = 'import { db } from "@/lib/db/client";\nexport const rows = () => db().partner.findMany();\n';
const useNext = 'import { redirect } from "next/navigation";\nexport const away = () => redirect("/");\n';

describe("the import boundaries ESLint enforces", () => {
  it("refuses lib/db in components and pages, and lets lib/ code use it", async () => {
    expect(await restricted("components/people/Planted.tsx", useDb)).toHaveLength(1);
    expect(await restricted("app/admin/planted/page.tsx", useDb)).toHaveLength(1);
    const relative = 'import { db } from "../../lib/db/client";\nexport const rows = () => db().partner.findMany();\n';
    expect(await restricted("components/people/Planted.tsx", relative)).toHaveLength(1);
    expect(await restricted("lib/partners/planted.ts", useDb.replace("@/lib/db/client", "../db/client"))).toEqual([]);
  });

  it("lets components import Prisma's generated enums as types only", async () => {
    const asType = 'import type { FindingSeverity } from "@/lib/generated/prisma/enums";\nexport type S = FindingSeverity;\n';
    const asValue = 'import { FindingSeverity } from "@/lib/generated/prisma/enums";\nexport const s = FindingSeverity.MAJOR;\n';
    expect(await restricted("components/people/Planted.tsx", asType)).toEqual([]);
    expect(await restricted("components/people/Planted.tsx", asValue)).toHaveLength(1);
  });

  it("refuses next/* in lib/ except the documented bridges", async () => {
    expect(await restricted("lib/roster/planted.ts", useNext)).toHaveLength(1);
    expect(await restricted("lib/jobs/planted.ts", 'import next from "next";\nexport const n = next;\n')).toHaveLength(1);
    expect(await restricted("lib/auth/current-person.ts", useNext)).toEqual([]);
    expect(await restricted("lib/server/planted.ts", useNext)).toEqual([]);
    // next-auth is its own package, not Next.
    expect(
      await restricted("lib/auth/planted.ts", 'import type { Session } from "next-auth";\nexport type S = Session;\n'),
    ).toEqual([]);
  });
});
