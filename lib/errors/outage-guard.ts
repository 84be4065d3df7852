import { isDependencyUnavailable } from "./dependency-unavailable";
import { log } from "../log";
import { processSingleton } from "../process-state";

/*
 * A rejection nobody awaits ends a Node process. Libraries that talk to the database in the
 * background (pg-boss's workers, maintenance and pollers) leave some of theirs unawaited, so a
 * database restart took down every busy worker. This lets a process outlive an outage: a
 * rejection that is a dependency being away is logged and the process carries on (whoever
 * needed the work tries again: pg-boss's loops, lib/jobs/end-job.ts, the expiry). Anything else
 * still ends the process as Node would.
 */

/** Installs the listener once per process, however many copies of lib/ call it. */
export function survivesOutages(): void {
  processSingleton("outage-guard", () =>
    process.on("unhandledRejection", (reason) => {
      if (isDependencyUnavailable(reason)) {
        log().warn(
          { err: { message: (reason as Error).message, code: (reason as { code?: string }).code } },
          "a dependency is unavailable; carrying on until it is back",
        );
        return;
      }
      // As Node would without this listener: an uncaught exception, which ends the process.
      throw reason;
    }),
  );
}
