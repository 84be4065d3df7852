import "server-only";
import { z } from "zod";
import { defineRoute } from "../http/operation";
import { makeClaimPdf } from "./pdf/make-claim-pdf";
import { makeReportPdf, type ReportPdf } from "./pdf/make-report-pdf";

/*
 * The report's PDF download and each finding's claim summary, behind the report page's buttons
 * (`auth: "session"`): the person signed in on the page; no session answers 401 signed_out, no
 * access or no such inspection (or finding) the same 404, an unreleased report 409 report_not_ready.
 */

/** RFC 6266: an ASCII fallback and the UTF-8 name for browsers that read it. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function pdfFile(pdf: ReportPdf) {
  const file = new Response(new Uint8Array(pdf.bytes), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-length": String(pdf.bytes.length),
      "content-disposition": attachment(pdf.fileName),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
  return { status: 200 as const, body: undefined, file };
}

export const downloadReportPdf = defineRoute({
  auth: "session",
  method: "GET",
  path: "/reports/{inspectionId}/pdf",
  params: z.object({ inspectionId: z.string() }),
  // The reader's IANA zone from the page's button; unknown or absent, the PDF is in UTC and says so.
  query: z.object({ tz: z.string().max(64).optional() }),
  async handler({ caller, params, query }) {
    return pdfFile(await makeReportPdf(params.inspectionId, caller.id, query.tz));
  },
});

/** One finding's claim summary (lib/reports/pdf/make-claim-pdf.ts), for the same people, the same way. */
export const downloadClaimPdf = defineRoute({
  auth: "session",
  method: "GET",
  path: "/reports/{inspectionId}/findings/{findingId}/claim",
  params: z.object({ inspectionId: z.string(), findingId: z.string() }),
  query: z.object({ tz: z.string().max(64).optional() }),
  async handler({ caller, params, query }) {
    return pdfFile(await makeClaimPdf(params.inspectionId, params.findingId, caller.id, query.tz));
  },
});
