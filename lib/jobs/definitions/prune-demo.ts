import "server-only";
import { pruneDemo } from "../../demo/prune-demo";
import { log } from "../../log";
import { mediaStorage } from "../../media/media-storage";
import { defineJob } from "../definition";

/** Overlap: two runs delete the same expired submissions; deleting twice is harmless. */
export const pruneDemoJob = defineJob({
  queue: "prune-demo",
  schedule: "17 * * * *",
  async handler() {
    const removed = await pruneDemo(mediaStorage());
    if (removed > 0) log().info({ removed }, "demo submissions past their retention deleted");
  },
});
