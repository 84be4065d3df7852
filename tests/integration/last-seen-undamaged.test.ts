import { createHash, randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { differenceHash } from "../../lib/analysis/dhash";
import { db } from "../../lib/db/client";
import { lastSeenUndamaged } from "../../lib/evidence/last-seen-undamaged";
import { appUnderTest } from "../support/app-under-test";
import { accessibleAtBothSizes } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { screenshot } from "../support/recorder-browser";
import { localDriverOfApp } from "../support/media";
import { readPdfText } from "../support/pdf-text";
import { seatIn, seedReport, sessionCookieFor, type SeededReport } from "../fixtures/released-report";

/*
 * "Last seen undamaged" and the claim summary (issue 27) on a real database and the app's media
 * store: a home's earlier walkthroughs written with their recording records' frame hashes (of real
 * JPEGs, hashed as the analysis hashes frames) and findings, its stays, and which walkthrough each
 * finding of the latest one was last seen undamaged in; then the report page saying so and the
 * claim summary PDF, read back with pdf.js, carrying the hashes of the files and the stays.
 */

/** A scene: 9x8 grey blocks from a seeded pseudo-random sequence, blown up; another seed is another spot. */
async function scene(seed: number, brightness = 1): Promise<Buffer> {
  let state = seed;
  const cells = Buffer.alloc(9 * 8);
  for (let index = 0; index < cells.length; index++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    cells[index] = 30 + (state % 190);
  }
  return sharp(cells, { raw: { width: 9, height: 8, channels: 1 } })
    .resize(480, 270, { kernel: "nearest", fit: "fill" })
    .modulate({ brightness })
    .jpeg({ quality: 75 })
    .toBuffer();
}

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const spotA = 11;
const spotB = 23;
const spotC = 37;
const at = (iso: string) => new Date(iso);
const get = (path: string) => fetch(new URL(path, appUnderTest().baseUrl), { headers: { cookie }, redirect: "manual" });
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

let report: SeededReport;
let propertyId: string;
let workspaceId: string;
const walks: Record<string, string> = {};
const stays: Record<string, string> = {};
const videoSha256 = sha256("the sealed video");
let recordingSha256: string;
let reportSha256: string;
let cookie: string;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/**
 * A recording record as the seal keeps it: the compact JWS (shaped as one, unsigned: nothing here
 * checks signatures), its SHA-256 and the difference hashes of the frames cut across the video.
 */
async function recordingRecord(inspectionId: string, frames: bigint[], videoSha256 = sha256(inspectionId)) {
  // Two uploaded parts, as the record lists them (the claim summary counts them).
  const parts = [1, 2].map((index) => ({ index, run: 0, sha256: sha256(`${inspectionId} part ${index}`), size_bytes: 1000 }));
  const jws = `${base64url({ alg: "EdDSA" })}.${base64url({ record: "recording", parts, video: { sha256: videoSha256 } })}.${base64url("test")}`;
  return db().evidenceRecord.create({
    data: { inspectionId, kind: "recording", propertyId, jws, sha256: sha256(jws), frameDhashes: frames },
  });
}

/** An earlier (or later) walkthrough of the home: its video's time, the spots its frames show, its findings. */
async function walkthrough(
  name: string,
  recordedAt: Date,
  spots: number[],
  findings: { spot: number; rejected?: boolean }[] = [],
): Promise<void> {
  const task = await db().task.create({
    data: {
      workspaceId,
      propertyId,
      externalId: `task-${name}-${randomUUID()}`,
      externalIdHash: randomBytes(32),
      tokenHash: randomBytes(32),
      tokenEncrypted: "unused",
    },
  });
  const inspection = await db().inspection.create({
    data: {
      taskId: task.id,
      workspaceId,
      propertyId,
      status: "completed",
      checklist: [],
      sealedAt: recordedAt,
      completedAt: recordedAt,
    },
  });
  walks[name] = inspection.id;
  await db().inspectionVideo.create({
    data: {
      inspectionId: inspection.id,
      mediaKey: `videos/${inspection.id}/walkthrough.mp4`,
      contentType: "video/mp4",
      sizeBytes: 1_000_000,
      durationSeconds: 120,
      recordedAt,
      transcoded: false,
    },
  });
  // Frames as the seal cuts them (JPEGs of the video), hashed as the analysis hashes frames.
  const frames = await Promise.all(spots.map(async (seed) => differenceHash(await scene(seed))));
  await recordingRecord(inspection.id, frames);
  for (const [index, finding] of findings.entries()) {
    await db().finding.create({
      data: {
        inspectionId: inspection.id,
        key: `earlier-${index}`,
        room: "Living room",
        description: "Mark on the wall",
        severity: "MINOR",
        category: "damage",
        afterKeys: [],
        beforeKeys: [],
        source: "staff",
        dhash: await differenceHash(await scene(finding.spot, 1.1)),
        rejected: finding.rejected ?? false,
      },
    });
  }
}

beforeAll(async () => {
  // The latest walkthrough (recorded 25 November), with a finding at spot A and one at spot B.
  report = await seedReport({
    homeName: "Harbour Loft",
    findings: [
      { severity: "MAJOR", room: "Living room", description: "Crack across the coffee table" },
      { severity: "MINOR", room: "Bedroom", description: "Stain on the rug" },
      { severity: "MINOR", room: "Hall", description: "Scuff by the door" },
    ],
    driver: localDriverOfApp(),
  });
  const inspection = await db().inspection.findUniqueOrThrow({ where: { id: report.inspectionId } });
  propertyId = inspection.propertyId;
  workspaceId = inspection.workspaceId;
  const findings = await db().finding.findMany({ where: { inspectionId: report.inspectionId }, orderBy: { key: "asc" } });
  // Slightly darker frames of the same spots than the earlier ones: similar, not identical.
  await db().finding.update({ where: { id: findings[0]!.id }, data: { dhash: await differenceHash(await scene(spotA, 0.9)) } });
  await db().finding.update({ where: { id: findings[1]!.id }, data: { dhash: await differenceHash(await scene(spotB, 0.9)) } });
  // The third has no frame hash (a finding staff added without a frame): it cannot be placed.
  const frames = await Promise.all([spotA, spotB].map(async (seed) => differenceHash(await scene(seed))));
  recordingSha256 = (await recordingRecord(report.inspectionId, frames, videoSha256)).sha256;
  const reportJws = `${base64url({ alg: "EdDSA" })}.${base64url({ record: "report", findings: [] })}.${base64url("test")}`;
  reportSha256 = sha256(reportJws);
  await db().evidenceRecord.create({
    data: { inspectionId: report.inspectionId, kind: "report", propertyId, jws: reportJws, sha256: reportSha256 },
  });

  await walkthrough("first", at("2026-11-10T10:00:00Z"), [spotA, spotB]);
  // Spot A already had a finding here: the damage may be older, so the search goes on past it.
  await walkthrough("second", at("2026-11-18T10:00:00Z"), [spotA, spotB], [{ spot: spotA }]);
  // Spot B filmed only in a finding staff rejected (no finding); spot A not filmed at all.
  await walkthrough("third", at("2026-11-21T10:00:00Z"), [spotC], [{ spot: spotB, rejected: true }]);
  // Later than the report's walkthrough: never its "last seen".
  await walkthrough("later", at("2026-11-27T10:00:00Z"), [spotA, spotB]);

  await db().reservationCalendar.create({ data: { propertyId, urlEncrypted: "test", urlHint: "https://calendar.test" } });
  const rows = [
    { uid: "s1", checkIn: day("2026-11-12"), checkOut: day("2026-11-15") },
    { uid: "cancelled", checkIn: day("2026-11-16"), checkOut: day("2026-11-17"), status: "cancelled" as const },
    // Checks out on the third walkthrough's day: ended before it.
    { uid: "s2", checkIn: day("2026-11-19"), checkOut: day("2026-11-21") },
    // Checks out on the report's day: before it.
    { uid: "s3", checkIn: day("2026-11-22"), checkOut: day("2026-11-25") },
    // Checks in on the report's day: after it.
    { uid: "s4", checkIn: day("2026-11-25"), checkOut: day("2026-11-28") },
  ];
  for (const row of rows) {
    const created = await db().reservation.create({ data: { workspaceId, propertyId, ...row } });
    stays[row.uid] = created.id;
  }
});

describe("last seen undamaged", () => {
  it("is the latest earlier walkthrough that filmed the spot with no finding there, with the stays since", async () => {
    const findings = await db().finding.findMany({ where: { inspectionId: report.inspectionId }, orderBy: { key: "asc" } });
    const answers = await lastSeenUndamaged(report.inspectionId);
    const stay = (uid: string, checkIn: string, checkOut: string) => ({
      reservation_id: stays[uid],
      check_in: checkIn,
      check_out: checkOut,
    });
    expect(answers.get(findings[0]!.id)).toEqual({
      inspectionId: walks.first,
      recordedAt: at("2026-11-10T10:00:00Z"),
      stays: [
        stay("s1", "2026-11-12", "2026-11-15"),
        stay("s2", "2026-11-19", "2026-11-21"),
        stay("s3", "2026-11-22", "2026-11-25"),
      ],
    });
    expect(answers.get(findings[1]!.id)).toEqual({
      inspectionId: walks.third,
      recordedAt: at("2026-11-21T10:00:00Z"),
      stays: [stay("s3", "2026-11-22", "2026-11-25")],
    });
    expect(answers.has(findings[2]!.id)).toBe(true);
    expect(answers.get(findings[2]!.id)).toBeUndefined();
  });

  it("has no stays where the home's stays are not known, and nothing for a home's first walkthrough", async () => {
    await db().reservationCalendar.delete({ where: { propertyId } });
    try {
      const findings = await db().finding.findMany({ where: { inspectionId: report.inspectionId }, orderBy: { key: "asc" } });
      const answers = await lastSeenUndamaged(report.inspectionId);
      expect(answers.get(findings[1]!.id)).toEqual({ inspectionId: walks.third, recordedAt: at("2026-11-21T10:00:00Z") });
      const first = await lastSeenUndamaged(walks.first!);
      expect([...first.values()]).toEqual([]);
    } finally {
      await db().reservationCalendar.create({ data: { propertyId, urlEncrypted: "test", urlHint: "https://calendar.test" } });
    }
  });

  it("is said on the report page in plain words, beside each finding's claim summary", async () => {
    const email = `reader-${randomBytes(4).toString("hex")}@harbour-homes.com`;
    await seatIn(report.workspaceId, email);
    cookie = await sessionCookieFor(email);
    const response = await get(`/reports/${report.inspectionId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = html
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " ");
    expect(text).toContain("Last seen undamaged");
    expect(text).toContain("3 stays since");
    expect(text).toContain("1 stay since");
    expect(text).toContain("22 Nov 2026 – 25 Nov 2026");
    expect(text).toContain("No earlier walkthrough shows this spot undamaged");
    expect(html).toContain(`href="/reports/${walks.first}"`);
    const findings = await db().finding.findMany({ where: { inspectionId: report.inspectionId } });
    for (const finding of findings) expect(html).toContain(`/reports/${report.inspectionId}/findings/${finding.id}/claim`);
  });

  it("reads well and passes axe in Chromium at a phone's and a desktop's size", async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      const [name, value] = cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: appUnderTest().baseUrl }]);
      const page = await context.newPage();
      await page.goto(new URL(`/reports/${report.inspectionId}`, appUnderTest().baseUrl).toString(), {
        waitUntil: "networkidle",
      });
      await page.getByText("Last seen undamaged:").first().waitFor();
      const claimLinks = page.getByRole("link", { name: "Claim summary (PDF)" });
      expect(await claimLinks.count()).toBe(3);
      await accessibleAtBothSizes(page, "report with last seen undamaged", "report-last-seen");
    } finally {
      await browser.close();
    }
  }, 90_000);
});

describe("the claim summary", () => {
  const claim = (findingId: string, inspectionId = report.inspectionId, headers: Record<string, string> = { cookie }) =>
    fetch(new URL(`/reports/${inspectionId}/findings/${findingId}/claim?tz=Europe/London`, appUnderTest().baseUrl), {
      headers,
      redirect: "manual",
    });

  it("is a PDF with the pictures' and records' SHA-256, the walkthrough last seen undamaged and the stays between", async () => {
    const finding = await db().finding.findFirstOrThrow({ where: { inspectionId: report.inspectionId, key: "seeded-0" } });
    const response = await claim(finding.id);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain("Harbour Loft claim summary 2026-11-25.pdf");
    const pdf = await readPdfText(new Uint8Array(await response.arrayBuffer()));
    const text = pdf.all.replace(/\s+/g, " ");

    // The picture's hash is the SHA-256 of the bytes the store holds.
    const stored = await localDriverOfApp().get(finding.afterKeys[0]!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    const afterSha256 = sha256(Buffer.concat(chunks));
    expect(text).toContain(afterSha256);
    expect(text).toContain(`findings/after/${afterSha256}.jpg`);
    expect(text).toContain(videoSha256);
    expect(text).toContain(recordingSha256);
    expect(text).toContain(reportSha256);
    const earlier = await db().evidenceRecord.findUniqueOrThrow({
      where: { inspectionId_kind: { inspectionId: walks.first!, kind: "recording" } },
    });
    expect(text).toContain(earlier.sha256);

    expect(text).toContain("Crack across the coffee table");
    expect(text).toContain("Last seen undamaged");
    expect(text).toContain(walks.first!);
    expect(text).toContain("10 Nov 2026");
    for (const [uid, range] of [
      ["s1", "12 Nov 2026 – 15 Nov 2026"],
      ["s2", "19 Nov 2026 – 21 Nov 2026"],
      ["s3", "22 Nov 2026 – 25 Nov 2026"],
    ] as const) {
      expect(text).toContain(range);
      expect(text).toContain(stays[uid]!);
    }
    expect(text).not.toContain(stays.s4!);
    expect(text).not.toContain(stays.cancelled!);
    expect(text).toMatch(/https?:\/\/\S+\/verify\b/);
    expect(text).toContain("openssl dgst -sha256");
    // The phone's parts: this video row predates kept originals, so the packet says why it has none.
    expect(text).toContain(
      "The recording record lists the fingerprints of the 2 parts the phone uploaded. This walkthrough was recorded before the service kept the parts themselves",
    );
    expect(pdf.info.Title).toBe("Harbour Loft: damage claim summary");
  });

  it("says the packet holds the phone's parts byte for byte once the seal kept them", async () => {
    const finding = await db().finding.findFirstOrThrow({ where: { inspectionId: report.inspectionId, key: "seeded-0" } });
    await db().inspectionVideo.update({ where: { inspectionId: report.inspectionId }, data: { originalsKept: true } });
    try {
      const text = (await readPdfText(new Uint8Array(await (await claim(finding.id)).arrayBuffer()))).all.replace(/\s+/g, " ");
      expect(text).toContain(
        "The packet also holds the 2 parts the phone uploaded, byte for byte as they arrived (folder parts/).",
      );
      expect(text).not.toContain("before the service kept the parts");
    } finally {
      await db().inspectionVideo.update({ where: { inspectionId: report.inspectionId }, data: { originalsKept: false } });
    }
  });

  it("draws its pages (pdf.js in Chromium), to be looked at", async () => {
    const finding = await db().finding.findFirstOrThrow({ where: { inspectionId: report.inspectionId, key: "seeded-0" } });
    const pdf = Buffer.from(await (await claim(finding.id)).arrayBuffer()).toString("base64");
    const dir = await mkdtemp(path.join(os.tmpdir(), "claim-pdf-look-"));
    // pdf.js draws the PDF's pages on a canvas in a page opened from disk, beside its own files.
    const browser = await launchBrowser(["--allow-file-access-from-files"]);
    try {
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
for (let number = 1; number <= doc.numPages; number++) {
  const page = await doc.getPage(number);
  const viewport = page.getViewport({ scale: 1.5 });
  const canvas = Object.assign(document.createElement("canvas"), { width: viewport.width, height: viewport.height, id: "page-" + number });
  canvas.style.cssText = "display:block;margin:0 auto 12px";
  document.getElementById("pages").append(canvas);
  await page.render({ canvasContext: canvas.getContext("2d"), viewport }).promise;
}
document.body.dataset.drawn = String(doc.numPages);
</script></body></html>`,
      );
      const page = await browser.newPage({ viewport: { width: 900, height: 1263 } });
      await page.goto(`file://${viewer}`);
      await page.waitForSelector("body[data-drawn]", { timeout: 30_000 });
      const pages = Number(await page.locator("body").getAttribute("data-drawn"));
      expect(pages).toBeGreaterThanOrEqual(1);
      for (let number = 1; number <= pages; number++) {
        const box = (await page.locator(`#page-${number}`).boundingBox())!;
        await page.setViewportSize({ width: 900, height: Math.ceil(box.height) });
        await page.locator(`#page-${number}`).scrollIntoViewIfNeeded();
        await screenshot(page, `claim-summary-page-${number}`);
      }
    } finally {
      await browser.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it("says so when no earlier walkthrough shows the spot undamaged", async () => {
    const finding = await db().finding.findFirstOrThrow({ where: { inspectionId: report.inspectionId, key: "seeded-2" } });
    const response = await claim(finding.id);
    expect(response.status).toBe(200);
    const text = (await readPdfText(new Uint8Array(await response.arrayBuffer()))).all.replace(/\s+/g, " ");
    expect(text).toContain("No earlier walkthrough shows this spot undamaged.");
    expect(text).toContain("Scuff by the door");
  });

  it("is there only for a finding of the report, for people who may read it", async () => {
    const earlierFinding = await db().finding.findFirstOrThrow({ where: { inspectionId: walks.second! } });
    expect((await claim(earlierFinding.id)).status).toBe(404);
    expect((await claim(randomUUID())).status).toBe(404);
    expect((await claim("not-a-uuid")).status).toBe(404);
    const finding = await db().finding.findFirstOrThrow({ where: { inspectionId: report.inspectionId, key: "seeded-0" } });
    expect((await claim(finding.id, report.inspectionId, {})).status).toBe(401);
  });
});
