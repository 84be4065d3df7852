import "server-only";
/** A walkthrough video sent to the anonymous demo: 500 MiB (a recording made in the app may be 4 GiB). */
export const demoVideoLimitBytes = 500 * 1024 * 1024;

/**
 * How long an upload's reservation counts against DEMO_STORAGE_MAX_GIB without finishing: a
 * process that died mid-upload cannot release it, so the prune job does once it is this old.
 */
export const demoUploadReservationMs = 6 * 3_600_000;
