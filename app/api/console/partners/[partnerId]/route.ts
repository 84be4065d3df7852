import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";
import { setEventTrackAs } from "@/lib/consoles/connector-actions";
import { setPartnerStatusAs, setRosterMaxAs } from "@/lib/consoles/partner-actions";

type Params = { partnerId: string };

/** Staff change a partner's status, roster cap or event track; each change is audited on its own. */
export const PATCH = consoleRoute<Params>(staffOnly, async ({ actor }, request, { partnerId }) => {
  const body = await jsonBody(request);
  if ("status" in body) await setPartnerStatusAs(actor, partnerId, body.status);
  if ("rosterMax" in body) await setRosterMaxAs(actor, partnerId, body.rosterMax);
  if ("eventTrack" in body) await setEventTrackAs(actor, partnerId, body.eventTrack);
  return { partnerId };
});
