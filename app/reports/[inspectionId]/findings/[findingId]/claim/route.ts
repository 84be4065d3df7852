import { routeHandlers } from "@/lib/http/route-handlers";
import { downloadClaimPdf } from "@/lib/reports/report-pdf-api";

// Made for the signed-in person on every request: never prerendered or cached by Next.
export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(downloadClaimPdf);
