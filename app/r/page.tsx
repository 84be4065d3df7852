import type { Metadata, Viewport } from "next";

export const metadata: Metadata = {
  title: "Walkthrough recorder",
  manifest: "/manifest.webmanifest",
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#1f5fbf" };

/** Where the installed app opens without a link: each walkthrough has its own recording link. */
export default function RecorderHome() {
  return (
    <main
      style={{ maxWidth: 480, margin: "0 auto", padding: "3rem 1.25rem", lineHeight: 1.5, fontFamily: "system-ui, sans-serif" }}
    >
      <h1 style={{ fontSize: "1.4rem" }}>Walkthrough recorder</h1>
      <p>Open the recording link you were sent for your cleaning task. Each task has its own link.</p>
    </main>
  );
}
