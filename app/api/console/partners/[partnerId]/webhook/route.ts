import { consoleRoute, jsonBody, partnerData } from "@/lib/consoles/console-route";
import { clearReceiverAs, setReceiverAs, webhookOf } from "@/lib/consoles/integration-actions";

type Params = { partnerId: string };

export const GET = consoleRoute<Params>(partnerData, async (_caller, _request, { partnerId }) => webhookOf(partnerId));

export const PUT = consoleRoute<Params>(partnerData, async ({ actor }, request, { partnerId }) =>
  setReceiverAs(actor, partnerId, (await jsonBody(request)).url),
);

export const DELETE = consoleRoute<Params>(partnerData, async ({ actor }, _request, { partnerId }) =>
  clearReceiverAs(actor, partnerId),
);
