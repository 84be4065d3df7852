import "server-only";
import { config } from "../config";
import type { InspectionStatus } from "../generated/prisma/enums";

/**
 * Where the walkthrough stands, as the recording app sees it: `new` (the link was never opened),
 * `recording`, `finishing` (Done tapped, being sealed), `sealed`, `failed`. Derived from the
 * inspection's columns, never stored apart from them.
 */
export type RecorderState = "new" | "recording" | "finishing" | "sealed" | "failed";

export interface InspectionProgress {
  status: InspectionStatus;
  finishedAt: Date | null;
  sealedAt: Date | null;
}

export function recorderState(inspection: InspectionProgress | undefined): RecorderState {
  if (!inspection) return "new";
  if (inspection.status === "failed") return "failed";
  if (inspection.sealedAt) return "sealed";
  if (inspection.finishedAt) return "finishing";
  return "recording";
}

/** Media keys of one walkthrough: the parts being uploaded, the sealed video, and its stills. */
export const recordingKeys = {
  upload: (inspectionId: string) => `recordings/${inspectionId}/upload`,
  video: (inspectionId: string) => `recordings/${inspectionId}/walkthrough.mp4`,
  /**
   * One run's parts joined byte for byte, untouched (the evidence packet cuts them apart again by
   * the sizes the recording record signs): kept with the video, under the recording's folder.
   */
  original: (inspectionId: string, run: number) => `recordings/${inspectionId}/originals/run-${run}`,
  originals: (inspectionId: string) => `recordings/${inspectionId}/originals`,
  still: (inspectionId: string, position: number) => `stills/${inspectionId}/${position}.jpg`,
  /**
   * The item's picture the analysis picks (its sharpest frame near the tap): kept apart from the
   * seal's still, which the recording record signs and which must never change (lib/evidence).
   */
  picture: (inspectionId: string, position: number) => `stills/${inspectionId}/${position}-picture.jpg`,
  /** The still the phone sent with check `seq`, judged while the cleaner walks. */
  tapStill: (inspectionId: string, seq: number) => `stills/${inspectionId}/taps/${seq}.jpg`,
};

/** Per part and per walkthrough (documented in lib/recording/README.md). */
export const recordingLimits = {
  partBytes: 16 * 1024 * 1024,
  /** 4 GiB (RECORDING_MAX_BYTES, lowered only by tests). */
  get recordingBytes(): number {
    return config().RECORDING_MAX_BYTES;
  },
  /** Parts of one walkthrough: the media layer numbers parts 1 to 10,000. */
  parts: 10_000,
  /** Checklist taps of one walkthrough. */
  taps: 5_000,
  /** Too-dark stretches of one walkthrough (a flickering light makes many short ones). */
  darkSpans: 5_000,
};
