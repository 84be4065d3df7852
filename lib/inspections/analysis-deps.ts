import "server-only";
import { configuredProvider } from "../analysis/configured-provider";
import { reviewSettings } from "../analysis/review-policy";
import { config } from "../config";
import { enqueue } from "../queue/enqueue";
import { mediaStorage } from "../media/media-storage";
import type { AnalysisDeps } from "./analyze-inspection";

/** What production analyses with: the configured provider (or none), media storage, the review settings. */
export function productionAnalysisDeps(partnerId: string): AnalysisDeps {
  return {
    provider: configuredProvider(),
    storage: mediaStorage(),
    review: reviewSettings(),
    async scheduleRecheck(inspectionId, position, attempt) {
      const delay = config().ANALYSIS_RECHECK_DELAYS_SECONDS[attempt];
      if (delay === undefined) return;
      await enqueue("recheck-item", { inspectionId, partnerId, position, attempt }, { startAfterSeconds: delay });
    },
  };
}
