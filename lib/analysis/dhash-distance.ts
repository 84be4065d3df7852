import "server-only";

/*
 * How far apart two difference hashes (lib/analysis/dhash.ts) are, apart from computing them:
 * what a web process may load to compare stored hashes without loading the image library.
 */

export function hammingDistance(a: bigint, b: bigint): number {
  let bits = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (bits > 0n) {
    count += Number(bits & 1n);
    bits >>= 1n;
  }
  return count;
}

/** At most this many bits apart: the same area (measured on frames of one room a few seconds apart, and on unrelated ones). */
export const sameAreaMaxDistance = 12;
