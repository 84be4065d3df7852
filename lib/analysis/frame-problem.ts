import "server-only";
// The rule that makes a frame unusable, apart from measuring it (frame-quality.ts, which loads the
// image decoder), so the web side can name a problem without loading it.
import { darkBelow } from "./frame-brightness";

/**
 * Measured on a 640-pixel-wide copy: brightness (mean grey, 0-255, frame-brightness.ts's `meanLuma`,
 * as the phone measures it), contrast (standard deviation of the grey) and sharpness (sharp's
 * Laplacian estimate of the grey).
 */
export interface FrameStats {
  brightness: number;
  contrast: number;
  sharpness: number;
}

export type FrameProblem = "dark" | "covered" | "blurred";

/*
 * Thresholds measured on test-pattern frames made by ffmpeg (tests/unit/frame-quality.test.ts),
 * on the grey picture: a sharp 720p frame reads sharpness ~1.9 (a 480x270 one ~3.1), the same
 * blurred with an 8-pixel Gaussian ~0.16 (a 3-pixel one, halved by the 640-wide copy, ~0.49 and
 * still legible); darkened to 8 % brightness ~11, to 5 % ~6; a lens covered by a hand or a wall is
 * one flat colour (contrast ~0). They are set low: a frame too dark, blurred or covered makes an
 * item `missed` with no provider asked, so only a clearly unusable frame may be called so.
 */
// darkBelow lives in frame-brightness.ts: the recorder's too-dark notice uses the same one.
export const frameThresholds = { darkBelow, coveredBelow: 6, blurredBelow: 0.2 };

/** What makes a frame unusable to judge anything by, if anything. */
export function frameProblem(stats: FrameStats): FrameProblem | undefined {
  // Dark first: darkness scales the contrast down with the light (a 5 % frame reads ~4), so a dark
  // room would otherwise be called covered, and the phone's too-dark notice would disagree.
  if (stats.brightness < frameThresholds.darkBelow) return "dark";
  if (stats.contrast < frameThresholds.coveredBelow) return "covered";
  if (stats.sharpness < frameThresholds.blurredBelow) return "blurred";
  return undefined;
}
