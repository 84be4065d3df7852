"use client";

import { Dialog } from "@/components/ui/Dialog";
import { deskKeys } from "./desk-keys";

const Kbd = ({ children }: { children: string }) => (
  <kbd className="rounded-sm border border-line-strong bg-subtle px-1.5 py-0.5 font-mono text-xs text-ink">{children}</kbd>
);

/** The keyboard contract, opened with `?`: every key the desk answers to. */
export function KeysDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard"
      description="Every action on this desk, without the mouse."
      className="max-w-lg"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {deskKeys.map((entry) => (
          <div key={entry.action} className="contents">
            <dt className="flex items-start gap-1 whitespace-nowrap">
              {entry.keys.map((key) => (
                <Kbd key={key}>{key}</Kbd>
              ))}
            </dt>
            <dd className="text-ink-soft">{entry.action}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

export { Kbd };
