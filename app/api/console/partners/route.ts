import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";
import { createPartnerAs, partnersPage } from "@/lib/consoles/partner-actions";

export const GET = consoleRoute(staffOnly, async (_caller, request) =>
  partnersPage(Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1)),
);

export const POST = consoleRoute(staffOnly, async ({ actor }, request) => createPartnerAs(actor, (await jsonBody(request)).name));
