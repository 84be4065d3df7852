import "server-only";
import { configuredProvider } from "../../analysis/configured-provider";
import { mediaStorage } from "../../media/media-storage";
import { judgeTap } from "../../recording/judge-tap";
import { defineJob } from "../definition";

/**
 * Judges checks while the cleaner walks. Overlap: a verdict is written only where none is yet
 * for the same still, so two attempts write one. Without a provider there is nothing to do (no
 * such job is sent then).
 */
export const judgeTapJob = defineJob({
  queue: "judge-tap",
  concurrency: 4,
  async handler({ inspectionId, seq }) {
    const provider = configuredProvider();
    if (provider) await judgeTap(inspectionId, seq, provider, mediaStorage());
  },
});
