import { consoleRoute, partnerData } from "@/lib/consoles/console-route";
import { inspectionsPage } from "@/lib/consoles/inspections-page";

type Params = { partnerId: string };

export const GET = consoleRoute<Params>(partnerData, async (_caller, request, { partnerId }) => {
  const search = new URL(request.url).searchParams;
  return inspectionsPage(
    { partnerId },
    Math.max(1, Number(search.get("page")) || 1),
    search.get("status"),
    search.get("workspace"),
  );
});
