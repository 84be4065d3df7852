import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

const noticeVariants = cva("flex gap-3 rounded-md border p-3 text-sm", {
  variants: {
    tone: {
      info: "border-info-line bg-info-soft text-ink",
      success: "border-success-line bg-success-soft text-ink",
      warning: "border-warning-line bg-warning-soft text-ink",
      error: "border-danger-line bg-danger-soft text-ink",
    },
  },
  defaultVariants: { tone: "info" },
});

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert } as const;
const iconClass = { info: "text-info", success: "text-success", warning: "text-warning", error: "text-danger" } as const;

/**
 * A message in a box: info, success, warning or error. Errors are announced (`role="alert"`),
 * the others politely (`role="status"`) when `live` is set.
 */
export function Notice({
  tone = "info",
  title,
  children,
  action,
  live = tone === "error",
  className,
}: VariantProps<typeof noticeVariants> & {
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  live?: boolean;
  className?: string;
}) {
  const key = tone ?? "info";
  const Icon = icons[key];
  const role = live ? (key === "error" ? "alert" : "status") : undefined;
  return (
    <div className={cn(noticeVariants({ tone }), className)} role={role}>
      <Icon aria-hidden className={cn("mt-0.5 size-4 shrink-0", iconClass[key])} />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={cn(title && "mt-0.5", "text-ink-soft")}>{children}</div>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}
