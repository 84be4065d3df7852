/*
 * Production loads lib/ twice in one process: once through the custom server (scripts/start.ts)
 * and once inside Next's server bundle. A module-level variable would then exist twice, and two
 * copies of a rate-limit counter or a cache quietly disagree. Everything that must be one per
 * process lives here instead, on one globalThis holder that both copies find.
 * tests/unit/process-state.test.ts fails when a module keeps mutable state of its own.
 */

const key = Symbol.for("walkthrough.process-state");

type Holder = typeof globalThis & { [key]?: Map<string, unknown> };

function slots(): Map<string, unknown> {
  const holder = globalThis as Holder;
  holder[key] ??= new Map();
  return holder[key];
}

/** The process's one value under `name`, made by `create` on first use. */
export function processSingleton<T>(name: string, create: () => T): T {
  const all = slots();
  if (!all.has(name)) all.set(name, create());
  return all.get(name) as T;
}

/** Forgets a value, so the next `processSingleton` call makes it afresh (a closed pool, a reset for tests). */
export function dropProcessSingleton(name: string): void {
  slots().delete(name);
}
