import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";
import { connectorsOf, setConnectorAs } from "@/lib/consoles/connector-actions";

type Params = { partnerId: string; workspaceId: string };

export const GET = consoleRoute<Params>(staffOnly, async (_caller, _request, { partnerId, workspaceId }) => ({
  connectors: await connectorsOf(partnerId, workspaceId),
}));

/** Staff switch a connector on or off for the workspace: `{ platform, enabled }`. */
export const PUT = consoleRoute<Params>(staffOnly, async ({ actor }, request, { partnerId, workspaceId }) => {
  const body = await jsonBody(request);
  return setConnectorAs(actor, partnerId, workspaceId, body.platform, body.enabled);
});
