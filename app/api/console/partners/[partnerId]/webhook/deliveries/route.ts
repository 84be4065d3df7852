import { consoleRoute, partnerData } from "@/lib/consoles/console-route";
import { deliveriesOf } from "@/lib/consoles/integration-actions";

type Params = { partnerId: string };

export const GET = consoleRoute<Params>(partnerData, async (_caller, request, { partnerId }) => {
  const query = new URL(request.url).searchParams;
  return deliveriesOf(partnerId, query.get("status"), query.get("before"));
});
