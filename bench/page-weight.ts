// What a first visit to a page downloads: its HTML over a fresh connection and every script it
// names, as served to a browser that takes brotli and gzip, and gzipped at level 9 for comparison
// with earlier runs; shared by the report-page and recorder-field scenarios.
import http from "node:http";
import { brotliDecompressSync, gzipSync } from "node:zlib";

/** One GET over a fresh connection: status, body as sent, its content-encoding, and milliseconds to the last byte. */
export function get(
  url: string,
  cookie?: string,
  acceptEncoding?: string,
): Promise<{ status: number; body: Buffer; encoding?: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const headers = { ...(cookie ? { cookie } : {}), ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) };
    const request = http.get(url, { agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          encoding: response.headers["content-encoding"],
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
    });
    request.on("error", reject);
  });
}

export interface ScriptBytes {
  files: number;
  rawKb: number;
  gzipKb: number;
  /** As the server sends it to a browser that accepts brotli and gzip (what a phone downloads). */
  servedKb: number;
}

/** One script of the page, for finding what makes the total up. */
export interface ScriptFile {
  src: string;
  noModule: boolean;
  rawKb: number;
  gzipKb: number;
  servedKb: number;
  servedEncoding: string;
}

/**
 * Every script a first visit loads, from the page's own HTML, raw and gzipped; `noModule` ones
 * (the polyfills, which a browser that runs modules never downloads) counted apart.
 */
export async function firstLoadJs(
  baseUrl: string,
  html: string,
): Promise<{ loaded: ScriptBytes; noModule: ScriptBytes; scripts: ScriptFile[] }> {
  const tags = [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)].map((match) => ({
    src: match[2]!.replaceAll("&amp;", "&"),
    noModule: /\snomodule(?:[\s=>]|$)/i.test(`${match[1]} ${match[3]}`),
  }));
  const unique = [...new Map(tags.map((tag) => [tag.src, tag])).values()];
  const loaded: ScriptBytes = { files: 0, rawKb: 0, gzipKb: 0, servedKb: 0 };
  const noModule: ScriptBytes = { files: 0, rawKb: 0, gzipKb: 0, servedKb: 0 };
  const scripts: ScriptFile[] = [];
  for (const tag of unique) {
    const url = new URL(tag.src, baseUrl).href;
    const [answer, served] = await Promise.all([get(url), get(url, undefined, "br, gzip")]);
    if (answer.status !== 200) throw new Error(`${tag.src} answered ${answer.status}`);
    if (served.status !== 200) throw new Error(`${tag.src} answered ${served.status} asked for brotli`);
    if (served.encoding === "br" && !brotliDecompressSync(served.body).equals(answer.body)) {
      throw new Error(`${tag.src}: the brotli copy is not the file`);
    }
    const sum = tag.noModule ? noModule : loaded;
    const file = {
      src: tag.src,
      noModule: tag.noModule,
      rawKb: answer.body.length / 1024,
      gzipKb: gzipSync(answer.body, { level: 9 }).length / 1024,
      servedKb: served.body.length / 1024,
      servedEncoding: served.encoding ?? "identity",
    };
    sum.files += 1;
    sum.rawKb += file.rawKb;
    sum.gzipKb += file.gzipKb;
    sum.servedKb += file.servedKb;
    scripts.push(file);
  }
  return { loaded, noModule, scripts };
}
