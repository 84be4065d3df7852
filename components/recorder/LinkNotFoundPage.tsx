"use client";

import { Header } from "./Header";
import { RecorderFrame, RecorderMain } from "./Layout";
import { LinkDoesNotWork } from "./LinkDoesNotWork";

/** `/r/<token>` for a token no link was issued with: the recorder's own screen, in the cleaner's language. */
export function LinkNotFoundPage() {
  return (
    <RecorderFrame>
      <Header />
      <RecorderMain>
        <LinkDoesNotWork />
      </RecorderMain>
    </RecorderFrame>
  );
}
