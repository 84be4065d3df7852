import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { hmacKey, newWebhookSecret } from "../../lib/webhooks/secrets";
import { signAttempt } from "../../lib/webhooks/sign";

/**
 * An independent verifier of the deprecated header, written from the spec's words alone:
 * `t=<unix>,v1=<hex hmac_sha256(key, "{t}.{raw_body}")>`, one v1 per secret, |now - t| <= 300.
 */
function verifyLegacy(header: string, body: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const entries = header.split(",").map((part) => part.split("=", 2) as [string, string]);
  const t = Number(entries.find(([name]) => name === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const key = secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret, "utf8");
  const expected = createHmac("sha256", key).update(`${t}.${body}`).digest();
  return entries
    .filter(([name]) => name === "v1")
    .some(([, hex]) => {
      const given = Buffer.from(hex, "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const body = JSON.stringify({
  version: 1,
  event_id: randomUUID(),
  event_type: "webhook.test",
  sent_at: new Date().toISOString(),
});
const now = () => Math.floor(Date.now() / 1000);
const headersOf = (signed: ReturnType<typeof signAttempt>) => ({ ...signed }) as Record<string, string>;

describe("webhook signatures", () => {
  it("makes secrets of whsec_ and base64 of 32 random bytes", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(hmacKey(secret)).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it("verify with the standardwebhooks package and with an independent verifier of the legacy header", () => {
    const secret = newWebhookSecret();
    const eventId = randomUUID();
    const signed = signAttempt({ eventId, body, keys: [hmacKey(secret)], timestamp: now() });
    expect(signed["webhook-id"]).toBe(eventId);
    expect(signed["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headersOf(signed))).toEqual(JSON.parse(body));
    expect(signed["x-service-signature"]).toMatch(new RegExp(`^t=${signed["webhook-timestamp"]},v1=[0-9a-f]{64}$`));
    expect(verifyLegacy(signed["x-service-signature"], body, secret)).toBe(true);
  });

  it("fail for a tampered body, an old timestamp and a wrong secret", () => {
    const secret = newWebhookSecret();
    const signed = signAttempt({ eventId: randomUUID(), body, keys: [hmacKey(secret)], timestamp: now() });
    const tampered = body.replace("webhook.test", "webhook.tesT");
    expect(() => new Webhook(secret).verify(tampered, headersOf(signed))).toThrow();
    expect(verifyLegacy(signed["x-service-signature"], tampered, secret)).toBe(false);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headersOf(signed))).toThrow();
    expect(verifyLegacy(signed["x-service-signature"], body, newWebhookSecret())).toBe(false);
    const old = signAttempt({ eventId: randomUUID(), body, keys: [hmacKey(secret)], timestamp: now() - 301 });
    expect(() => new Webhook(secret).verify(body, headersOf(old))).toThrow(/timestamp/i);
    expect(verifyLegacy(old["x-service-signature"], body, secret)).toBe(false);
  });

  it("carry two entries during a rotation, the current secret first, and either verifies", () => {
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    const signed = signAttempt({ eventId: randomUUID(), body, keys: [hmacKey(current), hmacKey(previous)], timestamp: now() });
    const entries = signed["webhook-signature"].split(" ");
    expect(entries).toHaveLength(2);
    const alone = signAttempt({
      eventId: signed["webhook-id"],
      body,
      keys: [hmacKey(current)],
      timestamp: Number(signed["webhook-timestamp"]),
    });
    expect(entries[0]).toBe(alone["webhook-signature"]);
    for (const secret of [current, previous]) {
      expect(new Webhook(secret).verify(body, headersOf(signed))).toBeTruthy();
      expect(verifyLegacy(signed["x-service-signature"], body, secret)).toBe(true);
    }
    expect(signed["x-service-signature"].split(",").filter((part) => part.startsWith("v1="))).toHaveLength(2);
  });

  it("use a secret without the prefix as the raw key, as a library reads its whsec_ form", () => {
    const raw = "a partner's own secret";
    const signed = signAttempt({ eventId: randomUUID(), body, keys: [hmacKey(raw)], timestamp: now() });
    expect(new Webhook(`whsec_${Buffer.from(raw, "utf8").toString("base64")}`).verify(body, headersOf(signed))).toBeTruthy();
    expect(verifyLegacy(signed["x-service-signature"], body, raw)).toBe(true);
  });
});
