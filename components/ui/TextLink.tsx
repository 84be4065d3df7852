import type { AnchorHTMLAttributes } from "react";
import { cn } from "./cn";

export const textLinkClass = "font-medium text-accent underline decoration-accent/30 underline-offset-3 hover:decoration-accent";

/** A link in running text or a table: the accent colour, never the browser's default blue. */
export function TextLink({ className, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={cn(textLinkClass, className)} {...props} />;
}
