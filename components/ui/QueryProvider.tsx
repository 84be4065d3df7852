"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ToastProvider } from "./Toast";
import { useHydrated } from "./use-hydrated";

/**
 * The interactive pages' provider: queries, toasts, and until React has hydrated every control
 * inside disabled (a disabled fieldset disables its descendants): a button clicked earlier would
 * do nothing, and a form would be sent natively as a GET of the page. `contents`: the fieldset
 * adds no box, so the page keeps its layout.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } }));
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <fieldset disabled={!hydrated} className="contents">
          {children}
        </fieldset>
      </ToastProvider>
    </QueryClientProvider>
  );
}
