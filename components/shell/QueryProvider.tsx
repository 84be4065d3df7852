"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";

// Until React has hydrated, every control inside is disabled (a disabled fieldset disables its
// descendants): a button clicked earlier would do nothing, and a form would be sent natively as
// a GET of the page. `display: contents`: the fieldset adds no box, so the page keeps its layout.
const invisible = { display: "contents" } as const;

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } }));
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={client}>
      <fieldset disabled={!hydrated} style={invisible}>
        {children}
      </fieldset>
    </QueryClientProvider>
  );
}
