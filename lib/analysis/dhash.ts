import "server-only";
import sharp from "sharp";

/*
 * A 64-bit difference hash: the picture shrunk to 9x8 grey pixels, one bit per pair of
 * neighbours (is the left one brighter). Pictures of the same scene from about the same place
 * land a few bits apart whatever their size, compression or small shifts of light; unrelated
 * pictures about 32 bits apart. Used to find a finding's "before" among the home's baseline
 * pictures, and to fold a finding seen again in the next frames into the first.
 */

/** As a signed 64-bit integer, the form PostgreSQL's BIGINT stores. */
export async function differenceHash(image: Buffer): Promise<bigint> {
  const pixels = await sharp(image).greyscale().resize(9, 8, { fit: "fill" }).raw().toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      const left = pixels[row * 9 + column]!;
      const right = pixels[row * 9 + column + 1]!;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

export { hammingDistance, sameAreaMaxDistance } from "./dhash-distance";
