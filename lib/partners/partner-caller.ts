import "server-only";
import { ApiError } from "../errors/api-error";

/** A partner's key as the domain sees it once route auth has looked it up. */
export interface Caller {
  partnerId: string;
  keyId: string;
  scopes: string[];
  /** A sandbox key: it reaches only sandbox workspaces (lib/workspaces/workspace-kind.ts). */
  sandbox: boolean;
  /** False only for an operation that checks the partner itself (`partnerCheck: "in-handler"`). */
  partnerActive: boolean;
}

/** For an operation that checks the partner itself: `403 partner_disabled` at its place in the order. */
export function assertPartnerActive(caller: Caller): void {
  if (!caller.partnerActive) throw new ApiError("partner_disabled");
}
