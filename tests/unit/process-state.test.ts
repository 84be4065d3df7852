import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it, vi } from "vitest";

const libDir = path.resolve(import.meta.dirname, "../../lib");

async function libFiles(): Promise<string[]> {
  const entries = await readdir(libDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
}

const mutableCollections: ReadonlySet<string> = new Set(["Map", "Set", "WeakMap", "WeakSet"]);

/** Module-level declarations that would hold state of their own in each copy of the module. */
function moduleStateIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      const name = declaration.name.getText(source);
      const where = `${path.relative(libDir, file)}: ${name}`;
      if (!isConst) {
        found.push(`${where} (a module-level let/var)`);
        continue;
      }
      const init = declaration.initializer;
      const readonlyType = declaration.type?.getText(source).startsWith("Readonly") ?? false;
      if (init && ts.isNewExpression(init) && mutableCollections.has(init.expression.getText(source)) && !readonlyType) {
        found.push(`${where} (a module-level ${init.expression.getText(source)}; type it Readonly… if it never changes)`);
      }
    }
  }
  return found;
}

describe("per-process state", () => {
  it("lives on the one holder (lib/process-state.ts), never in a module's own variables", async () => {
    const violations: string[] = [];
    for (const file of await libFiles()) violations.push(...moduleStateIn(file, await readFile(file, "utf8")));
    expect(violations).toEqual([]);
  });

  it("the scan finds what it must", () => {
    const found = moduleStateIn(
      path.join(libDir, "x.ts"),
      `let a = 1;\nconst b = new Map();\nconst c: ReadonlySet<string> = new Set();\nfunction f() { let e = 1; return e; }`,
    );
    expect(found).toEqual([
      "x.ts: a (a module-level let/var)",
      "x.ts: b (a module-level Map; type it Readonly… if it never changes)",
    ]);
  });

  it("is shared by two copies of a module, as production's two module graphs share it", async () => {
    const first = await import("../../lib/process-state");
    vi.resetModules();
    const second = await import("../../lib/process-state");
    expect(second).not.toBe(first);
    const made = first.processSingleton("test-shared", () => ({ hits: 0 }));
    made.hits += 1;
    expect(second.processSingleton("test-shared", () => ({ hits: 100 }))).toBe(made);
    second.dropProcessSingleton("test-shared");
    expect(first.processSingleton("test-shared", () => ({ hits: 7 })).hits).toBe(7);
  });

  it("errors the media driver singleton throws are recognized by the other copy's classes", async () => {
    vi.resetModules();
    const first = await import("../../lib/media/errors");
    const firstKeys = await import("../../lib/media/keys");
    vi.resetModules();
    const second = await import("../../lib/media/errors");
    const secondKeys = await import("../../lib/media/keys");
    expect(second.PartChecksumError).not.toBe(first.PartChecksumError);

    const thrown = new first.PartChecksumError(3);
    expect(thrown).toBeInstanceOf(second.PartChecksumError);
    expect(thrown).toBeInstanceOf(second.ChecksumMismatchError);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(second.PartConflictError);
    expect(new first.ChecksumMismatchError()).not.toBeInstanceOf(second.PartChecksumError);
    expect(new first.PartConflictError(1)).toBeInstanceOf(second.PartConflictError);
    expect(new first.InvalidPartError("x")).toBeInstanceOf(second.InvalidPartError);
    expect(new first.MissingPartsError([2])).toBeInstanceOf(second.MissingPartsError);
    expect(() => firstKeys.assertMediaKey("../x")).toThrow(secondKeys.InvalidMediaKeyError);
    // A plain error of the same name is not one.
    expect(Object.assign(new Error("x"), { name: "PartChecksumError" })).not.toBeInstanceOf(second.PartChecksumError);
  });
});
