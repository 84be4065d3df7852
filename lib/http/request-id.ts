import { randomUUID } from "node:crypto";

const acceptable = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's or proxy's request id when it is sane, so one id follows a request across hops. */
export function requestIdFor(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && acceptable.test(incoming) ? incoming : randomUUID();
}
