import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { pageLocale } from "@/lib/i18n/page-locale";
import "./globals.css";

export const metadata: Metadata = {
  title: "Walkthrough",
  description: "AI-assisted video inspections for property-management and task platforms.",
  icons: { icon: "/icons/icon.svg", apple: "/icons/apple-touch-icon.png" },
};

export const viewport: Viewport = { themeColor: "#1f5fbf" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={await pageLocale()}>
      <body>{children}</body>
    </html>
  );
}
