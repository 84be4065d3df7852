import "server-only";
import { log } from "../../log";
import { pruneDeliveryLog } from "../../webhooks/delivery-log";
import { defineJob } from "../definition";

export const pruneWebhookLogJob = defineJob({
  queue: "prune-webhook-log",
  schedule: "41 3 * * *",
  // Overlap: two runs delete the same old deliveries; the second finds none.
  async handler() {
    const removed = await pruneDeliveryLog();
    log().info({ removed }, "pruned webhook deliveries finished over 30 days ago");
  },
});
