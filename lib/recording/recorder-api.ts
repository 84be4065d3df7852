import "server-only";
import { z } from "zod";
import { ApiError } from "../errors/api-error";
import { incomingBody } from "../http/body";
import { defineRoute } from "../http/operation";
import { explainItem } from "./explain-item";
import { finishRecording } from "./finish-recording";
import type { RecorderTask } from "./find-recorder-task";
import { openInspection } from "./open-inspection";
import { readRecorderSession } from "./read-recorder-session";
import { readRecorderState } from "./read-recorder-state";
import { readLiveVerdicts } from "./read-live-verdicts";
import { recordDarkSpans } from "./record-dark-spans";
import { recordTaps } from "./record-taps";
import { darkSpansBody, explanationBody, finishBody, parsePartRequest, tapsBody } from "./recorder-schemas";
import { serializeRecorderSession, serializeRecorderState } from "./recorder-serializers";
import { storePart } from "./store-part";
import { storeTapStill } from "./store-tap-still";

/*
 * The recording app's API (lib/recording/README.md): one definition per call, each calling one
 * domain function. The route files under app/r/[token]/api export them through routeHandlers; the
 * token is the credential (lib/http/auth/recorder-token.ts).
 */

const base = "/r/{token}/api";

/** The inspection of an opened link; the calls that record need one. */
function openedInspection(task: RecorderTask): string {
  if (!task.inspectionId) throw new ApiError("recording_not_open", { message: "Open the walkthrough first." });
  return task.inspectionId;
}

export const openRecording = defineRoute({
  auth: "recorderToken",
  method: "POST",
  path: `${base}/open`,
  async handler({ caller: task }) {
    const inspectionId = await openInspection(task);
    return { status: 200, body: serializeRecorderSession(await readRecorderSession({ ...task, inspectionId })) };
  },
});

export const readSession = defineRoute({
  auth: "recorderToken",
  method: "GET",
  path: `${base}/session`,
  handler: async ({ caller: task }) => ({ status: 200, body: serializeRecorderSession(await readRecorderSession(task)) }),
});

export const putPart = defineRoute({
  auth: "recorderToken",
  method: "PUT",
  path: `${base}/parts/{part_number}`,
  params: z.object({ part_number: z.string() }),
  async handler({ request, caller: task, params }) {
    const part = parsePartRequest(request.headers, params.part_number);
    const stored = await storePart(incomingBody(request), { inspectionId: openedInspection(task), ...part });
    return {
      status: stored.duplicate ? 200 : 201,
      body: { part_number: stored.partNumber, size: stored.size, sha256: stored.sha256 },
    };
  },
});

export const postTaps = defineRoute({
  auth: "recorderToken",
  method: "POST",
  path: `${base}/checklist-events`,
  body: tapsBody,
  async handler({ caller: task, body }) {
    const taps = body.events.map((event) => ({
      seq: event.seq,
      itemId: event.item_id,
      action: event.action,
      run: event.run,
      runSeconds: event.run_seconds,
    }));
    return { status: 200, body: { events_seq: await recordTaps(openedInspection(task), taps) } };
  },
});

export const postDarkSpans = defineRoute({
  auth: "recorderToken",
  method: "POST",
  path: `${base}/dark-spans`,
  body: darkSpansBody,
  async handler({ caller: task, body }) {
    return { status: 200, body: { dark_spans: await recordDarkSpans(openedInspection(task), body.spans) } };
  },
});

export const postFinish = defineRoute({
  auth: "recorderToken",
  method: "POST",
  path: `${base}/finish`,
  body: finishBody,
  async handler({ caller: task, body }) {
    await finishRecording(openedInspection(task), task.partnerId, {
      parts: body.parts.map((part) => ({ partNumber: part.part_number, sha256: part.sha256 })),
      finishAnyway: body.finish_anyway,
      eventsSeq: body.events_seq,
    });
    return { status: 202, body: serializeRecorderState(await readRecorderState(task)) };
  },
});

export const readState = defineRoute({
  auth: "recorderToken",
  method: "GET",
  path: `${base}/state`,
  handler: async ({ caller: task }) => ({ status: 200, body: serializeRecorderState(await readRecorderState(task)) }),
});

export const postExplanation = defineRoute({
  auth: "recorderToken",
  method: "POST",
  path: `${base}/explanations`,
  body: explanationBody,
  async handler({ caller: task, body }) {
    await explainItem(openedInspection(task), body.item_id, body.reason);
    return { status: 200, body: serializeRecorderSession(await readRecorderSession(task)) };
  },
});

export const putTapStill = defineRoute({
  auth: "recorderToken",
  method: "PUT",
  path: `${base}/taps/{seq}/still`,
  params: z.object({ seq: z.string() }),
  async handler({ request, caller: task, params }) {
    const seq = Number(params.seq);
    if (!/^\d{1,5}$/.test(params.seq) || seq < 1) {
      throw new ApiError("invalid_request", {
        message: "seq is the check's number (1, 2, 3 ...).",
        detail: { parameter: "seq" },
      });
    }
    return { status: 200, body: await storeTapStill(incomingBody(request), openedInspection(task), task.partnerId, seq) };
  },
});

export const readLive = defineRoute({
  auth: "recorderToken",
  method: "GET",
  path: `${base}/live`,
  async handler({ caller: task }) {
    const live = await readLiveVerdicts(openedInspection(task));
    return {
      status: 200,
      body: { live: live.map((verdict) => ({ item_id: verdict.itemId, seq: verdict.seq, state: verdict.state })) },
    };
  },
});
