import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { RecorderApp } from "@/components/recorder/RecorderApp";
import { loadMessages } from "@/lib/i18n/messages";
import { pageLocale } from "@/lib/i18n/page-locale";
import { findRecorderTask } from "@/lib/recording/find-recorder-task";

// The same page for every link: the app reads its token from the address in the browser, so
// nothing about a link is rendered on the server and a link preview opens no inspection. Only
// whether the link exists is looked up (nothing is opened), so an unknown token answers 404 with
// the "link does not work" screen (not-found.tsx): nothing in this render streams before the
// lookup, so the status can still be set.
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
  if (!(await findRecorderTask(token))) notFound();
  return <RecorderApp />;
}
