import { createReadStream, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import getAbsoluteFSPath from "swagger-ui-dist/absolute-path.js";
import { ApiError } from "../errors/api-error";
import { requestIdFor } from "../http/request-id";
import { errorResponse } from "../http/respond";
import { processSingleton } from "../process-state";

/** The only files /docs/assets serves, with their types: nothing else in the package is reachable. */
const assetTypes: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-16x16.png": "image/png",
  "favicon-32x32.png": "image/png",
};

/**
 * The installed swagger-ui-dist folder, as the package reports it (its own `__dirname`). Not
 * `require.resolve`: Turbopack rewrites that into a module id. The package is in
 * `serverExternalPackages`, so the built server loads this helper from node_modules at run
 * time, and the answer does not depend on the working directory.
 */
function swaggerUiFolder(): string {
  return processSingleton("swagger-ui-folder", () => getAbsoluteFSPath());
}

/** The installed version; asset URLs carry it so that an upgrade is never served from a stale cache. */
export function swaggerUiVersion(): string {
  return processSingleton(
    "swagger-ui-version",
    () => (JSON.parse(readFileSync(path.join(swaggerUiFolder(), "package.json"), "utf8")) as { version: string }).version,
  );
}

/** `GET /docs/assets/{file}`: one allowlisted Swagger UI file, streamed from disk, cached for a year. */
export async function swaggerAssetResponse(request: Request, file: string): Promise<Response> {
  const type = Object.hasOwn(assetTypes, file) ? assetTypes[file] : undefined;
  if (!type) return errorResponse(new ApiError("not_found", { message: "No such file." }), requestIdFor(request));
  const filePath = path.join(swaggerUiFolder(), file);
  const { size } = await stat(filePath);
  const body = Readable.toWeb(createReadStream(filePath)) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "content-type": type,
      "content-length": String(size),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
