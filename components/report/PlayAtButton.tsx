"use client";

import { Play } from "lucide-react";
import { Button } from "@/components/ui/Button";
import { formatVideoTime } from "@/lib/format/dates";
import { seekWalkthroughVideo } from "./walkthrough-video";

/** "Play at 0:03": plays the walkthrough from the second a finding or checklist item was seen. */
export function PlayAtButton({ seconds, subject, compact = false }: { seconds: number; subject: string; compact?: boolean }) {
  const time = formatVideoTime(seconds);
  return (
    <Button
      variant={compact ? "ghost" : "secondary"}
      size="sm"
      className="print:hidden"
      onClick={() => seekWalkthroughVideo(seconds)}
      aria-label={`Play at ${time}: ${subject}`}
    >
      <Play aria-hidden />
      {compact ? time : `Play at ${time}`}
    </Button>
  );
}
