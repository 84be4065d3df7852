/*
 * C0 (U+0000 to U+001F), DEL and C1 (U+0080 to U+009F) controls: what a terminal acts on (moves the
 * cursor, clears the screen, retitles the window, answers back) instead of showing. Text from
 * anonymous callers loses them on the way in, and staff output escapes whatever is stored.
 */
// eslint-disable-next-line no-control-regex -- finding controls is the point
const controls = /[\u0000-\u001f\u007f-\u009f]/g;
const spacing = /[\t\n\v\f\r\u0085]+/g;

/**
 * The text without controls. On one line, a run of whitespace controls (tab, line breaks) becomes
 * one space so words stay apart; `multiline` text keeps its line breaks (as `\n`) and tabs.
 */
export function withoutControls(text: string, { multiline = false } = {}): string {
  if (multiline)
    return text
      .replace(/\r\n?|\u0085/g, "\n")
      .replace(controls, (control) => (control === "\n" || control === "\t" ? control : ""));
  return text.replace(spacing, " ").replace(controls, "");
}

/** Every control written out as `\u00XX`, so it is seen, not obeyed; the text is otherwise unchanged. */
export function escapeControls(text: string): string {
  return text.replace(controls, (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
