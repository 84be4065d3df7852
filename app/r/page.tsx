import type { Metadata, Viewport } from "next";
import { Header } from "@/components/recorder/Header";
import { RecorderFrame, RecorderMain } from "@/components/recorder/Layout";
import { Card } from "@/components/ui/Card";

export const metadata: Metadata = {
  title: "Walkthrough recorder",
  manifest: "/manifest.webmanifest",
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#1f5fbf" };

/** Where the installed app opens without a link: each walkthrough has its own recording link. */
export default function RecorderHome() {
  return (
    <RecorderFrame>
      <Header />
      <RecorderMain>
        <Card className="flex flex-col gap-2">
          <h2 className="text-xl font-semibold tracking-tight text-ink">Walkthrough recorder</h2>
          <p className="text-ink-soft">
            Open the recording link you were sent for your cleaning task. Each task has its own link.
          </p>
        </Card>
      </RecorderMain>
    </RecorderFrame>
  );
}
