import { consoleRoute, partnerData } from "@/lib/consoles/console-route";
import { revokeKeyAs } from "@/lib/consoles/partner-actions";

type Params = { partnerId: string; keyId: string };

export const DELETE = consoleRoute<Params>(partnerData, async ({ actor }, _request, { partnerId, keyId }) =>
  revokeKeyAs(actor, partnerId, keyId),
);
