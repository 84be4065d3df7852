// How bright a frame is, and how dark is too dark, in one place both sides import: the server's
// frame-quality check (frame-problem.ts, on sharp's greyscale mean) and the phone's too-dark notice
// (lib/recorder-app/too-dark.ts, on a small canvas sample), so the phone warns about exactly the
// frames the server will later call dark. No server-only import here: the browser bundle needs it.

/** Mean grey level (0-255) below which a frame is too dark to judge anything by. */
export const darkBelow = 25;

/**
 * Grey level of one sRGB pixel with the Rec. 709 weights sharp's greyscale uses (libvips weights
 * in linear light; on gamma values the difference is a few levels, well inside the threshold's
 * margin: tests/unit/frame-brightness.test.ts checks both sides agree on dark and bright frames).
 */
export function lumaOf(red: number, green: number, blue: number): number {
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** Mean grey level of RGBA pixels, as a canvas's getImageData answers them. */
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
