import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WeightedSemaphore } from "../../lib/concurrency/weighted-semaphore";
import { openAiCompatibleProvider } from "../../lib/analysis/openai-compatible-provider";
import { reloadConfig } from "../../lib/config";
import { analyzeSubmission, demoPhotoKey, mailDemoResult } from "../../lib/demo/analyze-submission";
import { pruneDemo } from "../../lib/demo/prune-demo";
import { demoTermsVersion } from "../../lib/demo/terms";
import { db } from "../../lib/db/client";
import { type ApiAnswer, call, expectError } from "../support/api";
import { type FakeAnalysisProvider, startFakeAnalysisProvider } from "../support/fake-analysis-provider";
import { localFetchOptions, type PhotoServer, sendBytes, startPhotoServer } from "../support/https-photo-server";
import { localDriverOfApp } from "../support/media";
import { linkIn, type SmtpReceiver } from "../support/smtp-receiver";
import { until } from "../support/until";
import { makeTestVideo } from "../support/video-fixtures";
import { useApp } from "../support/use-app";

/*
 * The anonymous demo tier (lib/demo) over real HTTP: a web-only app (so no job runs there), a
 * real SMTP receiver for the confirmation and result mails, photos served over real HTTPS and
 * fetched under the baseline-photo rules, and the analysis run in this process against the fake
 * provider (a real server speaking the chat-completions protocol), as the `analyze-demo` job runs it.
 */

let smtp: SmtpReceiver;
let photos: PhotoServer;
let provider: FakeAnalysisProvider;
let videoDir: string;
const env: Record<string, string> = {};

beforeAll(async () => {
  photos = await startPhotoServer();
  provider = await startFakeAnalysisProvider();
  videoDir = await mkdtemp(path.join(os.tmpdir(), "demo-video-"));
  const kitchen = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 180, b: 160 } } })
    .jpeg()
    .toBuffer();
  const bath = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .png()
    .toBuffer();
  photos.route("/kitchen.jpg", sendBytes(kitchen, { "content-type": "image/jpeg" }));
  photos.route("/bath.png", sendBytes(bath, { "content-type": "image/png" }));
});
afterAll(async () => {
  await photos?.close();
  await provider?.close();
  if (videoDir) await rm(videoDir, { recursive: true, force: true });
});
const app = useApp({
  env: {
    // Each test comes from its own client address (X-Forwarded-For through one trusted proxy).
    TRUSTED_PROXY_HOPS: "1",
    RATE_LIMIT_DEMO: "3",
    RATE_LIMIT_UNAUTHENTICATED: "5",
    // One upload at a time and a 1 GiB budget, so both refusals can be met here.
    DEMO_UPLOADS_AT_ONCE: "1",
    DEMO_STORAGE_MAX_GIB: "1",
    DEMO_SUBMISSIONS_PER_EMAIL_PER_DAY: "2",
    DEMO_CONFIDENCE_MIN: "0.8",
    BOOK_A_CALL_URL: "https://book.walkthrough.test/partners",
  },
  fakes: ["smtp"],
  workers: 0,
  appUrl: true,
  database: "demo",
});
beforeAll(() => {
  smtp = app.smtp;
  Object.assign(env, app.env);
  // The analysis and the result mail run in this process, as the worker would run them.
  for (const name of ["APP_SECRET", "APP_URL", "SMTP_URL", "DEMO_CONFIDENCE_MIN"]) process.env[name] = env[name];
  reloadConfig();
});

const inbox = () => `demo-${randomBytes(4).toString("hex")}@walkthrough-demo.com`;
let addresses = 0;
/** A client address of its own for each call (or each caller), so the per-address limit is met only where a test means to. */
const fromAddress = () => ({ "x-forwarded-for": `198.51.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}` });

function submit(body: unknown, headers: Record<string, string> = fromAddress()) {
  return call("POST", "/demo/inspections", { body, headers });
}

const readWith = (requestId: string, token?: string, headers: Record<string, string> = fromAddress()) =>
  call("GET", `/demo/inspections/${requestId}`, {
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

async function confirmByMail(email: string): Promise<ApiAnswer> {
  const mail = await smtp.waitFor(email);
  const link = linkIn(mail, `${env.APP_URL}/demo/confirm?token=`);
  const token = new URL(link).searchParams.get("token")!;
  return call("POST", "/demo/confirmations", { body: { token }, headers: fromAddress() });
}

const analysis = () => ({
  fetchOptions: localFetchOptions(photos),
  storage: localDriverOfApp(),
  provider: openAiCompatibleProvider({
    baseUrl: provider.baseUrl,
    apiKey: provider.apiKey,
    model: provider.model,
    timeoutMs: 10_000,
    slots: new WeightedSemaphore(2),
  }),
});

describe("photo submissions", () => {
  it("records the terms, mails a confirmation, analyses nothing before it, and reads back only confident findings in the Finding shape", async () => {
    const email = inbox();
    const sent = await submit({
      email,
      accept_terms: true,
      photos: [
        { url: "https://photos.test/kitchen.jpg" },
        { url: "https://photos.test/bath.png" },
        { url: "https://photos.test/missing.jpg" },
      ],
    });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body).toEqual({
      request_id: expect.any(String),
      poll_token: expect.stringMatching(/^demo_pt_/),
      status: "awaiting_confirmation",
      expires_at: expect.any(String),
    });
    const requestId = sent.body.request_id as string;
    const token = sent.body.poll_token as string;
    const row = await db().demoSubmission.findUniqueOrThrow({ where: { id: requestId } });
    expect(row.termsVersion).toBe(demoTermsVersion);
    expect(row.email).toBe(email);
    // Only the token's hash is kept.
    expect(JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value))).not.toContain(
      token,
    );

    const before = await readWith(requestId, token);
    expect(before.body).toMatchObject({ request_id: requestId, kind: "photos", status: "awaiting_confirmation" });
    expect(before.body).not.toHaveProperty("findings");

    // The analysis job finds nothing to do before the confirmation.
    await analyzeSubmission(requestId, analysis());
    expect(provider.requests).toHaveLength(0);

    const confirmed = await confirmByMail(email);
    expect(confirmed.body).toEqual({ request_id: requestId, status: "queued" });
    expect((await readWith(requestId, token)).body).toMatchObject({ status: "queued", confirmed_at: expect.any(String) });

    provider.setFindings([
      {
        atSeconds: 0,
        room: "Kitchen",
        description: "A crack in the worktop by the sink.",
        severity: "MODERATE",
        category: "damage",
        confidence: 0.93,
      },
      {
        atSeconds: 10,
        room: "Bathroom",
        description: "Maybe a smudge on the mirror.",
        severity: "MINOR",
        category: "cleaning",
        confidence: 0.5,
      },
    ]);
    await analyzeSubmission(requestId, analysis());
    const done = await readWith(requestId, token);
    expect(done.body).toMatchObject({ status: "completed", finished_at: expect.any(String), media_expires_in: 900 });
    expect(done.body.photos).toEqual([
      { url: "https://photos.test/kitchen.jpg" },
      { url: "https://photos.test/bath.png" },
      { url: "https://photos.test/missing.jpg", reason: "http_status" },
    ]);
    const findings = done.body.findings as { id: string; evidence: { before: unknown[]; after: { url: string }[] } }[];
    // Precision over completeness: the unsure smudge is left out.
    expect(findings).toEqual([
      {
        id: expect.any(String),
        description: "A crack in the worktop by the sink.",
        room: "Kitchen",
        severity: "MODERATE",
        category: "damage",
        evidence: { before: [], after: [{ url: expect.any(String) }] },
      },
    ]);
    const picture = await fetch(findings[0]!.evidence.after[0]!.url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");

    // The result notice names the request, never the token.
    await mailDemoResult(requestId);
    const notice = await smtp.waitFor(email, 2);
    expect(notice.subject).toBe("Your Walkthrough demo result is ready");
    expect(notice.text).toContain(requestId);
    expect(notice.text).not.toContain(token);

    // Analysed once: a second run of the job changes nothing.
    const calls = provider.requests.length;
    await analyzeSubmission(requestId, analysis());
    expect(provider.requests.length).toBe(calls);
  });

  it("reads nothing with the request id alone or a wrong token, answering exactly as an unknown id", async () => {
    const sent = await submit({ email: inbox(), accept_terms: true, photos: [{ url: "https://photos.test/kitchen.jpg" }] });
    const requestId = sent.body.request_id as string;
    const unknownAnswer = await readWith("8d3c8f0e-1d7b-4a64-9d8e-5a1f3b2c4d6e", sent.body.poll_token as string);
    const strip = (answer: ApiAnswer) => ({ status: answer.status, body: answer.body });
    expect(strip(unknownAnswer)).toEqual({ status: 404, body: { error: { code: "not_found", message: "No such submission." } } });
    expect(strip(await readWith(requestId))).toEqual(strip(unknownAnswer));
    expect(strip(await readWith(requestId, "demo_pt_wrong"))).toEqual(strip(unknownAnswer));
    const other = await submit({ email: inbox(), accept_terms: true, photos: [{ url: "https://photos.test/kitchen.jpg" }] });
    expect(strip(await readWith(requestId, other.body.poll_token as string))).toEqual(strip(unknownAnswer));
    expect((await readWith(requestId, sent.body.poll_token as string)).status).toBe(200);
    // Any other path under /demo is not found, in the envelope.
    expectError(await call("GET", `/demo/inspections/${requestId}/photos`), 404, "not_found");
    expectError(await call("GET", "/demo"), 404, "not_found");
  });

  it("refuses bad input with the field named and keeps nothing", async () => {
    const before = await db().demoSubmission.count();
    const photo = [{ url: "https://photos.test/kitchen.jpg" }];
    const cases: [unknown, number, string, string][] = [
      [{ accept_terms: true, photos: photo }, 400, "missing_parameter", "email"],
      [{ email: inbox(), accept_terms: false, photos: photo }, 400, "invalid_request", "accept_terms"],
      [{ email: inbox(), photos: photo }, 400, "missing_parameter", "accept_terms"],
      [{ email: inbox(), accept_terms: true, photos: [] }, 400, "invalid_request", "photos"],
      [
        { email: inbox(), accept_terms: true, photos: Array.from({ length: 11 }, () => photo[0]) },
        400,
        "invalid_request",
        "photos",
      ],
      [
        { email: inbox(), accept_terms: true, photos: [{ url: "https://photos.test/a.jpg", caption: "x" }] },
        400,
        "invalid_request",
        "photos[0].caption",
      ],
      [{ email: "someone@rentals.test", accept_terms: true, photos: photo }, 400, "invalid_email", "email"],
    ];
    for (const [body, status, code, parameter] of cases) {
      const answer = await submit(body);
      expect(expectError(answer, status, code).detail?.parameter, JSON.stringify(body)).toBe(parameter);
    }
    expect(await db().demoSubmission.count()).toBe(before);
  });

  it("limits submissions per client address and per email, with Retry-After", async () => {
    const address = fromAddress();
    const photo = [{ url: "https://photos.test/kitchen.jpg" }];
    const email = inbox();
    expect((await submit({ email, accept_terms: true, photos: photo }, address)).status).toBe(202);
    expect((await submit({ email, accept_terms: true, photos: photo })).status).toBe(202);
    const perEmail = await submit({ email, accept_terms: true, photos: photo });
    expectError(perEmail, 429, "too_many_requests");
    expect(Number(perEmail.headers.get("retry-after"))).toBeGreaterThan(3600);

    // Fixed windows: calls that straddle a window's end split between two, so go on until one overflows.
    let perAddress: ApiAnswer | undefined;
    for (let sent = 1; sent <= 7 && !perAddress; sent++) {
      const answer = await submit({ email: inbox(), accept_terms: true, photos: photo }, address);
      if (answer.status === 429) perAddress = answer;
      else expect(answer.status).toBe(202);
    }
    expectError(perAddress!, 429, "too_many_requests");
    expect(Number(perAddress!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("deletes submissions and their media after the retention period, and unconfirmed ones after a day", async () => {
    const email = inbox();
    const sent = await submit({ email, accept_terms: true, photos: [{ url: "https://photos.test/kitchen.jpg" }] });
    const requestId = sent.body.request_id as string;
    await confirmByMail(email);
    await analyzeSubmission(requestId, analysis());
    const storage = localDriverOfApp();
    expect(await storage.head(demoPhotoKey(requestId, 0))).not.toBeNull();
    const unconfirmed = await submit({
      email: inbox(),
      accept_terms: true,
      photos: [{ url: "https://photos.test/kitchen.jpg" }],
    });

    // A day on, the unconfirmed one goes; the confirmed one stays until its retention ends.
    await pruneDemo(storage, new Date(Date.now() + 25 * 3_600_000));
    expect(await db().demoSubmission.findUnique({ where: { id: unconfirmed.body.request_id as string } })).toBeNull();
    expect(await db().demoSubmission.findUnique({ where: { id: requestId } })).not.toBeNull();
    await pruneDemo(storage, new Date(Date.now() + 8 * 86_400_000));
    expect(await db().demoSubmission.findUnique({ where: { id: requestId } })).toBeNull();
    expect(await storage.head(demoPhotoKey(requestId, 0))).toBeNull();
    expect((await readWith(requestId, sent.body.poll_token as string)).status).toBe(404);
  });
});

describe("video submissions and access requests", () => {
  it("receives and stores a walkthrough video, says analysis runs only on an account, and refuses what is not a video", async () => {
    const email = inbox();
    const video = await makeTestVideo(videoDir, "walk.mp4", { format: "mp4-h264", seconds: 2 });
    const form = new FormData();
    form.set("email", email);
    form.set("accept_terms", "true");
    form.set("video", new Blob([new Uint8Array(video)], { type: "video/mp4" }), "walk.mp4");
    const sent = await call("POST", "/demo/videos", { rawBody: form, headers: fromAddress() });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body).toMatchObject({ status: "awaiting_confirmation", analysis: "requires_account", size_bytes: video.length });
    const requestId = sent.body.request_id as string;
    const stored = await db().demoSubmission.findUniqueOrThrow({ where: { id: requestId } });
    expect(await localDriverOfApp().head(stored.videoKey!)).toMatchObject({ size: video.length });
    expect((await confirmByMail(email)).body).toEqual({ request_id: requestId, status: "received" });
    expect((await readWith(requestId, sent.body.poll_token as string)).body).toMatchObject({
      kind: "video",
      status: "received",
      analysis: "requires_account",
    });

    const text = new FormData();
    text.set("email", inbox());
    text.set("accept_terms", "true");
    text.set("video", new Blob(["not a video at all"], { type: "video/mp4" }), "walk.mp4");
    expectError(await call("POST", "/demo/videos", { rawBody: text, headers: fromAddress() }), 415, "unsupported_media");
    const noTerms = new FormData();
    noTerms.set("email", inbox());
    noTerms.set("video", new Blob([new Uint8Array(video)], { type: "video/mp4" }), "walk.mp4");
    expect(
      expectError(await call("POST", "/demo/videos", { rawBody: noTerms, headers: fromAddress() }), 400, "invalid_request")
        .detail,
    ).toEqual({ parameter: "accept_terms" });
  });

  it("takes a Partner API access request on behalf of the person worked for and answers the booking link", async () => {
    const answer = await call("POST", "/demo/access-requests", {
      body: {
        email: inbox(),
        name: "Agent of Ana",
        on_behalf_of: "Ana Silva, Harbour Homes",
        message: "Ana manages 40 rentals.",
      },
      headers: fromAddress(),
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toEqual({
      request_id: expect.any(String),
      status: "received",
      book_a_call_url: "https://book.walkthrough.test/partners",
    });
    expect(await db().demoAccessRequest.findUniqueOrThrow({ where: { id: answer.body.request_id as string } })).toMatchObject({
      onBehalfOf: "Ana Silva, Harbour Homes",
    });
    expect(
      expectError(
        await call("POST", "/demo/access-requests", { body: { email: inbox() }, headers: fromAddress() }),
        400,
        "missing_parameter",
      ).detail,
    ).toEqual({ parameter: "name" });
  });
});

/** A multipart upload to /demo/videos over node:http, written piece by piece and left open until the test ends it. */
interface OpenUpload {
  /** The answer, which must come while the upload is still open. */
  answer: Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    body: { error?: { code: string; detail?: Record<string, unknown> } } & Record<string, unknown>;
  }>;
  write(bytes: string | Uint8Array): void;
  abort(): void;
}

const boundary = "----walkthrough-test-boundary";
const formField = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name = "video") =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="walk.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;

function openUpload(headers: Record<string, string>, declaredBytes?: number): OpenUpload {
  const base = new URL(app.baseUrl);
  const outgoing = http.request({
    host: base.hostname,
    port: base.port,
    method: "POST",
    path: "/demo/videos",
    agent: false,
    headers: {
      ...headers,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      ...(declaredBytes === undefined ? { "transfer-encoding": "chunked" } : { "content-length": String(declaredBytes) }),
    },
  });
  const answer = new Promise<Awaited<OpenUpload["answer"]>>((resolve, reject) => {
    const late = setTimeout(() => reject(new Error("no answer while the upload was still open")), 30_000);
    outgoing.on("response", (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      response.on("end", () => {
        clearTimeout(late);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) as Record<string, never> });
      });
    });
    outgoing.on("error", (error) => {
      clearTimeout(late);
      reject(error);
    });
  });
  // Once answered, the server may close the connection under the rest of the upload.
  answer.catch(() => undefined);
  return {
    answer,
    write: (bytes) => void outgoing.write(bytes),
    abort: () => void outgoing.destroy(),
  };
}

async function videoForm(email: string): Promise<FormData> {
  const video = await makeTestVideo(videoDir, "small.mp4", { format: "mp4-h264", seconds: 1 });
  const form = new FormData();
  form.set("email", email);
  form.set("accept_terms", "true");
  form.set("video", new Blob([new Uint8Array(video)], { type: "video/mp4" }), "walk.mp4");
  return form;
}

describe("demo video uploads cannot fill the disk", () => {
  it("refuse a video sent before email and accept_terms without reading it", async () => {
    const video = await makeTestVideo(videoDir, "early.mp4", { format: "mp4-h264", seconds: 1 });
    const before = await db().demoSubmission.count();
    const upload = openUpload(fromAddress());
    upload.write(fileHead());
    upload.write(new Uint8Array(video.subarray(0, 4096)));
    const answer = await upload.answer;
    upload.abort();
    expect([answer.status, answer.body.error?.code, answer.body.error?.detail]).toEqual([
      400,
      "missing_parameter",
      { parameter: "email" },
    ]);
    const noTerms = openUpload(fromAddress());
    noTerms.write(formField("email", inbox()) + fileHead());
    noTerms.write(new Uint8Array(video.subarray(0, 4096)));
    const refused = await noTerms.answer;
    noTerms.abort();
    expect([refused.status, refused.body.error?.code, refused.body.error?.detail]).toEqual([
      400,
      "invalid_request",
      { parameter: "accept_terms" },
    ]);
    expect(await db().demoSubmission.count()).toBe(before);
    expect(await db().demoUpload.count()).toBe(0);
  });

  it("check the email's daily limit before reading the video", async () => {
    const email = inbox();
    for (let i = 0; i < 2; i++)
      expect((await submit({ email, accept_terms: true, photos: [{ url: "https://photos.test/kitchen.jpg" }] })).status).toBe(
        202,
      );
    const upload = openUpload(fromAddress());
    upload.write(formField("email", email) + formField("accept_terms", "true") + fileHead());
    upload.write(
      new Uint8Array(await makeTestVideo(videoDir, "limited.mp4", { format: "mp4-h264", seconds: 1 })).subarray(0, 4096),
    );
    const answer = await upload.answer;
    upload.abort();
    expect([answer.status, answer.body.error?.code]).toEqual([429, "too_many_requests"]);
    expect(Number(answer.headers["retry-after"])).toBeGreaterThan(3600);
  });

  it("cap the anonymous video at 500 MiB, refused from the declared length before reading", async () => {
    const upload = openUpload(fromAddress(), 600 * 1024 * 1024);
    upload.write(formField("email", inbox()) + formField("accept_terms", "true") + fileHead());
    const answer = await upload.answer;
    upload.abort();
    expect([answer.status, answer.body.error?.code, answer.body.error?.detail]).toEqual([
      413,
      "payload_too_large",
      { limit_bytes: 500 * 1024 * 1024 },
    ]);
  });

  it("take DEMO_UPLOADS_AT_ONCE uploads at a time (429), and free the slot and the reserved bytes of one cut off", async () => {
    const video = await makeTestVideo(videoDir, "held.mp4", { format: "mp4-h264", seconds: 1 });
    const held = openUpload(fromAddress());
    held.write(formField("email", inbox()) + formField("accept_terms", "true") + fileHead());
    held.write(new Uint8Array(video.subarray(0, 4096)));
    // Streaming: its bytes are reserved against the budget, in PostgreSQL.
    await until(
      "the held upload to reserve its bytes",
      async () => ((await db().demoUpload.count()) === 1 ? true : undefined),
      30_000,
    );
    const second = await call("POST", "/demo/videos", { rawBody: await videoForm(inbox()), headers: fromAddress() });
    expectError(second, 429, "too_many_requests");
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);

    held.abort();
    await until(
      "the cut-off upload to release its reservation",
      async () => ((await db().demoUpload.count()) === 0 ? true : undefined),
      30_000,
    );
    const third = await call("POST", "/demo/videos", { rawBody: await videoForm(inbox()), headers: fromAddress() });
    expect(third.status, third.text).toBe(202);
    // Stored bytes are counted on the submission; no reservation outlives its upload.
    expect(await db().demoUpload.count()).toBe(0);
  });

  it("keep every demo video within DEMO_STORAGE_MAX_GIB across the service: 507 insufficient_storage before reading", async () => {
    const gib = 1024 ** 3;
    const filler = await db().demoSubmission.create({
      data: {
        kind: "video",
        email: inbox(),
        termsVersion: demoTermsVersion,
        termsAcceptedAt: new Date(),
        pollTokenHash: randomBytes(32),
        confirmTokenHash: randomBytes(32),
        videoKey: "demo/filler/video",
        videoBytes: BigInt(gib - 4 * 1024 * 1024),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    try {
      const head = new Uint8Array(
        (await makeTestVideo(videoDir, "budget.mp4", { format: "mp4-h264", seconds: 1 })).subarray(0, 4096),
      );
      const upload = openUpload(fromAddress(), 10 * 1024 * 1024);
      upload.write(formField("email", inbox()) + formField("accept_terms", "true") + fileHead());
      upload.write(head);
      const answer = await upload.answer;
      upload.abort();
      expect([answer.status, answer.body.error?.code]).toEqual([507, "insufficient_storage"]);
      // A body of unknown length reserves the whole cap: also too much now.
      const chunked = openUpload(fromAddress());
      chunked.write(formField("email", inbox()) + formField("accept_terms", "true") + fileHead());
      chunked.write(head);
      const refused = await chunked.answer;
      chunked.abort();
      expect([refused.status, refused.body.error?.code]).toEqual([507, "insufficient_storage"]);
      // A small video with its length declared still fits.
      const small = await call("POST", "/demo/videos", { rawBody: await videoForm(inbox()), headers: fromAddress() });
      expect(small.status, small.text).toBe(202);
    } finally {
      await db().demoSubmission.delete({ where: { id: filler.id } });
    }
    expect(await db().demoUpload.count()).toBe(0);
  });

  it("let the prune job release reservations of uploads that never finished, with their media", async () => {
    const storage = localDriverOfApp();
    const id = randomUUID();
    await storage.put(`demo/${id}/video`, Readable.from([Buffer.from("partial")]), { contentType: "application/octet-stream" });
    await db().demoUpload.create({ data: { id, reservedBytes: BigInt(1024), startedAt: new Date(Date.now() - 7 * 3_600_000) } });
    await pruneDemo(storage);
    expect(await db().demoUpload.findUnique({ where: { id } })).toBeNull();
    expect(await storage.head(`demo/${id}/video`)).toBeNull();
  });
});

describe("client addresses", () => {
  const access = (headers: Record<string, string>) =>
    call("POST", "/demo/access-requests", { body: { email: inbox(), name: "Someone" }, headers: headers });

  /** Sends from each address in turn until one is refused; fixed windows may split the first tries. */
  async function firstRefusal(
    send: (headers: Record<string, string>) => Promise<ApiAnswer>,
    addresses: string[],
    tries: number,
  ): Promise<ApiAnswer | undefined> {
    for (let sent = 0; sent < tries; sent++) {
      const answer = await send({ "x-forwarded-for": addresses[sent % addresses.length]! });
      if (answer.status === 429) return answer;
    }
    return undefined;
  }

  it("count an IPv6 client's whole /64 as one address, and an IPv4-mapped address as its IPv4 one", async () => {
    const prefix = `2001:db8:${(++addresses).toString(16)}:7`;
    const sameNetwork = [`${prefix}::1`, `${prefix}::2`, `${prefix}:ffff:ffff:ffff:fffe`, `${prefix.toUpperCase()}:0:0:0:9`];
    expectError((await firstRefusal(access, sameNetwork, 8))!, 429, "too_many_requests");
    // The next /64 is another client.
    expect((await access({ "x-forwarded-for": `2001:db8:${addresses.toString(16)}:8::1` })).status).toBe(201);

    const v4 = `198.51.${200 + (++addresses % 50)}.9`;
    expectError((await firstRefusal(access, [v4, `::ffff:${v4}`], 8))!, 429, "too_many_requests");
  });

  it("count wrong poll tokens per /64, and still serve a right one from there", async () => {
    const sent = await submit({ email: inbox(), accept_terms: true, photos: [{ url: "https://photos.test/kitchen.jpg" }] });
    const requestId = sent.body.request_id as string;
    const prefix = `2001:db8:${(++addresses).toString(16)}:9`;
    const guess = (headers: Record<string, string>) => readWith(requestId, `demo_pt_${randomBytes(8).toString("hex")}`, headers);
    expectError((await firstRefusal(guess, [`${prefix}::a`, `${prefix}::b`, `${prefix}::c`], 14))!, 429, "too_many_requests");
    expect((await readWith(requestId, sent.body.poll_token as string, { "x-forwarded-for": `${prefix}::d` })).status).toBe(200);
  });
});

describe("control characters", () => {
  it("are stripped from an access request as it is taken", async () => {
    const answer = await call("POST", "/demo/access-requests", {
      body: {
        email: inbox(),
        name: "Ana\u001b[2J Silva\u0007",
        company: "Harbour\r\nHomes\u009b",
        on_behalf_of: "\u0000Ana\u007f",
        message: "Line one\r\nLine two\u001b[31m\tend",
      },
      headers: fromAddress(),
    });
    expect(answer.status, answer.text).toBe(201);
    const saved = await db().demoAccessRequest.findUniqueOrThrow({ where: { id: answer.body.request_id as string } });
    expect({ name: saved.name, company: saved.company, onBehalfOf: saved.onBehalfOf, message: saved.message }).toEqual({
      name: "Ana[2J Silva",
      company: "Harbour Homes",
      onBehalfOf: "Ana",
      // A message keeps its lines and tabs.
      message: "Line one\nLine two[31m\tend",
    });
    const onlyControls = await call("POST", "/demo/access-requests", {
      body: { email: inbox(), name: "\u001b\u0007" },
      headers: fromAddress(),
    });
    expect(expectError(onlyControls, 400, "missing_parameter").detail).toEqual({ parameter: "name" });
  });
});
