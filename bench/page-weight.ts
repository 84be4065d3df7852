// What a first visit to a page downloads: its HTML over a fresh connection and every script it
// names, gzipped as served; shared by the report-page and recorder-field scenarios.
import http from "node:http";
import { gzipSync } from "node:zlib";

/** One GET over a fresh connection: status, body, and milliseconds to the last byte. */
export function get(url: string, cookie?: string): Promise<{ status: number; body: Buffer; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(url, { agent: false, headers: cookie ? { cookie } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
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
}

/** One script of the page, for finding what makes the total up. */
export interface ScriptFile {
  src: string;
  noModule: boolean;
  rawKb: number;
  gzipKb: number;
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
  const loaded: ScriptBytes = { files: 0, rawKb: 0, gzipKb: 0 };
  const noModule: ScriptBytes = { files: 0, rawKb: 0, gzipKb: 0 };
  const scripts: ScriptFile[] = [];
  for (const tag of unique) {
    const answer = await get(new URL(tag.src, baseUrl).href);
    if (answer.status !== 200) throw new Error(`${tag.src} answered ${answer.status}`);
    const sum = tag.noModule ? noModule : loaded;
    const file = {
      src: tag.src,
      noModule: tag.noModule,
      rawKb: answer.body.length / 1024,
      gzipKb: gzipSync(answer.body, { level: 9 }).length / 1024,
    };
    sum.files += 1;
    sum.rawKb += file.rawKb;
    sum.gzipKb += file.gzipKb;
    scripts.push(file);
  }
  return { loaded, noModule, scripts };
}
