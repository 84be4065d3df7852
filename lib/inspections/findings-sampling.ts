import "server-only";

/**
 * Frames sampled across the video (lib/video/sample-frames.ts) and sent in batches of this many.
 * A module of its own, without the analysis behind it, so the provider-call budget that the web
 * side reads (a tap's still) does not load image decoding.
 */
export const sampling = { floorSeconds: 5, sceneThreshold: 0.3, width: 768, max: 240, perBatch: 6 };
