import { createReadStream } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";

/*
 * Next compresses with gzip only and leaves brotli to a proxy in front; without one, a phone
 * downloaded the recorder's scripts about a fifth larger than it needs to (issue 24: at most
 * 150 kB compressed on a cheap phone). The build writes a brotli copy of every script and style
 * beside it (`precompressAssets`), once, at the highest quality; production answers a browser
 * that accepts brotli with that copy. Hashed files never change, so no work per request.
 */

const compressible = /\.(?:js|css|json|svg|txt|map)$/;
const staticPrefix = "/_next/static/";
const contentTypes: Readonly<Record<string, string>> = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};
// Smaller files gain nothing worth a second file.
const minimumBytes = 1024;

const compress = promisify(brotliCompress);

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` beside every compressible file of the build's static folder. */
export async function precompressAssets(distDir: string): Promise<number> {
  const files = (await filesUnder(path.join(distDir, "static"))).filter((file) => compressible.test(file));
  let written = 0;
  for (const file of files) {
    const content = await readFile(file);
    if (content.length < minimumBytes) continue;
    const brotli = await compress(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    await writeFile(`${file}.br`, brotli);
    written += 1;
  }
  return written;
}

/** Whether the request's Accept-Encoding takes brotli (a `q=0` refuses it). */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value.split(",").some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(";");
    if (coding?.trim() !== "br") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

interface BrotliCopy {
  file: string;
  size: number;
  contentType: string;
}

/**
 * A `node:http` step like api-dispatch.ts: answers GET/HEAD of a build file that has a brotli
 * copy, for a browser that accepts brotli, and returns true; anything else goes on to Next. Only
 * the copies found at start are served (a map, not a path from the request, so nothing outside
 * the build can be asked for).
 */
export async function createBrotliAssetDispatch(
  distDir: string,
): Promise<(req: IncomingMessage, res: ServerResponse) => boolean> {
  const copies = new Map<string, BrotliCopy>();
  const staticDir = path.join(distDir, "static");
  for (const file of await filesUnder(staticDir)) {
    if (!file.endsWith(".br")) continue;
    const original = file.slice(0, -".br".length);
    const contentType = contentTypes[path.extname(original)];
    if (!contentType) continue;
    const urlPath = staticPrefix + path.relative(staticDir, original).split(path.sep).join("/");
    copies.set(urlPath, { file, size: (await stat(file)).size, contentType });
  }
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const rawUrl = req.url ?? "";
    const queryAt = rawUrl.indexOf("?");
    const copy = copies.get(queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt));
    if (!copy || !acceptsBrotli(req.headers["accept-encoding"])) return false;
    res.writeHead(200, {
      "content-type": copy.contentType,
      "content-encoding": "br",
      "content-length": copy.size,
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
    });
    if (req.method === "HEAD") res.end();
    else
      createReadStream(copy.file)
        .on("error", () => res.destroy())
        .pipe(res);
    return true;
  };
}
