"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and until React has hydrated the page, then true. A form whose
 * submit is handled in JavaScript keeps its button disabled until then: clicked earlier (a slow
 * phone still loading the scripts), the browser would submit it natively, as a GET of the page
 * with the fields in the address, and nothing would be saved.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
