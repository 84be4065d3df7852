import type { Metadata, Viewport } from "next";
import { RecorderHome } from "@/components/recorder/RecorderHome";

export const metadata: Metadata = {
  title: "Walkthrough recorder",
  manifest: "/manifest.webmanifest",
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#1f5fbf" };

export default function RecorderHomePage() {
  return <RecorderHome />;
}
