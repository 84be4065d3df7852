// How bright a frame is, and how dark is too dark, in one place both sides import: the server's
// frame-quality check (frame-quality.ts, on the frame's raw pixels) and the phone's too-dark notice
// (lib/recorder-app/too-dark.ts, on a small canvas sample). Both call `meanLuma` on RGBA pixels, so
// the phone warns about exactly the frames the server will later call dark. No server-only import
// here: the browser bundle needs it.

/** Mean grey level (0-255) below which a frame is too dark to judge anything by. */
export const darkBelow = 25;

function toLinear(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function toGamma(linear: number): number {
  const c = linear <= 0.0031308 ? linear * 12.92 : 1.055 * linear ** (1 / 2.4) - 0.055;
  return Math.min(255, Math.max(0, c * 255));
}

// Precomputed once, so a sample costs three look-ups a pixel on a cheap phone.
const linear = Float64Array.from({ length: 256 }, (_, value) => toLinear(value));

/**
 * Grey level of one sRGB pixel, as sharp's `greyscale()` (libvips sRGB to B_W) makes it: the
 * Rec. 709 luminance of the linear-light channels, encoded back to sRGB gamma. Weighting the gamma
 * values directly would call a saturated red (200, 0, 0) 43 where libvips says 98.
 */
export function lumaOf(red: number, green: number, blue: number): number {
  return toGamma(0.2126 * linear[red]! + 0.7152 * linear[green]! + 0.0722 * linear[blue]!);
}

/** Mean grey level of RGBA pixels, as a canvas's getImageData answers them (and sharp's `.ensureAlpha().raw()`). */
export function meanLuma(rgba: ArrayLike<number>): number {
  const pixels = Math.floor(rgba.length / 4);
  if (pixels === 0) return 0;
  let sum = 0;
  for (let i = 0; i < pixels * 4; i += 4) sum += lumaOf(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!);
  return sum / pixels;
}

export function isDark(brightness: number): boolean {
  return brightness < darkBelow;
}
