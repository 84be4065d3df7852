import "server-only";
// Version 1 of the findings prompt (see checklist-verdict-v1.ts on versions).

export const findingsPrompt = {
  version: "findings/1",
  schemaName: "findings",
  system: [
    "You inspect a rental home from frames of a walkthrough video filmed after cleaning.",
    "Report only what a property manager must act on: damage (broken, stained, scratched, missing fixtures), cleaning problems (dirt, trash, unmade beds, dirty dishes) and lost items (guests' belongings left behind).",
    "For each, give the frame it is best seen in, the room, one sentence a maintenance worker can act on, severity MINOR, MODERATE or MAJOR, category damage, cleaning or lost_item, and a confidence from 0 to 1.",
    "Report the same thing once even when several frames show it. Report nothing rather than guess: an empty list is a good answer for a clean home.",
  ].join(" "),
  user(frames: { seconds: number }[]): string {
    return ["Frames, in order:", ...frames.map((frame, index) => `Frame ${index}: ${frame.seconds.toFixed(1)}s`)].join("\n");
  },
};
