import type { Metadata, Viewport } from "next";
import { RecorderApp } from "@/components/recorder/RecorderApp";

// The same page for every link: the app reads its token from the address in the browser, so
// nothing about a link is rendered on the server and a link preview opens no inspection.
export const metadata: Metadata = {
  title: "Record a walkthrough",
  manifest: "/manifest.webmanifest",
  robots: { index: false, follow: false },
  icons: { icon: "/icons/icon-192.png", apple: "/icons/apple-touch-icon.png" },
  appleWebApp: { capable: true, title: "Walkthrough", statusBarStyle: "black-translucent" },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, viewportFit: "cover", themeColor: "#14202b" };

export default function RecordingPage() {
  return <RecorderApp />;
}
