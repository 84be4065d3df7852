import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { RecorderApp } from "@/components/recorder/RecorderApp";
import { loadMessages } from "@/lib/i18n/messages";
import { pageLocale } from "@/lib/i18n/page-locale";
import { findRecorderTask } from "@/lib/recording/find-recorder-task";
import { previewRecorderSession } from "@/lib/recording/preview-recorder-session";
import { serializeRecorderSession } from "@/lib/recording/recorder-serializers";

// The app reads its token from the address in the browser and opens the walkthrough from there,
// so a link preview opens no inspection. The page only reads: whether the link exists (an unknown
// token answers 404 with the "link does not work" screen, not-found.tsx; nothing in this render
// streams before the lookup, so the status can still be set) and, for a walkthrough nothing was
// recorded for yet, what its first screen shows, so a phone on a slow network can start without
// waiting for the open call's round trip.
const metadata: Metadata = {
  manifest: "/manifest.webmanifest",
  robots: { index: false, follow: false },
  icons: { icon: "/icons/icon-192.png", apple: "/icons/apple-touch-icon.png" },
  appleWebApp: { capable: true, title: "Walkthrough", statusBarStyle: "black-translucent" },
};

export async function generateMetadata(): Promise<Metadata> {
  const { recorder } = await loadMessages(await pageLocale());
  return { ...metadata, title: recorder.meta.title };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, viewportFit: "cover", themeColor: "#1f5fbf" };

export default async function RecordingPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const task = await findRecorderTask(token);
  if (!task) notFound();
  const preview = await previewRecorderSession(task);
  return <RecorderApp preview={preview && serializeRecorderSession(preview)} />;
}
