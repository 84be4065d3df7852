/**
 * The caller's address as the front door found it (lib/server/front-door.ts), carried to the
 * handlers in a header that the front door always overwrites, so a client cannot choose it.
 */
export const clientAddressHeader = "x-walkthrough-client-address";

/** The client's address, or "unknown" for a request that did not pass the front door. */
export function clientAddress(request: Request): string {
  return request.headers.get(clientAddressHeader) ?? "unknown";
}
