import { writeFile } from "node:fs/promises";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { type PdfFinding, type ReportPdfData, renderReportPdf } from "../../lib/reports/pdf/report-document";
import { readerZone, reportFileName } from "../../lib/reports/pdf/make-report-pdf";
import { readPdfText } from "../support/pdf-text";

/*
 * The report PDF's layout (lib/reports/pdf/report-document.tsx) from made-up data, read back with
 * pdf.js: what it says, page numbers on every page, and pictures embedded. The route, its access
 * rule and the real data are tests/integration/report-pdf.test.ts.
 */

let jpeg: Buffer;
let png: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 200, g: 90, b: 80 } } })
    .jpeg()
    .toBuffer();
  png = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 80, g: 140, b: 90 } } })
    .png()
    .toBuffer();
});

const base = (findings: PdfFinding[]): ReportPdfData => ({
  homeName: "Seaview Cottage",
  address: "12 Harbour Road, Whitby, YO21 3PU",
  workspaceName: "Harbour Homes",
  taskName: "Turnover clean",
  scheduledDay: "25 Nov 2026",
  recordedAt: "Wed 25 Nov 2026, 14:05 UTC",
  duration: "4 min",
  verdict: "not_ready",
  verdictReason: "1 major finding and 1 missed item",
  findings,
  checklist: [
    { name: "Kitchen wiped", stateLabel: "Done", state: "verified" },
    { name: "Beds made", stateLabel: "Missed", state: "missed" },
    { name: "Balcony swept", stateLabel: "Explained", state: "explained", reason: "It was raining hard." },
  ],
  reportUrl: "https://walkthrough.example/reports/6f1c3c1e-0000-4000-8000-000000000000",
  videoUrl: "https://walkthrough.example/reports/6f1c3c1e-0000-4000-8000-000000000000#video",
  madeAt: "Thu 26 Nov 2026, 18:00 UTC",
});

const finding = (index: number, overrides: Partial<PdfFinding> = {}): PdfFinding => ({
  severity: index === 0 ? "MAJOR" : index < 5 ? "MODERATE" : "MINOR",
  category: "damage",
  room: ["Kitchen", "Bathroom", "Bedroom"][index % 3]!,
  description: `Finding number ${index + 1} has a description of its own.`,
  atSeconds: index * 3,
  after: { data: jpeg, format: "jpg" },
  before: index % 2 === 0 ? { data: png, format: "png" } : undefined,
  ...overrides,
});

describe("the report PDF", () => {
  it("says the verdict, the home, every finding, the items needing attention and the page numbers", async () => {
    const findings = Array.from({ length: 12 }, (_, index) => finding(index));
    findings[3] = finding(3, { after: "left-out" });
    const bytes = await renderReportPdf(base(findings));
    if (process.env.REPORT_PDF_OUT) await writeFile(process.env.REPORT_PDF_OUT, bytes);
    const text = await readPdfText(bytes);
    expect(text.all).toContain("Not ready");
    expect(text.all).toContain("1 major finding and 1 missed item");
    expect(text.all).toContain("Seaview Cottage");
    expect(text.all).toContain("12 Harbour Road, Whitby, YO21 3PU");
    expect(text.all).toContain("Wed 25 Nov 2026, 14:05 UTC");
    for (const { description } of findings) expect(text.all).toContain(description);
    expect(text.all).toContain("No earlier picture of this spot");
    expect(text.all).toContain("This picture is in the report online.");
    expect(text.all).toContain("Missed and explained items");
    expect(text.all).toContain("It was raining hard.");
    expect(text.pages.length).toBeGreaterThan(2);
    text.pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${text.pages.length}`));
    expect(text.info.Title).toBe("Seaview Cottage: inspection report");
    // The pictures are in it: the same bytes are embedded once however often they are shown.
    expect(bytes.toString("latin1").match(/\/Subtype \/Image/g)).toHaveLength(2);
  });

  it("keeps a finding on one page", async () => {
    const findings = Array.from({ length: 9 }, (_, index) => finding(index));
    const text = await readPdfText(await renderReportPdf(base(findings)));
    for (const { description } of findings) expect(text.pages.filter((page) => page.includes(description))).toHaveLength(1);
    // A finding's description and its picture caption sit on the same page.
    for (const [index, { description }] of findings.entries()) {
      const page = text.pages.find((candidate) => candidate.includes(description))!;
      expect(page, `finding ${index + 1}`).toMatch(index % 2 === 0 ? /After the clean/ : /No earlier picture of this spot/);
    }
  });

  it("reads well for a clean report", async () => {
    const text = await readPdfText(
      await renderReportPdf({
        ...base([]),
        verdict: "ready",
        verdictReason: "Nothing needs attention",
        checklist: [],
        videoUrl: undefined,
      }),
    );
    expect(text.all).toContain("Ready for guests");
    expect(text.all).toContain("Nothing was found in this walkthrough.");
    expect(text.all).not.toContain("Missed and explained items");
    expect(text.pages).toHaveLength(1);
    expect(text.pages[0]).toContain("Page 1 of 1");
  });
});

describe("the PDF's letters", () => {
  it("writes names and descriptions beyond Western European letters as they are (an embedded font)", async () => {
    const text = await readPdfText(
      await renderReportPdf({
        ...base([finding(0, { room: "Кухня", description: "Tűzhely ajtaja repedt – ő, ł, ж." })]),
        homeName: "Łódź Ørestad",
      }),
    );
    expect(text.all).toContain("Łódź Ørestad");
    expect(text.all).toContain("Кухня");
    expect(text.all).toContain("Tűzhely ajtaja repedt – ő, ł, ж.");
  });
});

describe("the PDF's zone and file name", () => {
  it("takes a zone Intl knows, else UTC", () => {
    expect(readerZone("Europe/Paris")).toBe("Europe/Paris");
    expect(readerZone("Mars/Olympus")).toBe("UTC");
    expect(readerZone("")).toBe("UTC");
    expect(readerZone(undefined)).toBe("UTC");
  });

  it("names the file after the home and the day in the reader's zone, without characters a file system refuses", () => {
    const late = new Date("2026-11-25T23:30:00Z");
    expect(reportFileName("Seaview Cottage", late, "UTC")).toBe("Seaview Cottage inspection 2026-11-25.pdf");
    expect(reportFileName("Seaview Cottage", late, "Europe/Paris")).toBe("Seaview Cottage inspection 2026-11-26.pdf");
    expect(reportFileName('Flat 2/B: "Sea" <view>', late, "UTC")).toBe("Flat 2 B Sea view inspection 2026-11-25.pdf");
    expect(reportFileName("///", late, "UTC")).toBe("Home inspection 2026-11-25.pdf");
  });
});
