import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "./cn";

/*
 * A data table that stacks on phones: below `sm` each row becomes a card and each cell shows its
 * column's name first (from `label` on <Td>, rendered as `data-label`). The markup stays a real
 * table, so screen readers keep rows and columns.
 */

export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="sm:overflow-x-auto">
      <table className={cn("w-full border-collapse text-sm max-sm:block", className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn("max-sm:sr-only", className)} {...props} />;
}

export function TBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn("max-sm:flex max-sm:flex-col max-sm:gap-3", className)} {...props} />;
}

export function Tr({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      className={cn(
        "border-b border-line sm:last:border-b-0 max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:rounded-md max-sm:border max-sm:p-3",
        className,
      )}
      {...props}
    />
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        "border-b border-line px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase",
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, label, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return (
    <td
      data-label={label}
      className={cn(
        "px-3 py-3 align-middle max-sm:flex max-sm:items-baseline max-sm:gap-3 max-sm:p-0",
        label &&
          "max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-muted max-sm:before:content-[attr(data-label)]",
        className,
      )}
      {...props}
    />
  );
}
