import { clientLimitKey } from "../client-address";
import { apiSurface } from "../surfaces";
import type { Authenticator } from "./authenticator";
import type { AuthKind, CallerOf } from "./callers";
import { partnerUserAuth, staffAuth } from "./console-role";
import { partnerKeyAuth } from "./partner-key";
import { recorderTokenAuth } from "./recorder-token";
import { sessionAuth } from "./session";

/** `auth: "none"`: anonymous (the demo tier); limits count the client address. */
const noAuth: Authenticator<undefined> = {
  identify: async () => undefined,
  limitSubject: (_caller, request) => clientLimitKey(request),
  logFields: () => ({}),
  surface: apiSurface,
};

export const authenticators: { [A in AuthKind]: Authenticator<CallerOf<A>> } = {
  partnerKey: partnerKeyAuth,
  recorderToken: recorderTokenAuth,
  session: sessionAuth,
  staff: staffAuth,
  partnerUser: partnerUserAuth,
  none: noAuth,
};
