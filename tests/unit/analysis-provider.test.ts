import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WeightedSemaphore } from "../../lib/concurrency/weighted-semaphore";
import { openAiCompatibleProvider } from "../../lib/analysis/openai-compatible-provider";
import { type FakeAnalysisProvider, startFakeAnalysisProvider } from "../support/fake-analysis-provider";

// The production client against the fake provider, a real HTTP server speaking the same API.

let fake: FakeAnalysisProvider;
let frame: Buffer;

beforeAll(async () => {
  fake = await startFakeAnalysisProvider();
  frame = await sharp({ create: { width: 16, height: 12, channels: 3, background: "#886644" } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

function client(overrides: Partial<Parameters<typeof openAiCompatibleProvider>[0]> = {}) {
  return openAiCompatibleProvider({
    baseUrl: fake.baseUrl,
    apiKey: fake.apiKey,
    model: fake.model,
    timeoutMs: 2000,
    slots: new WeightedSemaphore(4),
    retryDelaysMs: [10, 10],
    ...overrides,
  });
}

describe("the OpenAI-compatible provider", () => {
  it("asks for a verdict with the frames and references as images, under a strict JSON schema, and records the call", async () => {
    fake.setVerdict("Beds made", { state: "missed", confidence: 0.9, rationale: "The duvet is on the floor." });
    const answer = await client().judgeItem({
      itemName: "Beds made",
      notes: "Both rooms",
      frames: [frame, frame],
      references: [frame],
    });
    expect(answer.value).toEqual({ state: "missed", confidence: 0.9, rationale: "The duvet is on the floor." });
    expect(fake.requests).toEqual([{ kind: "checklist_verdict", itemName: "Beds made", images: 3, status: 200 }]);
    expect(answer.calls).toEqual([
      {
        kind: "checklist_verdict",
        outcome: "ok",
        promptTokens: expect.any(Number),
        completionTokens: expect.any(Number),
        images: 3,
        imageBytes: frame.length * 3,
        latencyMs: expect.any(Number),
      },
    ]);
  });

  it("asks for findings with each frame's second, and places each on the frame it names", async () => {
    fake.setFindings([
      {
        atSeconds: 12,
        room: "Kitchen",
        description: "The oven door glass is cracked.",
        severity: "MAJOR",
        category: "damage",
        confidence: 0.93,
      },
    ]);
    const answer = await client().findIssues({ frames: [0, 6, 12, 18].map((seconds) => ({ seconds, jpeg: frame })) });
    expect(answer.value).toEqual([
      {
        frame: 2,
        room: "Kitchen",
        description: "The oven door glass is cracked.",
        severity: "MAJOR",
        category: "damage",
        confidence: 0.93,
      },
    ]);
    expect(fake.requests[0]).toMatchObject({ kind: "findings", frameSeconds: [0, 6, 12, 18], images: 4 });
  });

  it.each([
    ["a 500", "http500", "failed"],
    ["prose instead of JSON", "garbage", "malformed"],
    ["JSON that breaks the schema", "schema", "malformed"],
    ["no answer in time", "timeout", "timeout"],
  ] as const)("tries again after %s", async (_what, mode, outcome) => {
    fake.failNext(mode, 1);
    const answer = await client({ timeoutMs: 500 }).judgeItem({ itemName: "Mirror", frames: [frame], references: [] });
    expect(answer.value?.state).toBe("verified");
    expect(answer.calls.map((call) => call.outcome)).toEqual([outcome, "ok"]);
  });

  it("gives no answer, never a guess, when every attempt fails", async () => {
    fake.failNext("garbage", 5);
    const answer = await client().judgeItem({ itemName: "Mirror", frames: [frame], references: [] });
    expect(answer.value).toBeUndefined();
    expect(answer.calls.map((call) => call.outcome)).toEqual(["malformed", "malformed", "malformed"]);
  });

  it("is refused with a wrong key, and counts it a failed call", async () => {
    const answer = await client({ apiKey: "wrong", retryDelaysMs: [] }).judgeItem({
      itemName: "Mirror",
      frames: [frame],
      references: [],
    });
    expect(answer.value).toBeUndefined();
    expect(answer.calls.map((call) => call.outcome)).toEqual(["failed"]);
  });

  it("keeps to its concurrency bound", async () => {
    fake.setDelay(100);
    const provider = client({ slots: new WeightedSemaphore(2) });
    await Promise.all(
      Array.from({ length: 6 }, (_, index) => provider.judgeItem({ itemName: `Item ${index}`, frames: [frame], references: [] })),
    );
    expect(fake.requests).toHaveLength(6);
    expect(fake.maxInFlight).toBe(2);
  });
});
