import { clearCompanyChecklistAs, setCompanyChecklistAs } from "@/lib/consoles/checklist-actions";
import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";

type Params = { partnerId: string; workspaceId: string; type: string };

export const PUT = consoleRoute<Params>(staffOnly, async ({ actor }, request, { partnerId, workspaceId, type }) =>
  setCompanyChecklistAs(actor, partnerId, workspaceId, type, await jsonBody(request)),
);

export const DELETE = consoleRoute<Params>(staffOnly, async ({ actor }, _request, { partnerId, workspaceId, type }) =>
  clearCompanyChecklistAs(actor, partnerId, workspaceId, type),
);
