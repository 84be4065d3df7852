import { consoleRoute, staffOnly } from "@/lib/consoles/console-route";
import { inspectionsPage } from "@/lib/consoles/inspections-page";

export const GET = consoleRoute(staffOnly, async (_caller, request) => {
  const search = new URL(request.url).searchParams;
  return inspectionsPage({}, Math.max(1, Number(search.get("page")) || 1), search.get("status"), search.get("workspace"));
});
