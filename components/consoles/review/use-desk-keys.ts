"use client";

import { useEffect, useRef } from "react";
import { isDeskKey } from "./desk-keys";

const handled: ReadonlySet<string> = new Set([
  "j",
  "k",
  "v",
  "m",
  "n",
  "r",
  "w",
  "a",
  "f",
  "?",
  " ",
  "ArrowLeft",
  "ArrowRight",
  "Enter",
]);

/**
 * The desk's keys, on the document: they act on the row in focus whatever element holds it, and
 * never while typing, inside a dialog, or with Ctrl, Alt or Meta held. Enter on a button or link is
 * left to that button.
 */
export function useDeskKeys({ enabled, onKey }: { enabled: boolean; onKey: (key: string, shift: boolean) => void }) {
  const latest = useRef(onKey);
  latest.current = onKey;
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (!isDeskKey(event)) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (!handled.has(key)) return;
      const target = event.target as HTMLElement | null;
      if ((key === "Enter" || key === " ") && target?.closest("button, a, summary, video")) return;
      event.preventDefault();
      latest.current(key, event.shiftKey);
    };
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, [enabled]);
}
