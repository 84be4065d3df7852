import { type Route, sendBytes } from "./https-photo-server";

/** Headers and half the body, then nothing until released: a fetch of it stays in progress. */
export function heldUntilReleased(bytes: Buffer, contentType = "image/jpeg"): { route: Route; release: () => void } {
  const headers = { "content-type": contentType, "content-length": bytes.length };
  let released = false;
  const held: (() => void)[] = [];
  return {
    route(request, response) {
      if (released) return sendBytes(bytes, headers)(request, response);
      response.writeHead(200, headers);
      response.write(bytes.subarray(0, bytes.length >> 1));
      held.push(() => {
        if (!response.destroyed && !response.socket?.destroyed) response.end(bytes.subarray(bytes.length >> 1));
      });
    },
    release() {
      released = true;
      for (const finish of held.splice(0)) finish();
    },
  };
}

/** Serves the bytes after `delayMs`: a photo that takes a while, so that a deadline passes mid-import. */
export function sentAfter(delayMs: number, bytes: Buffer, contentType = "image/jpeg"): Route {
  return (request, response) => {
    setTimeout(() => sendBytes(bytes, { "content-type": contentType })(request, response), delayMs);
  };
}
