import { consoleRoute, jsonBody, partnerData } from "@/lib/consoles/console-route";
import { issueKeyAs, keysOf } from "@/lib/consoles/partner-actions";

type Params = { partnerId: string };

export const GET = consoleRoute<Params>(partnerData, async (_caller, _request, { partnerId }) => ({
  keys: await keysOf(partnerId),
}));

export const POST = consoleRoute<Params>(partnerData, async ({ actor }, request, { partnerId }) =>
  issueKeyAs(actor, partnerId, (await jsonBody(request)).scopes),
);
