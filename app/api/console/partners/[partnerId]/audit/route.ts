import { listAudit } from "@/lib/consoles/audit";
import { consoleRoute, partnerData } from "@/lib/consoles/console-route";

type Params = { partnerId: string };

export const GET = consoleRoute<Params>(partnerData, async (_caller, request, { partnerId }) =>
  listAudit({ partnerId }, new URL(request.url).searchParams.get("before") ?? undefined),
);
