import "server-only";
// The rule that makes a frame unusable, apart from measuring it (frame-quality.ts, which loads the
// image decoder), so the web side can name a problem without loading it.
import { darkBelow } from "./frame-brightness";

/** Measured on a 640-pixel-wide greyscale copy: brightness (mean, 0-255), contrast (standard deviation), sharpness (sharp's Laplacian estimate). */
export interface FrameStats {
  brightness: number;
  contrast: number;
  sharpness: number;
}

export type FrameProblem = "dark" | "covered" | "blurred";

/*
 * Thresholds measured on test-pattern frames made by ffmpeg (tests/unit/frame-quality.test.ts):
 * a sharp 720p frame reads sharpness ~2.2, the same blurred with a 3-pixel Gaussian ~0.17 and
 * with 8 pixels ~0.12; darkened to 8 % brightness ~10; a lens covered by a hand or a wall is one
 * flat colour (contrast ~0). They are set low: a frame too dark, blurred or covered makes an item
 * `missed` with no provider asked, so only a clearly unusable frame may be called so.
 */
// darkBelow lives in frame-brightness.ts: the recorder's too-dark notice uses the same one.
export const frameThresholds = { darkBelow, coveredBelow: 6, blurredBelow: 0.2 };

/** What makes a frame unusable to judge anything by, if anything. */
export function frameProblem(stats: FrameStats): FrameProblem | undefined {
  if (stats.contrast < frameThresholds.coveredBelow) return "covered";
  if (stats.brightness < frameThresholds.darkBelow) return "dark";
  if (stats.sharpness < frameThresholds.blurredBelow) return "blurred";
  return undefined;
}
