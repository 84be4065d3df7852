/**
 * Calls `check` until it answers something other than undefined, and returns that. Past the
 * deadline it throws "timed out waiting for <what>"; `what` may be a function, to name the last
 * state seen.
 */
export async function until<T>(
  what: string | (() => string),
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
