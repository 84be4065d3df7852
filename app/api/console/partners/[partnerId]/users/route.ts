import { invitePartnerUser, listPartnerUsers } from "@/lib/consoles/console-people";
import { consoleRoute, jsonBody, partnerData } from "@/lib/consoles/console-route";

type Params = { partnerId: string };

export const GET = consoleRoute<Params>(partnerData, async (_caller, _request, { partnerId }) => ({
  users: await listPartnerUsers(partnerId),
}));

export const POST = consoleRoute<Params>(partnerData, async ({ actor }, request, { partnerId }) =>
  invitePartnerUser(partnerId, String((await jsonBody(request)).email ?? ""), actor),
);
