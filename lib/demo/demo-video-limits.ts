import { recordingLimits } from "../recording/recorder-state";

/** A walkthrough video: the same cap as a recording made in the app (4 GiB). */
export const demoVideoLimitBytes = recordingLimits.recordingBytes;
