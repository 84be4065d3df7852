"use client";

import { Play } from "lucide-react";
import { Button } from "@/components/ui/Button";
import { seekWalkthroughVideo } from "./walkthrough-video";

/** What the button says, worded by the server (the report page ships no catalogue to the browser). */
export interface PlayAtWords {
  /** "Play at 0:03: Stain on the sofa", for a screen reader. */
  label: string;
  /** "Play at 0:03", or only "0:03" in a compact row. */
  text: string;
}

/** "Play at 0:03": plays the walkthrough from the second a finding or checklist item was seen. */
export function PlayAtButton({ seconds, words, compact = false }: { seconds: number; words: PlayAtWords; compact?: boolean }) {
  return (
    <Button
      variant={compact ? "ghost" : "secondary"}
      size="sm"
      className="print:hidden"
      onClick={() => seekWalkthroughVideo(seconds)}
      aria-label={words.label}
    >
      <Play aria-hidden />
      {words.text}
    </Button>
  );
}
