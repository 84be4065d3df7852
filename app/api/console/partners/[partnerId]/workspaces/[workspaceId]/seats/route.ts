import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";
import { removeSeatAs, setSeatAs } from "@/lib/consoles/seat-actions";

type Params = { partnerId: string; workspaceId: string };

/** Staff only: partners give owner seats by workspace claims; owners manage the rest. */
export const POST = consoleRoute<Params>(staffOnly, async ({ actor }, request, { partnerId, workspaceId }) =>
  setSeatAs(actor, partnerId, workspaceId, await jsonBody(request)),
);

export const DELETE = consoleRoute<Params>(staffOnly, async ({ actor }, request, { partnerId, workspaceId }) =>
  removeSeatAs(actor, partnerId, workspaceId, new URL(request.url).searchParams.get("email")),
);
