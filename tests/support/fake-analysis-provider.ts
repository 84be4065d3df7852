import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A stand-in for an AI provider that is a real HTTP server speaking OpenAI's chat-completions
 * API, as the service's client (lib/analysis/openai-compatible-provider.ts) calls it from the
 * app's worker in another process. It checks each request as a strict provider would (the key,
 * the model, image parts as JPEG or PNG data URLs, a strict JSON-schema response format), and
 * answers what the test scripted: a verdict per checklist item name, findings per second of the
 * video, or a failure (a 500, prose instead of JSON, JSON that breaks the schema, no answer).
 */

type Kind = "checklist_verdict" | "findings";
type Verdict = { state: "verified" | "missed"; confidence: number; rationale: string };
type ScriptedFinding = {
  atSeconds: number;
  room: string;
  description: string;
  severity: "MINOR" | "MODERATE" | "MAJOR";
  category: "damage" | "cleaning" | "lost_item";
  confidence: number;
};
export type FailureMode = "http500" | "garbage" | "schema" | "timeout";

export interface RecordedRequest {
  kind: Kind;
  itemName?: string;
  frameSeconds?: number[];
  images: number;
  status: number;
}

export interface FakeAnalysisProvider {
  baseUrl: string;
  apiKey: string;
  model: string;
  readonly requests: RecordedRequest[];
  /** The most requests it ever had open at once (the client's concurrency bound). */
  readonly maxInFlight: number;
  setVerdict(itemName: string, verdict: Verdict): void;
  setFindings(findings: ScriptedFinding[]): void;
  failNext(mode: FailureMode, count: number, kind?: Kind): void;
  setDelay(ms: number): void;
  reset(): void;
  close(): Promise<void>;
}

const defaultVerdict: Verdict = { state: "verified", confidence: 0.95, rationale: "The item is visible and done." };
const bodyMax = 32 * 1024 * 1024;

interface ChatRequest {
  model?: unknown;
  messages?: { role?: string; content?: unknown }[];
  response_format?: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } };
}

type Part = { type?: string; text?: string; image_url?: { url?: string } };

function imageProblem(url: string | undefined): string | undefined {
  const match = /^data:image\/(jpeg|png);base64,(.+)$/.exec(url ?? "");
  if (!match) return "an image part is not a data:image/jpeg or data:image/png base64 URL";
  const bytes = Buffer.from(match[2]!, "base64");
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return jpeg || png ? undefined : "an image part's bytes are not a JPEG or PNG";
}

/** What is wrong with the request as a strict provider would see it, if anything; else its parts. */
function check(request: ChatRequest, model: string): { error: string } | { kind: Kind; text: string; images: number } {
  if (request.model !== model) return { error: `model must be ${model}` };
  const user = request.messages?.find((message) => message.role === "user");
  if (!Array.isArray(user?.content)) return { error: "a user message with content parts is required" };
  const parts = user.content as Part[];
  const images = parts.filter((part) => part.type === "image_url");
  if (images.length === 0) return { error: "the user message has no image part" };
  for (const image of images) {
    const problem = imageProblem(image.image_url?.url);
    if (problem) return { error: problem };
  }
  const format = request.response_format;
  if (format?.type !== "json_schema" || format.json_schema?.strict !== true || typeof format.json_schema.schema !== "object") {
    return { error: "response_format must be a strict json_schema" };
  }
  const name = format.json_schema.name;
  if (name !== "checklist_verdict" && name !== "findings") return { error: `unknown schema ${String(name)}` };
  return {
    kind: name,
    text: parts
      .filter((part) => part.type === "text")
      .map((part) => part.text ?? "")
      .join("\n"),
    images: images.length,
  };
}

export async function startFakeAnalysisProvider(
  options: { apiKey?: string; model?: string } = {},
): Promise<FakeAnalysisProvider> {
  const apiKey = options.apiKey ?? `fake-${randomBytes(12).toString("hex")}`;
  const model = options.model ?? "fake-vision-1";
  const requests: RecordedRequest[] = [];
  const verdicts = new Map<string, Verdict>();
  let findings: ScriptedFinding[] = [];
  let failures: { mode: FailureMode; left: number; kind?: Kind }[] = [];
  let delayMs = 0;
  const held = new Set<http.ServerResponse>();
  const open = { now: 0, max: 0 };

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, message: string, code = "invalid_request") =>
    answer(res, status, {
      error: {
        message,
        type: status === 401 ? "invalid_request_error" : status >= 500 ? "server_error" : "invalid_request_error",
        code,
      },
    });

  function content(kind: Kind, text: string): unknown {
    if (kind === "checklist_verdict") {
      const name = /^Item: (.*)$/m.exec(text)?.[1] ?? "";
      return verdicts.get(name) ?? defaultVerdict;
    }
    const frames = [...text.matchAll(/^Frame (\d+): ([\d.]+)s$/gm)].map((match) => ({
      index: Number(match[1]),
      seconds: Number(match[2]),
    }));
    const found = findings.flatMap((finding) => {
      const frame = frames.find((candidate) => Math.abs(candidate.seconds - finding.atSeconds) <= 1.5);
      if (!frame) return [];
      const { atSeconds: _at, ...rest } = finding;
      return [{ frame: frame.index, ...rest }];
    });
    return { findings: found };
  }

  function takeFailure(kind: Kind): FailureMode | undefined {
    const failure = failures.find((candidate) => candidate.left > 0 && (candidate.kind === undefined || candidate.kind === kind));
    if (!failure) return undefined;
    failure.left -= 1;
    return failure.mode;
  }

  async function respond(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer): Promise<void> {
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") return error(res, 404, "no such route", "not_found");
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return error(res, 401, "Incorrect API key provided.", "invalid_api_key");
    let request: ChatRequest;
    try {
      request = JSON.parse(raw.toString("utf8")) as ChatRequest;
    } catch {
      return error(res, 400, "the body is not JSON");
    }
    const checked = check(request, model);
    if ("error" in checked) return error(res, 400, checked.error);
    const record: RecordedRequest = { kind: checked.kind, images: checked.images, status: 200 };
    if (checked.kind === "checklist_verdict") record.itemName = /^Item: (.*)$/m.exec(checked.text)?.[1];
    else record.frameSeconds = [...checked.text.matchAll(/^Frame \d+: ([\d.]+)s$/gm)].map((match) => Number(match[1]));
    requests.push(record);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const failure = takeFailure(checked.kind);
    if (failure === "timeout") {
      record.status = 0;
      held.add(res);
      res.on("close", () => held.delete(res));
      return;
    }
    if (failure === "http500") {
      record.status = 500;
      return error(res, 500, "The server had an error while processing your request.", "server_error");
    }
    const text =
      failure === "garbage"
        ? "Sure! Here is what I see in the pictures: a tidy room."
        : JSON.stringify(
            failure === "schema"
              ? checked.kind === "findings"
                ? { findings: [{ frame: "x" }] }
                : { state: "probably", confidence: 2 }
              : content(checked.kind, checked.text),
          );
    answer(res, 200, {
      id: `chatcmpl-${randomBytes(8).toString("hex")}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      usage: {
        prompt_tokens: 85 * checked.images + Math.ceil(checked.text.length / 4),
        completion_tokens: Math.ceil(text.length / 4),
        total_tokens: 85 * checked.images + Math.ceil(checked.text.length / 4) + Math.ceil(text.length / 4),
      },
    });
  }

  const server = http.createServer((req, res) => {
    open.now += 1;
    open.max = Math.max(open.max, open.now);
    res.on("close", () => (open.now -= 1));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > bodyMax) {
        error(res, 413, "the body is too large");
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on(
      "end",
      () =>
        void respond(req, res, Buffer.concat(chunks)).catch((failure: unknown) =>
          error(res, 500, String(failure), "server_error"),
        ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    model,
    requests,
    get maxInFlight() {
      return open.max;
    },
    setVerdict: (itemName, verdict) => void verdicts.set(itemName, verdict),
    setFindings: (scripted) => void (findings = scripted),
    failNext: (mode, count, kind) => void failures.push({ mode, left: count, kind }),
    setDelay: (ms) => void (delayMs = ms),
    reset() {
      verdicts.clear();
      findings = [];
      failures = [];
      delayMs = 0;
      requests.length = 0;
      open.max = open.now;
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
