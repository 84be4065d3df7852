import "server-only";
import type { Verdict } from "../verdict";
import type { FindingSeverity } from "../../generated/prisma/enums";

/*
 * The PDF's colours. They mirror the design tokens of app/globals.css (`--color-*`): react-pdf
 * cannot read CSS variables, so the hex values are copied here. Change a token there, change it
 * here too.
 */
export const pdfColor = {
  ink: "#0f1b2a",
  inkSoft: "#334155",
  muted: "#556171",
  line: "#dbe2ea",
  lineStrong: "#b8c3cf",
  canvas: "#f4f6f9",
  surface: "#ffffff",
  subtle: "#eef2f6",
  accent: "#1f5fbf",
  accentSoft: "#e8f0fc",
  success: "#0f6b45",
  successSoft: "#e5f4ec",
  successLine: "#9fd4b8",
  warning: "#8a4b00",
  warningSoft: "#fff3dc",
  warningLine: "#f0c36d",
  danger: "#b42318",
  dangerSoft: "#fdecea",
  dangerLine: "#f3aaa2",
  white: "#ffffff",
} as const;

export const severityColor: Record<FindingSeverity, { ink: string; soft: string }> = {
  MINOR: { ink: "#3f5568", soft: "#edf1f5" },
  MODERATE: { ink: "#8a4b00", soft: "#fff3dc" },
  MAJOR: { ink: "#b42318", soft: "#fdecea" },
};

export const verdictColor: Record<Verdict, { ink: string; soft: string; line: string }> = {
  ready: { ink: pdfColor.success, soft: pdfColor.successSoft, line: pdfColor.successLine },
  check: { ink: pdfColor.warning, soft: pdfColor.warningSoft, line: pdfColor.warningLine },
  not_ready: { ink: pdfColor.danger, soft: pdfColor.dangerSoft, line: pdfColor.dangerLine },
};
