// The partner's webhook receiver: verifies every delivery's Standard Webhooks signature, answers
// 500 to about 5% and hangs about 2% for 15 s (then cuts the connection, so the service's 10 s
// timeout ends that attempt), and keeps every arrival for the invariants.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Arrival {
  eventId: string;
  eventType: string;
  inspectionId?: string;
  verified: boolean;
  /** 2xx: acknowledged; 500: refused; 0: hung and cut. */
  answered: number;
  at: number;
}

export interface SoakReceiver {
  url: string;
  port: number;
  arrivals: Arrival[];
  setSecret(secret: string): void;
  /** The next verified delivery hangs whatever the dice say (a fault asks for one). */
  hangNext: boolean;
  /** Called when a hang starts, with the client's port (the worker's socket). */
  onHang?: (clientPort: number, eventId: string) => void;
  close(): Promise<void>;
}

export async function startSoakReceiver(random: () => number): Promise<SoakReceiver> {
  let verifier: Webhook | undefined;
  const arrivals: Arrival[] = [];
  const receiver: SoakReceiver = {
    url: "",
    port: 0,
    arrivals,
    hangNext: false,
    setSecret: (secret) => void (verifier = new Webhook(secret)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified = false;
      try {
        verifier?.verify(body, request.headers as Record<string, string>);
        verified = verifier !== undefined;
      } catch {
        verified = false;
      }
      let parsed: { event_id?: string; event_type?: string; inspection?: { inspection_id?: string }; inspection_id?: string } =
        {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        // Kept as an unverified arrival.
      }
      const arrival: Arrival = {
        eventId: String(parsed.event_id ?? request.headers["webhook-id"] ?? ""),
        eventType: String(parsed.event_type ?? ""),
        inspectionId: parsed.inspection?.inspection_id ?? parsed.inspection_id,
        verified,
        answered: 0,
        at: Date.now(),
      };
      arrivals.push(arrival);
      const roll = random();
      if (!verified) {
        arrival.answered = 401;
        response.writeHead(401).end();
      } else if (receiver.hangNext || (roll >= 0.05 && roll < 0.07)) {
        receiver.hangNext = false;
        receiver.onHang?.(request.socket.remotePort ?? 0, arrival.eventId);
        setTimeout(() => response.socket?.destroy(), 15_000).unref();
      } else if (roll < 0.05) {
        arrival.answered = 500;
        response.writeHead(500).end("receiver trouble");
      } else {
        arrival.answered = 204;
        response.writeHead(204).end();
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks/walkthrough`;
  return receiver;
}
