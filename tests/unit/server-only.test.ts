import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * Server code carries `import "server-only"`, so a client component that pulls it in (and with it
 * the database client, secrets or the queue) fails Next's build instead of shipping it to the
 * browser. Every file of the folders below must carry it, except the client-safe modules that
 * client components import (found here by walking their imports, not listed by hand), which must not.
 */

const root = path.resolve(import.meta.dirname, "../..");

/** The folders whose files are all server code. */
const serverOnlyFolders = [
  "lib/analysis",
  "lib/auth",
  "lib/baseline-photos",
  "lib/checklist-items",
  "lib/checklists",
  "lib/cli",
  "lib/connectors",
  "lib/consoles",
  "lib/demo",
  "lib/evidence",
  "lib/inspections",
  "lib/jobs",
  "lib/partner-api",
  "lib/partners",
  "lib/people",
  "lib/properties",
  "lib/queue",
  "lib/recording",
  "lib/reports",
  "lib/review",
  "lib/roster",
  "lib/roster-feeds",
  "lib/sandbox",
  "lib/tours",
  "lib/usage",
  "lib/webhooks",
  "lib/workspaces",
];

const toPosix = (file: string) => file.split(path.sep).join("/");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => toPosix(path.relative(root, path.join(entry.parentPath, entry.name))))
    .sort();
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
}

function isClientComponent(source: ts.SourceFile): boolean {
  const first = source.statements[0];
  return (
    first !== undefined &&
    ts.isExpressionStatement(first) &&
    ts.isStringLiteral(first.expression) &&
    first.expression.text === "use client"
  );
}

function carriesServerOnly(source: ts.SourceFile): boolean {
  return source.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      statement.importClause === undefined &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text === "server-only",
  );
}

/** What a file imports for its values: type-only imports are erased and load nothing in the browser. */
function valueImports(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((element) => element.isTypeOnly)));
      return onlyTypes ? [] : [statement.moduleSpecifier.text];
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      return statement.isTypeOnly ? [] : [statement.moduleSpecifier.text];
    }
    return [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith("@/")) base = specifier.slice(2);
  else return undefined;
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(root, candidate)),
  );
}

/** Every project file a client component loads, itself included. */
function clientReachable(): Set<string> {
  const entries = [...sourceFiles("app"), ...sourceFiles("components")].filter((file) => isClientComponent(parse(file)));
  const reached = new Set(entries);
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of valueImports(parse(file))) {
      const target = resolveImport(file, specifier);
      if (target !== undefined && !reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  return reached;
}

const client = clientReachable();

describe('import "server-only"', () => {
  it("finds the client-safe modules by walking the client components' imports", () => {
    expect(client.has("lib/recorder-app/walkthrough.ts")).toBe(true);
    expect(client.has("lib/inspections/failure-reasons.ts")).toBe(true);
    // A type-only import loads nothing: the people pages' client parts import seat types only.
    expect(client.has("lib/people/manage-seats.ts")).toBe(false);
  });

  it("is carried by every server file of the server-only folders", () => {
    const files = serverOnlyFolders.flatMap(sourceFiles).filter((file) => !client.has(file));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => !carriesServerOnly(parse(file)))).toEqual([]);
  });

  it("is carried by no module a client component loads", () => {
    expect([...client].filter((file) => file.startsWith("lib/") && carriesServerOnly(parse(file)))).toEqual([]);
  });
});
