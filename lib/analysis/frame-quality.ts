import "server-only";
import sharp from "sharp";
import { meanLuma } from "./frame-brightness";
import type { FrameStats } from "./frame-problem";

export { type FrameProblem, type FrameStats, frameProblem, frameThresholds } from "./frame-problem";

export async function measureFrame(image: Buffer): Promise<FrameStats> {
  const resized = sharp(image).resize({ width: 640, withoutEnlargement: true });
  const [rgba, grey] = await Promise.all([
    resized.clone().ensureAlpha().raw().toBuffer(),
    resized.clone().greyscale().raw().toBuffer({ resolveWithObject: true }),
  ]);
  // sharp's stats() reads the pipeline's input, not its greyscale output (on a colour frame it
  // measured the red channel), so contrast and sharpness are the stats of the grey pixels themselves,
  // and brightness is the phone's own measure (frame-brightness.ts) of the frame's pixels.
  const stats = await sharp(grey.data, { raw: grey.info }).stats();
  const channel = stats.channels[0]!;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { brightness: round(meanLuma(rgba)), contrast: round(channel.stdev), sharpness: round(stats.sharpness) };
}
