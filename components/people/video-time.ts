/** Shared by the report (a server component) and its seek buttons (client ones). */
export const walkthroughVideoId = "walkthrough-video";

export function formatSeconds(total: number): string {
  const seconds = Math.floor(total);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
