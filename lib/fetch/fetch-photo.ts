import type { IncomingMessage } from "node:http";
import { checkImage, photoContentTypes, type PhotoContentType } from "./check-image";
import { defaultFetchPhotoOptions, type FetchPhotoOptions } from "./fetch-photo-options";
import { openResponse } from "./open-response";
import { PhotoRefusal, type PhotoFetchReason } from "./photo-fetch-reason";
import { checkPhotoUrl, photoHost } from "./photo-url";
import { CheckedAddresses } from "./resolve-target";
import { saveBody } from "./save-body";

/** Spec: "over 15 MB". Binary megabytes (15 MiB), the larger reading, so no photo a partner
 * measured as 15 MB in either unit is refused. */
export const maxPhotoBytes = 15 * 1024 * 1024;
export const maxRedirects = 3;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * A fetched, checked photo spooled to a temp file. The caller streams it to storage
 * (`fs.createReadStream(path)`) and must call `dispose()` afterwards, stored or not.
 */
export interface FetchedPhoto {
  ok: true;
  contentType: PhotoContentType;
  path: string;
  size: number;
  width: number;
  height: number;
  /** Hex SHA-256 of the bytes, for content-addressed storage and duplicate detection. */
  sha256: string;
  dispose: () => Promise<void>;
}

export type FetchPhotoResult = FetchedPhoto | { ok: false; reason: PhotoFetchReason };

function mediaType(response: IncomingMessage): PhotoContentType {
  const declared = (response.headers["content-type"] ?? "").split(";", 1)[0]?.trim().toLowerCase();
  const known = photoContentTypes.find((type) => type === declared);
  if (!known) throw new PhotoRefusal("unsupported_content_type", declared);
  return known;
}

async function acceptBody(response: IncomingMessage, options: FetchPhotoOptions) {
  if (response.statusCode !== 200) throw new PhotoRefusal("http_status", String(response.statusCode));
  const contentType = mediaType(response);
  const declared = Number(response.headers["content-length"]);
  // A body that announces more than the limit is refused before a byte of it is read.
  if (Number.isFinite(declared) && declared > maxPhotoBytes) throw new PhotoRefusal("too_large", `${declared} bytes`);
  return { contentType, ...(await saveBody(response, options.tempDir, maxPhotoBytes)) };
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  // A DNS lookup cannot be cancelled; the deadline still ends the wait for it.
  const aborted = new Promise<never>((_resolve, reject) => {
    signal.addEventListener("abort", () => reject(new PhotoRefusal("timeout")), { once: true });
  });
  return Promise.race([work, aborted]);
}

/** Follows at most three redirects, checking every URL and every host the same way. */
async function download(text: string, options: FetchPhotoOptions, signal: AbortSignal) {
  const addresses = new CheckedAddresses(options);
  let url = checkPhotoUrl(text);
  for (let redirects = 0; ; redirects += 1) {
    const host = photoHost(url);
    const address = await untilAborted(addresses.addressOf(host), signal);
    const response = await openResponse({ url, host, address, options, signal });
    if (!redirectStatuses.has(response.statusCode ?? 0)) {
      try {
        return await acceptBody(response, options);
      } finally {
        response.destroy();
      }
    }
    response.destroy();
    if (redirects === maxRedirects) throw new PhotoRefusal("too_many_redirects");
    const location = response.headers.location;
    if (!location) throw new PhotoRefusal("http_status", `${response.statusCode} without Location`);
    url = checkPhotoUrl(location, url);
  }
}

/**
 * Fetches one partner photo by the spec's Baseline photo rules, refusing with exactly one
 * `reason`. Never throws. The deadline covers resolving, connecting, redirects and the body;
 * decoding afterwards is local work bounded by the byte and pixel limits.
 */
export async function fetchPhoto(url: string, options: FetchPhotoOptions = defaultFetchPhotoOptions()): Promise<FetchPhotoResult> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.deadlineMs);
  let body: Awaited<ReturnType<typeof download>>;
  try {
    body = await download(url, options, deadline.signal);
  } catch (error) {
    // Once the deadline has fired, whatever broke (the aborted socket, the race) broke because of it.
    if (deadline.signal.aborted) return { ok: false, reason: "timeout" };
    return { ok: false, reason: error instanceof PhotoRefusal ? error.reason : "fetch_failed" };
  } finally {
    clearTimeout(timer);
  }
  try {
    const { width, height } = await checkImage(body.path, body.contentType);
    return { ok: true, ...body, width, height };
  } catch (error) {
    await body.dispose();
    return { ok: false, reason: error instanceof PhotoRefusal ? error.reason : "fetch_failed" };
  }
}
