import { consoleRoute, partnerData } from "@/lib/consoles/console-route";
import { workspacesOf } from "@/lib/consoles/integration-actions";

type Params = { partnerId: string };

export const GET = consoleRoute<Params>(partnerData, async (_caller, request, { partnerId }) =>
  workspacesOf(partnerId, Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1)),
);
