import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * A web route that enqueues a job must not load what the job does: enqueuing goes through the
 * queue client (lib/queue/enqueue.ts), and only the worker side imports the registry and the job
 * definitions (lib/jobs/definitions/*, which hold the handlers).
 * This walks the static import graph from every route and the API operations, as TypeScript
 * resolves it (tsconfig paths included), and fails naming the chain that reaches a forbidden module.
 * Type-only imports count too: the walk errs on the side of finding an edge.
 */

const root = path.resolve(import.meta.dirname, "../..");
const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

const compilerOptions = (() => {
  const configFile = ts.readConfigFile(path.join(root, "tsconfig.json"), (file) => ts.sys.readFile(file));
  return ts.parseJsonConfigFileContent(configFile.config, ts.sys, root).options;
})();

/** What a web process must never load, with why. */
function forbidden(node: string): string | undefined {
  if (node === "sharp" || node.startsWith("sharp/")) return "image decoding (sharp)";
  if (node === "lib/jobs/registry.ts" || node === "lib/jobs/worker.ts") return "the worker side of the job layer";
  if (node.startsWith("lib/jobs/definitions/")) return "a job handler";
  if (node === "lib/tours/graphql-tour-provider.ts") return "the tour provider client";
  return undefined;
}

interface Graph {
  /** Each node reached (a project file relative to the root, or a package name) and the file that first imported it. */
  parents: Map<string, string | undefined>;
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

async function walk(entries: readonly string[]): Promise<Graph> {
  const parents = new Map<string, string | undefined>(entries.map((entry) => [rel(entry), undefined]));
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const { importedFiles } = ts.preProcessFile(await readFile(file, "utf8"), true, true);
    for (const { fileName: specifier } of importedFiles) {
      const resolved = ts.resolveModuleName(specifier, file, compilerOptions, ts.sys).resolvedModule;
      const inProject = resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.endsWith(".d.ts");
      const node = inProject ? rel(resolved.resolvedFileName) : packageName(specifier);
      if (!parents.has(node)) {
        parents.set(node, rel(file));
        if (inProject) queue.push(resolved.resolvedFileName);
      }
    }
  }
  return { parents };
}

function chain(graph: Graph, node: string): string {
  const steps = [node];
  for (let at = graph.parents.get(node); at !== undefined; at = graph.parents.get(at)) steps.push(at);
  return steps.reverse().join(" -> ");
}

function violations(graph: Graph): string[] {
  return [...graph.parents.keys()].flatMap((node) => {
    const why = forbidden(node);
    return why ? [`${why}: ${chain(graph, node)}`] : [];
  });
}

async function webEntries(): Promise<string[]> {
  const app = await readdir(path.join(root, "app"), { recursive: true, withFileTypes: true });
  const routes = app
    .filter((entry) => entry.isFile() && entry.name === "route.ts")
    .map((entry) => path.join(entry.parentPath, entry.name));
  return [path.join(root, "lib/partner-api/index.ts"), ...routes.sort()];
}

describe("the web side's imports", () => {
  it("never reach sharp, the job registry or handlers, or the tour provider client", async () => {
    const entries = await webEntries();
    expect(entries.length).toBeGreaterThan(10);
    const graph = await walk(entries);
    // The routes do enqueue: the walk must get as far as the queue client for this test to mean anything.
    expect(graph.parents.has("lib/queue/enqueue.ts")).toBe(true);
    expect(violations(graph)).toEqual([]);
  });

  it("the walk finds what it must: the worker side reaches all of them", async () => {
    const graph = await walk([path.join(root, "lib/jobs/worker.ts")]);
    const found = violations(graph).map((line) => line.slice(0, line.indexOf(":")));
    expect(new Set(found)).toEqual(
      new Set(["the worker side of the job layer", "a job handler", "image decoding (sharp)", "the tour provider client"]),
    );
    expect(chain(graph, "sharp")).toMatch(/^lib\/jobs\/worker\.ts -> lib\/jobs\/registry\.ts -> .* -> sharp$/);
  });
});
