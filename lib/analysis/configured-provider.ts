import "server-only";
import { config } from "../config";
import { WeightedSemaphore } from "../concurrency/weighted-semaphore";
import { processSingleton } from "../process-state";
import { openAiCompatibleProvider } from "./openai-compatible-provider";
import type { AnalysisProvider } from "./provider";

/** The provider ANALYSIS_API_URL names, built once per process; undefined without one (staff review). */
export function configuredProvider(): AnalysisProvider | undefined {
  return processSingleton("analysis-provider", () => {
    const settings = config();
    if (!settings.ANALYSIS_API_URL || !settings.ANALYSIS_MODEL) return undefined;
    return openAiCompatibleProvider({
      baseUrl: settings.ANALYSIS_API_URL,
      apiKey: settings.ANALYSIS_API_KEY,
      model: settings.ANALYSIS_MODEL,
      timeoutMs: settings.ANALYSIS_TIMEOUT_SECONDS * 1000,
      slots: new WeightedSemaphore(settings.ANALYSIS_CONCURRENCY),
    });
  });
}
