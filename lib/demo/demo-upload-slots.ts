import "server-only";
import { config } from "../config";
import { ApiError } from "../errors/api-error";
import { processSingleton } from "../process-state";

/*
 * Demo uploads streaming at once, per process (DEMO_UPLOADS_AT_ONCE): each holds a socket, a
 * storage write and disk or network bandwidth for as long as the caller cares to take. Counted
 * in memory, so a process that dies frees its slots with it; N processes admit N times the cap.
 */
const slots = () => processSingleton("demo-upload-slots", () => ({ inUse: 0 }));

/** Takes a slot, or refuses `429 too_many_requests`; the answer releases it (once). */
export function takeDemoUploadSlot(): () => void {
  const state = slots();
  if (state.inUse >= config().DEMO_UPLOADS_AT_ONCE) {
    throw new ApiError("too_many_requests", {
      message: "Too many demo videos are being uploaded right now. Retry after Retry-After seconds.",
      headers: { "Retry-After": "30" },
    });
  }
  state.inUse++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    state.inUse--;
  };
}
