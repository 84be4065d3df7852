import { consoleRoute, jsonBody, partnerData } from "@/lib/consoles/console-route";
import { addAllowlistAs, allowlistOf, removeAllowlistAs } from "@/lib/consoles/integration-actions";

type Params = { partnerId: string };

export const GET = consoleRoute<Params>(partnerData, async (_caller, _request, { partnerId }) => allowlistOf(partnerId));

export const POST = consoleRoute<Params>(partnerData, async ({ actor }, request, { partnerId }) =>
  addAllowlistAs(actor, partnerId, (await jsonBody(request)).entry),
);

export const DELETE = consoleRoute<Params>(partnerData, async ({ actor }, request, { partnerId }) =>
  removeAllowlistAs(actor, partnerId, new URL(request.url).searchParams.get("entry")),
);
