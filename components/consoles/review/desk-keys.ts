// The review desk's keyboard contract: one table, read by the key handler and by the `?` dialog.

export interface DeskKey {
  keys: string[];
  action: string;
}

export const deskKeys: readonly DeskKey[] = [
  { keys: ["J", "K"], action: "Next / previous row (the video jumps to its moment)" },
  { keys: ["V"], action: "Verified (an item) · keep (a proposed finding)" },
  { keys: ["M"], action: "Missed" },
  { keys: ["N"], action: "Not checked" },
  { keys: ["R"], action: "Reject the proposed finding in focus" },
  { keys: ["W"], action: "Why: show or hide the analysis's reasons for the row in focus" },
  { keys: ["Space"], action: "Play / pause" },
  { keys: ["←", "→"], action: "Back / forward one second" },
  { keys: ["Shift ←", "Shift →"], action: "Back / forward five seconds" },
  { keys: ["A"], action: "Add a finding at the paused frame (Enter saves)" },
  { keys: ["Enter"], action: "Release and next (once nothing waits)" },
  { keys: ["F"], action: "Fail the inspection (asks for the reason)" },
  { keys: ["?"], action: "Show these keys" },
];

/** A key pressed while typing, in a dialog, or with a modifier held is not the desk's (Shift only with arrows). */
export function isDeskKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return false;
  const target = event.target as HTMLElement | null;
  if (
    target?.closest(
      "input, textarea, select, [contenteditable=''], [contenteditable='true'], [role='dialog'], [role='alertdialog']",
    )
  )
    return false;
  if (event.shiftKey && !event.key.startsWith("Arrow") && event.key !== "?") return false;
  return true;
}
