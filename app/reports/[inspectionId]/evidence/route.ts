import { routeHandlers } from "@/lib/http/route-handlers";
import { downloadReportPacket } from "@/lib/reports/evidence-packet-api";

// Signs a fresh packet link for the signed-in person on every request: never prerendered or cached.
export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(downloadReportPacket);
