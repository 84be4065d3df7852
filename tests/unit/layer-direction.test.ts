import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * Dependencies point one way: routes, then operations, then domain, then infrastructure. A file
 * may import its own layer or a lower one, never a higher one. Every folder of lib/ has a layer
 * here (a new folder fails until it is given one); a few files sit in a folder of another layer
 * and are placed by name, each with why. Type-only and dynamic imports count: they are
 * dependencies too.
 */

const root = path.resolve(import.meta.dirname, "../..");

const layers = ["infrastructure", "domain", "operations", "routes"] as const;
type Layer = (typeof layers)[number];

/**
 * - routes: pages, route files, their components, and the server glue that mounts them.
 * - operations: what a route or a command runs: the partner API's operation list, the consoles'
 *   and the CLI's actions, the request pipeline and route auth, the job definitions and worker
 *   (they use the domain), the API documents built from the operation list.
 * - domain: the business rules, one folder per subject.
 * - infrastructure: the database, the queue, media, fetching, mail, video tools, configuration,
 *   logging, secrets, validation and the HTTP primitives (errors, bodies, responses) the domain
 *   answers with.
 */
const folderLayers: Record<string, Layer> = {
  app: "routes",
  components: "routes",
  "lib/server": "routes",

  "lib/partner-api": "operations",
  "lib/consoles": "operations",
  "lib/cli": "operations",
  "lib/jobs": "operations",
  "lib/openapi": "operations",
  "lib/discovery": "operations",

  "lib/analysis": "domain",
  "lib/auth": "domain",
  "lib/baseline-photos": "domain",
  "lib/checklist-items": "domain",
  "lib/checklists": "domain",
  "lib/connectors": "domain",
  "lib/demo": "domain",
  // Signed evidence records, their packet and their check (issue 27).
  "lib/evidence": "domain",
  // The /verify page's checks of a packet in the browser (Web Crypto, streamed hashes): no server code.
  "lib/evidence-check": "domain",
  "lib/inspections": "domain",
  // The words shown for stored values (severity, status, role): pages, PDFs and mail read them.
  "lib/labels": "domain",
  "lib/partners": "domain",
  "lib/people": "domain",
  "lib/properties": "domain",
  // The recording app's browser side: components import it; it imports nothing of the server.
  "lib/recorder-app": "domain",
  "lib/recording": "domain",
  "lib/reports": "domain",
  "lib/review": "domain",
  "lib/roster": "domain",
  "lib/roster-feeds": "domain",
  // Simulated walkthroughs in sandbox workspaces, through the real recording pipeline.
  "lib/sandbox": "domain",
  "lib/tours": "domain",
  "lib/usage": "domain",
  "lib/webhooks": "domain",
  "lib/workspaces": "domain",

  "lib/concurrency": "infrastructure",
  "lib/config.ts": "infrastructure",
  "lib/db": "infrastructure",
  "lib/fetch": "infrastructure",
  "lib/format": "infrastructure",
  // Languages: the catalogues, which language a request gets, the pseudo-locale for tests.
  "lib/i18n": "infrastructure",
  "lib/generated": "infrastructure",
  "lib/errors": "infrastructure",
  "lib/http": "infrastructure",
  // Route auth: who is calling, one function per kind of caller; it looks callers up in the domain.
  "lib/http/auth": "operations",
  "lib/log.ts": "infrastructure",
  "lib/mail": "infrastructure",
  "lib/media": "infrastructure",
  "lib/process-state.ts": "infrastructure",
  "lib/process-wide-error.ts": "infrastructure",
  "lib/queue": "infrastructure",
  "lib/secrets": "infrastructure",
  "lib/validation": "infrastructure",
  "lib/video": "infrastructure",
};

/** Files whose layer is not their folder's. */
const fileLayers: Record<string, { layer: Layer; why: string }> = {
  "lib/http/route-handlers.ts": { layer: "operations", why: "the request pipeline: auth, limits, usage counting" },
  "lib/connectors/catalog-response.ts": {
    layer: "routes",
    why: "the catalogue's route handler: answers JSON or sends a browser to the page (content negotiation)",
  },
  "lib/http/surfaces.ts": { layer: "operations", why: "how each surface of the pipeline answers (envelopes, refusals)" },
  "lib/http/operation.ts": { layer: "operations", why: "an operation's declaration, with its auth" },
  "lib/http/body-caps.ts": { layer: "operations", why: "the front door's caps, taken from the domain's upload limits" },
  "lib/people/people-api.ts": { layer: "operations", why: "the people pages' operation list (one definition per call)" },
  "lib/reports/report-pdf-api.ts": { layer: "operations", why: "the report and claim summary PDF downloads' definitions" },
  "lib/reports/evidence-packet-api.ts": {
    layer: "operations",
    why: "the report page's evidence packet download's definition (one operation)",
  },
  "lib/demo/demo-api.ts": { layer: "operations", why: "the demo tier's operation list (one definition per call)" },
  "lib/demo/openapi.ts": { layer: "operations", why: "the demo tier's API document, built with lib/openapi" },
  "lib/recording/recorder-api.ts": {
    layer: "operations",
    why: "the recording app's operation list (one definition per call), as lib/partner-api is the partner API's",
  },
  // Domain code in an operations folder: the domain uses both (seats write the audit log, a
  // report page asks the console role). They belong in a domain folder (lib/audit/, lib/people/);
  // not moved here because lib/consoles is being reshaped on another branch at the same time.
  "lib/consoles/audit.ts": { layer: "domain", why: "the audit log, written by domain changes and console actions alike" },
  "lib/consoles/audit-sentences.ts": { layer: "domain", why: "the audit log's words, read where the log is listed" },
  "lib/consoles/console-role.ts": { layer: "domain", why: "who may see what: staff or a partner's user" },
};

/**
 * Upward imports still standing, each with why. Keep this list short: move the code to its
 * layer instead. An entry that no longer matches an import fails the test, so it is removed
 * once the import is gone.
 */
const exemptions: { from: string; to: string; why: string }[] = [];

const rank = (layer: Layer) => layers.indexOf(layer);
const toPosix = (file: string) => file.split(path.sep).join("/");

export function layerOf(file: string): Layer | undefined {
  const byFile = fileLayers[file];
  if (byFile) return byFile.layer;
  const folder = Object.keys(folderLayers)
    .filter((key) => file === key || file.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length)[0];
  return folder === undefined ? undefined : folderLayers[folder];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => toPosix(path.relative(root, path.join(entry.parentPath, entry.name))))
    .filter((file) => !file.startsWith("lib/generated/"))
    .sort();
}

/** The project file an import names (relative or `@/`), or undefined for a package. */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith("@/")) base = specifier.slice(2);
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(root, candidate))) ?? base;
}

interface Edge {
  from: string;
  to: string;
}

function projectImports(files: readonly string[]): Edge[] {
  return files.flatMap((from) =>
    ts.preProcessFile(readFileSync(path.join(root, from), "utf8"), true, true).importedFiles.flatMap(({ fileName }) => {
      const to = resolveImport(from, fileName);
      return to === undefined ? [] : [{ from, to }];
    }),
  );
}

export function upwardImports(edges: readonly Edge[]): string[] {
  return edges.flatMap(({ from, to }) => {
    const fromLayer = layerOf(from);
    const toLayer = layerOf(to);
    if (fromLayer === undefined || toLayer === undefined || rank(toLayer) <= rank(fromLayer)) return [];
    return [`${from} (${fromLayer}) -> ${to} (${toLayer})`];
  });
}

const files = [...sourceFiles("app"), ...sourceFiles("components"), ...sourceFiles("lib")];
const edges = projectImports(files);
const isExempt = (line: string) => exemptions.some(({ from, to }) => line.startsWith(`${from} (`) && line.includes(`-> ${to} (`));

describe("the direction of imports: routes, operations, domain, infrastructure", () => {
  it("gives every source file a layer", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((file) => layerOf(file) === undefined)).toEqual([]);
  });

  it("has no import from a lower layer to a higher one", () => {
    expect(upwardImports(edges).filter((line) => !isExempt(line))).toEqual([]);
  });

  it("keeps no exemption that no longer matches an import", () => {
    const lines = upwardImports(edges);
    const stale = exemptions.filter(
      ({ from, to }) => !lines.some((line) => line.startsWith(`${from} (`) && line.includes(`-> ${to} (`)),
    );
    expect(stale).toEqual([]);
  });

  it("has no domain function that takes a Request: it takes the values the route parsed, or the body's stream", () => {
    const takesRequest = (file: string) => /\b\w+\??:\s*Request\b/.test(readFileSync(path.join(root, file), "utf8"));
    expect(files.filter((file) => layerOf(file) === "domain" && takesRequest(file))).toEqual([]);
  });

  it("finds an upward import: domain code importing the job definitions fails", () => {
    const planted = { from: "lib/recording/seal-recording.ts", to: "lib/jobs/definitions/seal-recording.ts" };
    expect(upwardImports([planted])).toEqual([
      "lib/recording/seal-recording.ts (domain) -> lib/jobs/definitions/seal-recording.ts (operations)",
    ]);
    expect(upwardImports([{ from: "lib/queue/enqueue.ts", to: "lib/roster-feeds/feed-limits.ts" }])).toHaveLength(1);
    expect(upwardImports([{ from: "lib/roster/apply-roster-import.ts", to: "lib/queue/enqueue.ts" }])).toEqual([]);
  });

  it("sees the imports it checks: the domain reaches the queue, and the worker the domain", () => {
    expect(edges).toContainEqual({ from: "lib/roster/apply-roster-import.ts", to: "lib/queue/enqueue.ts" });
    expect(edges.some(({ from, to }) => from.startsWith("lib/jobs/definitions/") && to.startsWith("lib/recording/"))).toBe(true);
  });
});
