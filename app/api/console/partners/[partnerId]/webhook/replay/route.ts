import { consoleRoute, jsonBody, partnerData } from "@/lib/consoles/console-route";
import { replaySinceAs } from "@/lib/consoles/integration-actions";

type Params = { partnerId: string };

/** Replays everything since a time that no delivery brought through. */
export const POST = consoleRoute<Params>(partnerData, async ({ actor }, request, { partnerId }) =>
  replaySinceAs(actor, partnerId, (await jsonBody(request)).since),
);
