import { inject } from "vitest";

/** Where a test file's API calls and media reads go: the global setup's app, or the file's own. */
export interface AppUnderTest {
  baseUrl: string;
  dataDir: string;
}

// One per test file: Vitest gives every file its own module instances.
let own: AppUnderTest | undefined;

export function appUnderTest(): AppUnderTest {
  return own ?? { baseUrl: inject("baseUrl"), dataDir: inject("appDataDir") };
}

/** Points this file's `call()` and `localDriverOfApp()` at an app it started itself. */
export function useAppUnderTest(app: AppUnderTest | undefined): void {
  own = app;
}
