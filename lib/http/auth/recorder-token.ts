import { ApiError } from "../../errors/api-error";
import { findRecorderTask, type RecorderTask } from "../../recording/find-recorder-task";
import { clientLimitKey } from "../client-address";
import { countUnknownCredential } from "../rate-limit";
import { apiSurface } from "../surfaces";
import type { Authenticator } from "./authenticator";

/**
 * `auth: "recorderToken"`: the recording app's API under `/r/{token}/api/...`
 * (lib/recording/README.md). The token in the path is the only credential: no partner key ever
 * reaches a browser. An unknown token answers the same 404 as a missing path and counts against
 * the client address (429 past its limit); a valid one is served from any address, and each call
 * counts against the link's `recorder` bucket. Logs name the task, never the token.
 */
export const recorderTokenAuth: Authenticator<RecorderTask> = {
  async identify({ request, rawParams }) {
    const task = await findRecorderTask(rawParams().token ?? "");
    if (!task) {
      countUnknownCredential(clientLimitKey(request));
      throw new ApiError("not_found", { message: "No such recording link." });
    }
    return task;
  },
  limit: "recorder",
  limitSubject: (task) => task.taskId,
  logFields: (task) => ({ taskId: task.taskId }),
  surface: apiSurface,
};
