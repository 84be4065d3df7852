import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { failReasons } from "../../lib/inspections/failure-reasons";
import { buildOpenApiDocument } from "../../lib/openapi/document";
import { eventSchemas, failedEvent } from "../../lib/webhooks/payloads";

/* The event bodies' schemas (lib/webhooks/payloads.ts) against what the code writes and the document says. */

const failedBody = (reason: string) => ({
  version: 1,
  event_id: randomUUID(),
  event_type: "inspection.failed",
  workspace_id: "acme",
  task_id: "task-1",
  property_id: "home-1",
  inspection_id: randomUUID(),
  completed_at: new Date().toISOString(),
  reason,
  delivery: { sent: false, reason: "clean" },
});

describe("inspection.failed", () => {
  it("accepts every reason an inspection can end failed with", () => {
    for (const reason of failReasons) expect(failedEvent.safeParse(failedBody(reason)).success, reason).toBe(true);
  });

  it("enumerates exactly the failure reasons, so the OpenAPI document lists each", () => {
    const document = buildOpenApiDocument() as unknown as {
      components: { schemas: Record<string, { properties: Record<string, { enum?: string[]; description?: string }> }> };
    };
    const reason = document.components.schemas.FailedEvent!.properties.reason!;
    expect([...reason.enum!].sort()).toEqual([...failReasons].sort());
    for (const value of failReasons) expect(reason.description).toContain(`\`${value}\``);
    expect(failedEvent.safeParse(failedBody("made_up")).success).toBe(false);
  });

  it("carries completed_at and delivery, and none of completed's report fields", () => {
    const { delivery: _delivery, ...withoutDelivery } = failedBody("other");
    expect(failedEvent.safeParse(withoutDelivery).success).toBe(false);
    const { completed_at: _completed, ...withoutTime } = failedBody("other");
    expect(failedEvent.safeParse(failedBody("other")).success).toBe(true);
    expect(failedEvent.safeParse(withoutTime).success).toBe(false);
    const parsed = failedEvent.parse({ ...failedBody("other"), report_url: "https://x", checklist: {} });
    for (const absent of ["report_url", "video_url", "report", "checklist"]) expect(parsed).not.toHaveProperty(absent);
  });
});

describe("the OpenAPI webhooks section", () => {
  it("marks every signature header required, X-Service-Signature too (it is sent on every delivery)", () => {
    const webhooks = buildOpenApiDocument().webhooks as Record<
      string,
      { post: { parameters: { name: string; required?: boolean; deprecated?: boolean }[] } }
    >;
    expect(Object.keys(webhooks).sort()).toEqual(Object.keys(eventSchemas).sort());
    for (const [type, hook] of Object.entries(webhooks)) {
      const headers = Object.fromEntries(hook.post.parameters.map((parameter) => [parameter.name, parameter]));
      for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature", "X-Service-Signature"])
        expect(headers[name]?.required, `${type} ${name}`).toBe(true);
      expect(headers["X-Service-Signature"]!.deprecated).toBe(true);
    }
  });
});
