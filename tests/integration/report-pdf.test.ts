import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue } from "../../lib/queue/enqueue";
import { stopJobs } from "../../lib/queue/job-queue";
import { localDriverOfApp } from "../support/media";
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
