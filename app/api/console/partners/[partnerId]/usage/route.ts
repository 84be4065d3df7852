import { consoleRoute, partnerData } from "@/lib/consoles/console-route";
import { usageOf } from "@/lib/usage/read-usage";

type Params = { partnerId: string };

export const GET = consoleRoute<Params>(partnerData, async (_caller, _request, { partnerId }) => usageOf(partnerId));
