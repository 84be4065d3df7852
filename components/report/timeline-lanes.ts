/**
 * Rows for a timeline's marks so that close ones do not cover each other: each mark (a position
 * in percent of the line) goes to the first row whose last mark is at least `minGap` before it,
 * else, once `maxLanes` rows are used, to the row whose last mark is furthest back. Answers each
 * mark's row, in the order given, and how many rows there are.
 */
export function timelineLanes(positions: number[], minGap: number, maxLanes: number): { lanes: number[]; count: number } {
  const order = positions.map((position, index) => ({ position, index })).sort((a, b) => a.position - b.position);
  const lastInLane: number[] = [];
  const lanes: number[] = new Array<number>(positions.length).fill(0);
  for (const { position, index } of order) {
    let lane = lastInLane.findIndex((last) => position - last >= minGap);
    if (lane === -1 && lastInLane.length < maxLanes) lane = lastInLane.length;
    if (lane === -1) lane = lastInLane.indexOf(Math.min(...lastInLane));
    lastInLane[lane] = position;
    lanes[index] = lane;
  }
  return { lanes, count: Math.max(1, lastInLane.length) };
}
