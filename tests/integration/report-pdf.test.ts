import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue } from "../../lib/queue/enqueue";
import { stopJobs } from "../../lib/queue/job-queue";
import { desktopViewport, expectAccessible, phoneViewport } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { localDriverOfApp } from "../support/media";
import { screenshot } from "../support/recorder-browser";
import { readPdfText } from "../support/pdf-text";
import { signInByMail } from "../support/sign-in";
import { linkIn } from "../support/smtp-receiver";
import { seatIn, seedReport, type SeededReport } from "../fixtures/released-report";
import { useApp } from "../support/use-app";

/*
 * The report as a PDF (`GET /reports/<id>/pdf`) and as a mail (the mail-report job), over real
 * HTTP against the app, on a real database, with mail through a real SMTP server. The PDF's text
 * is read back with pdf.js: what a person would read in it.
 */

const app = useApp({ fakes: ["smtp"], appUrl: true, database: "report_pdf" });
afterAll(async () => {
  await stopJobs();
});

const address = (label: string) => `${label}-${randomBytes(4).toString("hex")}@harbour-homes.com`;
const signIn = (email: string) => signInByMail({ baseUrl: app.baseUrl, appUrl: app.env.APP_URL!, smtp: app.smtp }, email);
const get = (path: string, cookie?: string) =>
  fetch(new URL(path, app.baseUrl), { headers: cookie ? { cookie } : {}, redirect: "manual" });

let report: SeededReport;
let reader: string;
let readerCookie: string;

beforeAll(async () => {
  report = await seedReport({
    homeName: "Seaview Cottage",
    driver: localDriverOfApp(),
    findings: [
      { severity: "MINOR", room: "Bathroom", description: "Hair left in the sink.", atSeconds: 2 },
      { severity: "MAJOR", room: "Kitchen", description: "The oven door glass is cracked.", atSeconds: 9, withBefore: true },
      { severity: "MODERATE", room: "Bedroom", description: "A wine stain on the rug by the bed.", atSeconds: 5 },
      { severity: "MINOR", room: "Hall", description: "Sand on the doormat.", atSeconds: 12 },
    ],
  });
  reader = address("reader");
  await seatIn(report.workspaceId, reader);
  readerCookie = await signIn(reader);
});

describe("GET /reports/<inspection_id>/pdf", () => {
  it("answers the report as a PDF: verdict, home, every finding most serious first, the checklist", async () => {
    const response = await get(`/reports/${report.inspectionId}/pdf?tz=Europe/Paris`, readerCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Seaview Cottage inspection 2026-11-25.pdf"; filename*=UTF-8''Seaview%20Cottage%20inspection%202026-11-25.pdf`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = await readPdfText(bytes);
    expect(text.all).toContain("Not ready");
    expect(text.all).toContain("1 major finding, 1 moderate finding and 1 missed item");
    expect(text.all).toContain("Seaview Cottage");
    expect(text.all).toContain("12 Harbour Road, Whitby, YO21 3PU");
    expect(text.all).toContain("Turnover clean");
    // Recorded at 14:05 UTC: 15:05 in Paris, and the zone named.
    expect(text.all).toMatch(/25 Nov 2026, 15:05 (CET|GMT\+1)/);
    const order = [
      "The oven door glass is cracked.",
      "A wine stain on the rug by the bed.",
      "Hair left in the sink.",
      "Sand on the doormat.",
    ];
    const positions = order.map((description) => text.all.indexOf(description));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text.all).toContain("Beds made");
    expect(text.all).toContain("The balcony door was locked by the owner.");
    expect(text.all).toContain(`${app.env.APP_URL}/reports/${report.inspectionId}`);
    text.pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${text.pages.length}`));
    // The pictures came from the media store: 4 after pictures and 1 before, each embedded.
    expect(
      Buffer.from(bytes)
        .toString("latin1")
        .match(/\/Subtype \/Image/g),
    ).toHaveLength(5);
  });

  it("is in UTC, and says so, without a zone or with one it does not know", async () => {
    for (const query of ["", "?tz=Mars/Olympus"]) {
      const response = await get(`/reports/${report.inspectionId}/pdf${query}`, readerCookie);
      expect(response.status, query).toBe(200);
      expect((await readPdfText(new Uint8Array(await response.arrayBuffer()))).all, query).toMatch(/25 Nov 2026, 14:05 UTC/);
    }
  });

  it("answers no access and no such report alike (404), 401 without a session, 409 before release", async () => {
    const outsider = address("outsider");
    const elsewhere = await seedReport({ homeName: "Dune House", findings: [], driver: localDriverOfApp() });
    await seatIn(elsewhere.workspaceId, outsider);
    const outsiderCookie = await signIn(outsider);
    // The outsider reads their own workspace's report...
    expect((await get(`/reports/${elsewhere.inspectionId}/pdf`, outsiderCookie)).status).toBe(200);
    // ...not another's, which reads exactly as a report that does not exist.
    const refused = await get(`/reports/${report.inspectionId}/pdf`, outsiderCookie);
    const missing = await get(`/reports/6f1c3c1e-0000-4000-8000-000000000000/pdf`, outsiderCookie);
    const malformed = await get(`/reports/not-a-uuid/pdf`, outsiderCookie);
    for (const response of [refused, missing, malformed]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "No such report." } });
    }

    const anonymous = await get(`/reports/${report.inspectionId}/pdf`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("signed_out");

    const unreleased = await seedReport({
      homeName: "Rock Pool Flat",
      findings: [],
      status: "processing",
      driver: localDriverOfApp(),
    });
    await seatIn(unreleased.workspaceId, reader);
    const early = await get(`/reports/${unreleased.inspectionId}/pdf`, readerCookie);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe("report_not_ready");
  });
});

describe("the report mail (mail-report job)", () => {
  it("carries the verdict, the three most serious findings with a picture each and the button, in HTML and text", async () => {
    const recipient = address("mailed");
    await seatIn(report.workspaceId, recipient);
    await enqueue("mail-report", { inspectionId: report.inspectionId });
    const mail = await app.smtp.waitFor(recipient, 1, 60_000);
    const url = `${app.env.APP_URL}/reports/${report.inspectionId}`;

    expect(mail.subject).toBe("Not ready: Seaview Cottage — inspection report");
    expect(mail.text).toContain("Not ready");
    expect(linkIn(mail, `${app.env.APP_URL}/reports/`)).toBe(url);
    expect(mail.text).toContain("The oven door glass is cracked.");
    expect(mail.text).toContain("1 more finding is in the report.");
    expect(mail.html).toContain("Not ready");
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain("Open the report");
    expect(mail.html).toContain(`${app.env.APP_URL}/icons/icon-192.png`);
    // The top three, most serious first; the fourth is only counted.
    const order = ["The oven door glass is cracked.", "A wine stain on the rug by the bed.", "Hair left in the sink."];
    const positions = order.map((description) => mail.html.indexOf(description));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(mail.html).not.toContain("Sand on the doormat.");
    // One picture each, on links the recipient's mail client can load, good for a week.
    const pictures = [...mail.html.matchAll(/<img[^>]+src="([^"]+\/media\/findings\/[^"]+)"/g)].map((match) =>
      match[1]!.replaceAll("&amp;", "&"),
    );
    expect(pictures).toHaveLength(3);
    for (const picture of pictures) {
      const expires = Number(new URL(picture).searchParams.get("expires"));
      expect(expires - Date.now() / 1000).toBeGreaterThan(6 * 24 * 3600);
      const loaded = await fetch(picture.replace(app.env.APP_URL!, app.baseUrl));
      expect(loaded.status).toBe(200);
      expect(loaded.headers.get("content-type")).toBe("image/jpeg");
    }
  });
});

describe("how the PDF and the mail look (Chromium)", () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    // pdf.js draws the PDF's pages on a canvas in a page opened from disk, beside its own files.
    browser = await launchBrowser(["--allow-file-access-from-files"]);
    dir = await mkdtemp(path.join(os.tmpdir(), "report-pdf-look-"));
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("draws the PDF's first two pages", async () => {
    const response = await get(`/reports/${report.inspectionId}/pdf?tz=Europe/London`, readerCookie);
    const pdf = Buffer.from(await response.arrayBuffer()).toString("base64");
    const pdfjs = new URL("../../node_modules/pdfjs-dist/", import.meta.url).href;
    const viewer = path.join(dir, "viewer.html");
    await writeFile(
      viewer,
      `<!doctype html><html lang="en"><title>PDF</title><body style="margin:0;background:#c5ced8"><main id="pages"></main>
<script type="module">
import * as pdfjs from "${pdfjs}build/pdf.mjs";
pdfjs.GlobalWorkerOptions.workerSrc = "${pdfjs}build/pdf.worker.mjs";
const data = Uint8Array.from(atob("${pdf}"), (c) => c.charCodeAt(0));
const doc = await pdfjs.getDocument({ data, standardFontDataUrl: "${pdfjs}standard_fonts/" }).promise;
for (const number of [1, 2]) {
  const page = await doc.getPage(number);
  const viewport = page.getViewport({ scale: 1.5 });
  const canvas = Object.assign(document.createElement("canvas"), { width: viewport.width, height: viewport.height, id: "page-" + number });
  canvas.style.cssText = "display:block;margin:0 auto 12px";
  document.getElementById("pages").append(canvas);
  await page.render({ canvasContext: canvas.getContext("2d"), viewport }).promise;
}
document.body.dataset.drawn = "yes";
</script></body></html>`,
    );
    const page = await browser.newPage({ viewport: { width: 900, height: 1263 } });
    await page.goto(`file://${viewer}`);
    await page.waitForSelector("body[data-drawn]", { timeout: 30_000 });
    for (const number of [1, 2]) {
      await page.locator(`#page-${number}`).scrollIntoViewIfNeeded();
      const box = (await page.locator(`#page-${number}`).boundingBox())!;
      expect(box.width).toBeGreaterThan(800);
      await page.setViewportSize({ width: 900, height: Math.ceil(box.height) });
      await page.locator(`#page-${number}`).scrollIntoViewIfNeeded();
      await screenshot(page, `report-pdf-page-${number}`);
    }
    await page.close();
  });

  it("shows the report mail on a phone and a desktop, with no serious accessibility problem", async () => {
    const recipient = address("looked-at");
    await seatIn(report.workspaceId, recipient);
    await enqueue("mail-report", { inspectionId: report.inspectionId });
    const mail = await app.smtp.waitFor(recipient, 1, 60_000);
    for (const [viewport, size] of [
      [phoneViewport, "phone"],
      [desktopViewport, "desktop"],
    ] as const) {
      const page = await browser.newPage({ viewport });
      // The picture links point at APP_URL; the app under test answers them at its own address.
      await page.setContent(mail.html.replaceAll(app.env.APP_URL!, app.baseUrl), { waitUntil: "networkidle" });
      const pictures = page.locator("img");
      expect(await pictures.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(
        true,
      );
      await expectAccessible(page, `report mail (${size})`);
      await screenshot(page, `report-mail-${size}`, { fullPage: true });
      await page.close();
    }
  });
});
