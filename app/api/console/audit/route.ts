import { listAudit } from "@/lib/consoles/audit";
import { consoleRoute, staffOnly } from "@/lib/consoles/console-route";

export const GET = consoleRoute(staffOnly, async (_caller, request) =>
  listAudit({}, new URL(request.url).searchParams.get("before") ?? undefined),
);
