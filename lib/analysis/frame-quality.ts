import "server-only";
import sharp from "sharp";
import type { FrameStats } from "./frame-problem";

export { type FrameProblem, type FrameStats, frameProblem, frameThresholds } from "./frame-problem";

export async function measureFrame(image: Buffer): Promise<FrameStats> {
  const stats = await sharp(image).resize({ width: 640, withoutEnlargement: true }).greyscale().stats();
  const channel = stats.channels[0]!;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { brightness: round(channel.mean), contrast: round(channel.stdev), sharpness: round(stats.sharpness) };
}
