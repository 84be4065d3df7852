/*
 * The recording app's calls to its API (lib/recording/README.md), from the browser. The token in
 * the page's own path is the only credential. Network failures and 5xx answers are `Retryable`
 * (the caller waits and tries again); a refusal carries the API's error code.
 */

export interface SessionItem {
  id: string;
  name: string;
  notes?: string;
}

export interface SessionResult {
  item_id: string;
  name: string;
  state: "verified" | "missed" | "explained" | "not_checked" | "pending";
  reason?: string;
  timestamp?: number;
  image_url?: string;
  /** Whether an explanation is taken now: `missed`, not decided by staff, the report not yet released. */
  explainable: boolean;
}

export interface Session {
  inspection_id?: string;
  state: "new" | "recording" | "finishing" | "sealed" | "failed";
  property: { name: string };
  task?: { name?: string; scheduled_date?: string };
  partner: { name: string };
  checklist: { type: "housekeeping" | "inspection" | "maintenance"; items: SessionItem[] }[];
  has_return_url?: boolean;
  /** Whether each check's still is judged while the cleaner walks (a provider is configured). */
  live_verdicts?: boolean;
  parts: { part_number: number; run: number; size: number; sha256: string }[];
  events_seq: number;
  results: SessionResult[];
  limits: { part_bytes: number; recording_bytes: number };
}

export interface StateAnswer {
  state: Session["state"];
  inspection_id?: string;
  return_url?: string;
}

/** The server could not be reached or failed on its side: try again later. */
export class Retryable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Retryable";
  }
}

/** The server refused the call; `code` is the API's error code. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "Refused";
  }
}

async function send<T>(url: string, init: RequestInit): Promise<{ status: number; body: T }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, cache: "no-store", credentials: "omit" });
  } catch {
    throw new Retryable("The server could not be reached.");
  }
  const body = (await response.json().catch(() => undefined)) as
    (T & { error?: { code: string; message: string; detail?: Record<string, unknown> } }) | undefined;
  if (response.status >= 500 || response.status === 429 || body === undefined) {
    throw new Retryable(`The server answered ${response.status}.`);
  }
  if (!response.ok) {
    const error = body.error ?? { code: "unknown", message: `HTTP ${response.status}` };
    throw new Refused(response.status, error.code, error.message, error.detail);
  }
  return { status: response.status, body };
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});

export function recorderClient(token: string) {
  const base = `/r/${token}/api`;
  return {
    open: async () => (await send<Session>(`${base}/open`, { method: "POST" })).body,
    session: async () => (await send<Session>(`${base}/session`, { method: "GET" })).body,
    state: async () => (await send<StateAnswer>(`${base}/state`, { method: "GET" })).body,
    putPart: (part: {
      partNumber: number;
      run: number;
      source: "camera" | "file";
      mimeType: string;
      sha256: string;
      body: Blob;
      deviceStartedAt?: string;
      fileLastModified?: string;
    }) =>
      send<{ part_number: number; size: number; sha256: string }>(`${base}/parts/${part.partNumber}`, {
        method: "PUT",
        body: part.body,
        headers: {
          "content-type": part.mimeType,
          "x-part-sha256": part.sha256,
          "x-recording-run": String(part.run),
          "x-recording-source": part.source,
          ...(part.deviceStartedAt ? { "x-recording-started-at": part.deviceStartedAt } : {}),
          ...(part.fileLastModified ? { "x-file-last-modified": part.fileLastModified } : {}),
        },
      }),
    taps: async (events: { seq: number; item_id: string; action: "check" | "uncheck"; run: number; run_seconds: number }[]) =>
      (await send<{ events_seq: number }>(`${base}/checklist-events`, json({ events }))).body,
    darkSpans: async (spans: { run: number; from: number; to: number }[]) =>
      (await send<{ dark_spans: number }>(`${base}/dark-spans`, json({ spans }))).body,
    finish: async (body: { parts: { part_number: number; sha256: string }[]; finish_anyway: string[]; events_seq: number }) =>
      (await send<StateAnswer>(`${base}/finish`, json(body))).body,
    putTapStill: (seq: number, jpeg: Blob) =>
      send<{ judged: boolean }>(`${base}/taps/${seq}/still`, {
        method: "PUT",
        body: jpeg,
        headers: { "content-type": "image/jpeg" },
      }),
    live: async () =>
      (await send<{ live: { item_id: string; seq: number; state: "verified" | "missed" }[] }>(`${base}/live`, { method: "GET" }))
        .body.live,
    explain: async (itemId: string, reason: string) =>
      (await send<Session>(`${base}/explanations`, json({ item_id: itemId, reason }))).body,
  };
}

export type RecorderClient = ReturnType<typeof recorderClient>;

export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
