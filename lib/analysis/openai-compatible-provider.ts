import "server-only";
import type { z } from "zod";
import { WeightedSemaphore } from "../concurrency/weighted-semaphore";
import { findingsAnswer, jsonSchemaOf, verdictAnswer } from "./answer-schemas";
import { checklistVerdictPrompt } from "./prompts/checklist-verdict-v1";
import { findingsPrompt } from "./prompts/findings-v1";
import type { AnalysisProvider, CallRecord, FrameFinding, ItemVerdict, ProviderAnswer } from "./provider";

/*
 * The production provider: any server speaking OpenAI's chat-completions API with image input and
 * JSON-schema structured output (OpenAI, Azure OpenAI, vLLM, Ollama, llama.cpp's server, LM
 * Studio). Images go as `image_url` data URLs; the answer is constrained by the JSON schema of the
 * same zod schema that checks it. A failed, late or malformed answer is tried again after a pause,
 * and after the last attempt there is no answer (the item ends `not_checked`), never a guess.
 */

export interface OpenAiCompatibleOptions {
  /** Base URL up to the version, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. */
  baseUrl: string;
  /** Optional for local servers. */
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Calls at once from this process; shared by every inspection it analyses. */
  slots: WeightedSemaphore;
  /** Pauses before each retry; as many retries as entries. */
  retryDelaysMs?: number[];
}

interface Completion {
  choices?: { message?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

class AttemptFailed extends Error {
  constructor(
    readonly outcome: CallRecord["outcome"],
    message: string,
  ) {
    super(message);
  }
}

function imagePart(image: Buffer) {
  const type = image[0] === 0x89 ? "image/png" : "image/jpeg";
  return { type: "image_url", image_url: { url: `data:${type};base64,${image.toString("base64")}` } };
}

export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): AnalysisProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const retryDelaysMs = options.retryDelaysMs ?? [1000, 4000];

  async function attempt<S extends z.ZodType>(schema: S, name: string, system: string, text: string, images: Buffer[]) {
    const body = JSON.stringify({
      model: options.model,
      temperature: 0,
      max_tokens: 1200,
      messages: [
        { role: "system", content: system },
        { role: "user", content: [{ type: "text", text }, ...images.map(imagePart)] },
      ],
      response_format: { type: "json_schema", json_schema: { name, strict: true, schema: jsonSchemaOf(schema) } },
    });
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const late = (error as Error).name === "TimeoutError";
      throw new AttemptFailed(
        late ? "timeout" : "failed",
        late ? "no answer in time" : `could not reach the provider: ${(error as Error).message}`,
      );
    }
    const completion = (await response.json().catch(() => undefined)) as Completion | undefined;
    if (!response.ok || !completion) throw new AttemptFailed("failed", `the provider answered ${response.status}`);
    const usage = { promptTokens: completion.usage?.prompt_tokens, completionTokens: completion.usage?.completion_tokens };
    const content = completion.choices?.[0]?.message?.content;
    let parsed: unknown;
    try {
      parsed = JSON.parse(content ?? "");
    } catch {
      throw Object.assign(new AttemptFailed("malformed", "the answer is not JSON"), { usage });
    }
    const checked = schema.safeParse(parsed);
    if (!checked.success) throw Object.assign(new AttemptFailed("malformed", "the answer breaks the schema"), { usage });
    return { value: checked.data as z.output<S>, usage };
  }

  /** Tries until an answer passes, recording every attempt. */
  async function ask<S extends z.ZodType>(
    kind: CallRecord["kind"],
    schema: S,
    system: string,
    text: string,
    images: Buffer[],
  ): Promise<ProviderAnswer<z.output<S>>> {
    const calls: CallRecord[] = [];
    const imageBytes = images.reduce((sum, image) => sum + image.length, 0);
    for (let tried = 0; ; tried++) {
      const started = performance.now();
      try {
        const { value, usage } = await options.slots.run(1, () => attempt(schema, kind, system, text, images));
        calls.push({
          kind,
          outcome: "ok",
          ...usage,
          images: images.length,
          imageBytes,
          latencyMs: Math.round(performance.now() - started),
        });
        return { value, calls };
      } catch (error) {
        if (!(error instanceof AttemptFailed)) throw error;
        const usage = (error as AttemptFailed & { usage?: object }).usage ?? {};
        calls.push({
          kind,
          outcome: error.outcome,
          ...usage,
          images: images.length,
          imageBytes,
          latencyMs: Math.round(performance.now() - started),
        });
        const pause = retryDelaysMs[tried];
        if (pause === undefined) return { calls };
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }

  return {
    label: `${options.model} at ${new URL(options.baseUrl).host}`,
    judgeItem: (request) =>
      ask(
        "checklist_verdict",
        verdictAnswer,
        checklistVerdictPrompt.system,
        checklistVerdictPrompt.user(
          { name: request.itemName, notes: request.notes },
          request.frames.length,
          request.references.length,
        ),
        [...request.frames, ...request.references],
      ) as Promise<ProviderAnswer<ItemVerdict>>,
    findIssues: async (request) => {
      const answer = await ask(
        "findings",
        findingsAnswer,
        findingsPrompt.system,
        findingsPrompt.user(request.frames),
        request.frames.map((frame) => frame.jpeg),
      );
      // A finding that names a frame not sent is dropped: it cannot be placed or pictured.
      const findings: FrameFinding[] | undefined = answer.value?.findings.filter(
        (finding) => finding.frame < request.frames.length,
      );
      return { value: findings, calls: answer.calls };
    },
  };
}
