import "server-only";
import { configuredProvider } from "../analysis/configured-provider";
import { reviewSettings } from "../analysis/review-policy";
import { config } from "../config";
import { enqueue } from "../queue/enqueue";
import { mediaStorage } from "../media/media-storage";
import { sandboxOutcomeOf } from "../sandbox/sandbox-outcome";
import { sandboxProvider, sandboxReview } from "../sandbox/sandbox-provider";
import type { AnalysisDeps } from "./analyze-inspection";

/**
 * What production analyses an inspection with: the configured provider (or none) and the review
 * settings, or in a sandbox workspace the sandbox analysis its walkthrough chose, whose sure
 * answers never wait for staff; and media storage.
 */
export async function productionAnalysisDeps(partnerId: string, inspectionId: string): Promise<AnalysisDeps> {
  const sandbox = await sandboxOutcomeOf(inspectionId);
  return {
    provider: sandbox ? sandboxProvider(sandbox) : configuredProvider(),
    storage: mediaStorage(),
    review: sandbox ? sandboxReview : reviewSettings(),
    async scheduleRecheck(inspectionId, position, attempt) {
      const delay = config().ANALYSIS_RECHECK_DELAYS_SECONDS[attempt];
      if (delay === undefined) return;
      await enqueue("recheck-item", { inspectionId, partnerId, position, attempt }, { startAfterSeconds: delay });
    },
  };
}
