import type { InputHTMLAttributes, ReactNode } from "react";
import { cn } from "./cn";

/** A native checkbox (it takes part in forms as it is) with its label beside it. */
export function Checkbox({
  label,
  hint,
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode; hint?: ReactNode }) {
  return (
    <label className={cn("flex cursor-pointer items-start gap-3 text-sm", className)}>
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 rounded accent-accent" {...props} />
      <span>
        <span className="font-medium text-ink">{label}</span>
        {hint && <span className="block text-muted">{hint}</span>}
      </span>
    </label>
  );
}
