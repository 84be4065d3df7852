import type { Person } from "../../auth/current-person";
import type { RecorderTask } from "../../recording/find-recorder-task";
import type { ConsoleCaller } from "./console-role";
import type { Caller } from "./partner-key";

/** Who a handler is told is calling, by the operation's `auth`. */
export interface Callers {
  partnerKey: Caller;
  recorderToken: RecorderTask;
  session: Person;
  staff: ConsoleCaller;
  partnerUser: ConsoleCaller;
  none: undefined;
}

export type AuthKind = keyof Callers;
export type CallerOf<A extends AuthKind> = Callers[A];
