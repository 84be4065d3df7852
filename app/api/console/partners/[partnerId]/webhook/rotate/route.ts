import { consoleRoute, jsonBody, partnerData } from "@/lib/consoles/console-route";
import { rotateSecretAs } from "@/lib/consoles/integration-actions";

type Params = { partnerId: string };

export const POST = consoleRoute<Params>(partnerData, async ({ actor }, request, { partnerId }) =>
  rotateSecretAs(actor, partnerId, (await jsonBody(request)).days),
);
