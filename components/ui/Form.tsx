"use client";

import type { FormHTMLAttributes } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A form whose submit JavaScript handles. Its controls stay disabled until React has hydrated:
 * clicked earlier (a slow phone still loading the scripts), the browser would send it natively,
 * as a GET of the page with the fields in the address, and nothing would be saved.
 */
export function Form({ children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
