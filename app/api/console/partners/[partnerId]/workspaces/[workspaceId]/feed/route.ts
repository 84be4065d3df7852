import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";
import { clearFeedAs, setFeedAs } from "@/lib/consoles/feed-actions";

type Params = { partnerId: string; workspaceId: string };

export const PUT = consoleRoute<Params>(staffOnly, async ({ actor }, request, { partnerId, workspaceId }) =>
  setFeedAs(actor, partnerId, workspaceId, await jsonBody(request)),
);

export const DELETE = consoleRoute<Params>(staffOnly, async ({ actor }, _request, { partnerId, workspaceId }) =>
  clearFeedAs(actor, partnerId, workspaceId),
);
