import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestChecked, withDeadline } from "@/lib/fetch/checked-request";
import type { ConnectTarget } from "@/lib/fetch/fetch-options";
import { localFetchOptions, serverAddress, startPhotoServer, type PhotoServer } from "@/tests/support/https-photo-server";

// The checked core as a later caller (a webhook delivery, a calendar GET) uses it: real HTTPS
// from a local server, the test rules admitting only its address.

let server: PhotoServer;
beforeAll(async () => {
  server = await startPhotoServer();
});
afterAll(() => server.close());

const urlRules = { maxLength: 2048 };

async function text(response: NodeJS.ReadableStream): Promise<string> {
  let body = "";
  for await (const chunk of response) body += String(chunk);
  return body;
}

describe("requestChecked", () => {
  it("POSTs a body to the checked address and answers a redirect as it is, without following it", async () => {
    const seen: { method?: string; body: string; headers: Record<string, unknown> }[] = [];
    server.route("/hook", (request, response) => {
      void text(request).then((body) => {
        seen.push({ method: request.method, body, headers: request.headers });
        response.writeHead(307, { location: "https://10.0.0.1/elsewhere" }).end();
      });
    });
    const connects: ConnectTarget[] = [];
    const options = localFetchOptions(server, { observeConnect: (target) => connects.push(target) });
    const body = JSON.stringify({ event: "inspection.completed" });
    const { url, response } = await withDeadline(5_000, (signal) =>
      requestChecked(
        "https://photos.test/hook",
        { method: "POST", body, headers: { "content-type": "application/json" }, urlRules, signal },
        options,
      ),
    );
    response.destroy();
    expect([url.href, response.statusCode, response.headers.location]).toEqual([
      "https://photos.test/hook",
      307,
      "https://10.0.0.1/elsewhere",
    ]);
    expect(seen).toEqual([
      { method: "POST", body, headers: expect.objectContaining({ host: "photos.test", "content-type": "application/json" }) },
    ]);
    expect(connects.map((target) => target.address)).toEqual([serverAddress]);
  });

  it("refuses a POST to a private address before connecting", async () => {
    const connects: ConnectTarget[] = [];
    const options = localFetchOptions(server, {
      observeConnect: (target) => connects.push(target),
      resolve: async () => ["10.0.0.1"],
    });
    const failure = await withDeadline(5_000, (signal) =>
      requestChecked("https://photos.test/hook", { method: "POST", body: "{}", headers: {}, urlRules, signal }, options),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ reason: "private_address" });
    expect(connects).toEqual([]);
  });

  it("follows a GET's redirects only when asked to, each checked", async () => {
    server.route("/cal", (_request, response) => response.writeHead(302, { location: "/cal.ics" }).end());
    server.route("/cal.ics", (_request, response) =>
      response.writeHead(200, { "content-type": "text/calendar" }).end("BEGIN:VCALENDAR"),
    );
    const options = localFetchOptions(server);
    const plain = await withDeadline(5_000, (signal) =>
      requestChecked("https://photos.test/cal", { method: "GET", headers: {}, urlRules, signal }, options),
    );
    plain.response.destroy();
    expect(plain.response.statusCode).toBe(302);
    const followed = await withDeadline(5_000, (signal) =>
      requestChecked("https://photos.test/cal", { method: "GET", headers: {}, urlRules, maxRedirects: 3, signal }, options),
    );
    expect([followed.url.pathname, followed.response.statusCode, await text(followed.response)]).toEqual([
      "/cal.ics",
      200,
      "BEGIN:VCALENDAR",
    ]);
  });
});
