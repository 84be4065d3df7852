import "server-only";
import path from "node:path";
import { Document, Font, Link, Page, Path, Rect, renderToBuffer, StyleSheet, Svg, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import type { FindingCategory, FindingSeverity } from "../../generated/prisma/enums";
import { categoryLabel, severityLabel } from "../../labels/labels";
import { formatVideoTime } from "../../format/dates";
import { type Verdict, verdictLabel } from "../verdict";
import { processSingleton } from "../../process-state";
import { CaptionedPicture, PicturePair, type PdfPictureSlot } from "./pdf-picture";
import { pdfColor, severityColor, verdictColor } from "./pdf-theme";

/*
 * The report as a PDF (react-pdf, no browser): what the report page answers, on A4 for a person
 * who prints it or forwards it to an owner. Everything here is already read and formatted by
 * lib/reports/pdf/report-pdf-data.ts; this file only lays it out.
 */

export interface PdfFinding {
  severity: FindingSeverity;
  category: FindingCategory;
  room: string;
  description: string;
  atSeconds?: number;
  after?: PdfPictureSlot;
  before?: PdfPictureSlot;
}

export interface PdfChecklistLine {
  name: string;
  /** A person's word for the state ("Done", "Missed"). */
  stateLabel: string;
  state: "verified" | "missed" | "explained" | "not_checked" | "pending";
  reason?: string;
}

export interface ReportPdfData {
  homeName: string;
  address?: string;
  workspaceName: string;
  taskName?: string;
  /** "25 Nov 2026". */
  scheduledDay?: string;
  /** "Wed 25 Nov 2026, 14:05 CET", in the reader's zone (or UTC, named). */
  recordedAt?: string;
  /** "4 min". */
  duration?: string;
  verdict: Verdict;
  verdictReason: string;
  /** Most serious first. */
  findings: PdfFinding[];
  checklist: PdfChecklistLine[];
  reportUrl: string;
  videoUrl?: string;
  /** When this PDF was made, formatted like `recordedAt`. */
  madeAt: string;
}

/*
 * Liberation Sans (SIL Open Font License, fonts/LICENSE), embedded and subset by react-pdf: the
 * PDF's built-in Helvetica knows only Western European letters, so "Łódź" or a Cyrillic room name
 * came out as other characters. Read from the source tree at run time (the app runs from it, as
 * lib/video/binaries.ts finds ffmpeg), never bundled.
 */
export const fontFamily = "Liberation Sans";
export function registerFonts(): void {
  processSingleton("reports:pdf-fonts", () => {
    const file = (name: string) => path.join(process.cwd(), "lib", "reports", "pdf", "fonts", name);
    Font.register({
      family: fontFamily,
      fonts: [
        { src: file("LiberationSans-Regular.ttf"), fontWeight: 400 },
        { src: file("LiberationSans-Bold.ttf"), fontWeight: 700 },
      ],
    });
    return true;
  });
}

export const bold = { fontFamily, fontWeight: 700 } as const;

/**
 * The page every PDF of ours is laid out on (A4, the header with the mark and the footer with the
 * page number): shared by the report and the claim summary so the two read as one product.
 */
export const pageFrameStyles = StyleSheet.create({
  page: {
    paddingTop: 76,
    paddingBottom: 64,
    paddingHorizontal: 48,
    fontFamily,
    fontSize: 10,
    lineHeight: 1.4,
    color: pdfColor.ink,
    backgroundColor: pdfColor.white,
  },
  header: {
    position: "absolute",
    top: 28,
    left: 48,
    right: 48,
    flexDirection: "row",
    alignItems: "center",
    justifyContent: "space-between",
    paddingBottom: 10,
    borderBottomWidth: 1,
    borderBottomColor: pdfColor.line,
  },
  brand: { flexDirection: "row", alignItems: "center" },
  wordmark: { marginLeft: 7, ...bold, fontSize: 12, color: pdfColor.ink },
  headerNote: { fontSize: 9, color: pdfColor.muted },
  footer: {
    position: "absolute",
    // From the top: A4 is 842 points tall (react-pdf drops a fixed box placed by `bottom`).
    top: 804,
    left: 48,
    right: 48,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 8.5,
    color: pdfColor.muted,
  },
  pageNumber: { width: 90, textAlign: "right" },
});

const styles = StyleSheet.create({
  ...pageFrameStyles,
  eyebrow: { fontSize: 9, color: pdfColor.muted, marginBottom: 2 },
  title: { ...bold, fontSize: 22, lineHeight: 1.2, color: pdfColor.ink },
  address: { fontSize: 11, color: pdfColor.inkSoft, marginTop: 3 },
  verdict: { marginTop: 18, padding: 14, borderRadius: 8, borderWidth: 1, flexDirection: "row", alignItems: "center" },
  verdictDot: { width: 12, height: 12, borderRadius: 6, marginRight: 12 },
  verdictWords: { ...bold, fontSize: 17, lineHeight: 1.2 },
  verdictReason: { fontSize: 10.5, color: pdfColor.inkSoft, marginTop: 2 },
  facts: { flexDirection: "row", flexWrap: "wrap", marginTop: 16 },
  fact: { width: "50%", paddingRight: 12, marginBottom: 10 },
  factLabel: { fontSize: 8.5, color: pdfColor.muted, marginBottom: 1 },
  factValue: { fontSize: 10.5, color: pdfColor.ink },
  links: {
    marginTop: 6,
    padding: 12,
    borderRadius: 8,
    backgroundColor: pdfColor.canvas,
  },
  linkBlock: { flexDirection: "row", alignItems: "center" },
  linkGap: { height: 10 },
  linkText: { marginLeft: 10, flexShrink: 1 },
  linkTitle: { ...bold, fontSize: 10, color: pdfColor.ink },
  linkUrl: { fontSize: 8, color: pdfColor.accent, textDecoration: "none", marginTop: 2 },
  linkHint: { fontSize: 8, color: pdfColor.muted, marginTop: 2 },
  sectionTitle: { ...bold, fontSize: 14, marginTop: 24, marginBottom: 10, color: pdfColor.ink },
  sectionNote: { fontSize: 10, color: pdfColor.muted, marginTop: -4, marginBottom: 10 },
  finding: {
    borderWidth: 1,
    borderColor: pdfColor.line,
    borderRadius: 8,
    padding: 12,
    marginBottom: 10,
  },
  findingTop: { flexDirection: "row", alignItems: "center", marginBottom: 6 },
  // More room above than below: react-pdf sets the glyphs high in their line box.
  pill: { ...bold, fontSize: 8.5, paddingTop: 3.5, paddingBottom: 1, paddingHorizontal: 7, borderRadius: 9 },
  findingMeta: { marginLeft: 8, fontSize: 9, color: pdfColor.muted },
  description: { fontSize: 11, color: pdfColor.ink, marginBottom: 8 },
  empty: { fontSize: 10.5, color: pdfColor.inkSoft, padding: 12, borderRadius: 8, backgroundColor: pdfColor.canvas },
  attention: {
    flexDirection: "row",
    paddingVertical: 7,
    borderBottomWidth: 1,
    borderBottomColor: pdfColor.line,
  },
  attentionState: { width: 70, ...bold, fontSize: 9.5 },
  attentionBody: { flex: 1 },
  attentionName: { fontSize: 10.5 },
  attentionReason: { fontSize: 9.5, color: pdfColor.inkSoft, marginTop: 1 },
  checklistRow: {
    flexDirection: "row",
    justifyContent: "space-between",
    paddingVertical: 4,
    borderBottomWidth: 1,
    borderBottomColor: pdfColor.subtle,
  },
  checklistName: { fontSize: 10, flex: 1, paddingRight: 10 },
  checklistState: { fontSize: 9.5, width: 110, textAlign: "right" },
});

const stateColor: Record<PdfChecklistLine["state"], string> = {
  verified: pdfColor.success,
  missed: pdfColor.danger,
  explained: pdfColor.warning,
  not_checked: pdfColor.muted,
  pending: pdfColor.muted,
};

/** The logo mark of public/logo-mark.svg, drawn as vectors (same shapes, same colours). */
export function LogoMark({ size }: { size: number }) {
  return (
    <Svg width={size} height={size} viewBox="0 0 64 64">
      <Rect x={0} y={0} width={64} height={64} rx={14} ry={14} fill={pdfColor.accent} />
      <Path
        d="M14 30.5 32 15l18 15.5V49a3 3 0 0 1-3 3H17a3 3 0 0 1-3-3z"
        fill="none"
        stroke={pdfColor.white}
        strokeWidth={4.5}
        strokeLinejoin="round"
      />
      <Path
        d="m23.5 36.5 6 6 11-12"
        fill="none"
        stroke={pdfColor.white}
        strokeWidth={4.5}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Svg>
  );
}

/** A QR code as one vector path: sharp at any zoom and a few hundred bytes, unlike a bitmap. */
function QrCode({ value, size }: { value: string; size: number }) {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: "M" });
  const count = modules.size;
  let d = "";
  for (let row = 0; row < count; row += 1)
    for (let column = 0; column < count; column += 1) if (modules.get(row, column)) d += `M${column + 2} ${row + 2}h1v1h-1z`;
  return (
    <Svg width={size} height={size} viewBox={`0 0 ${count + 4} ${count + 4}`}>
      <Rect x={0} y={0} width={count + 4} height={count + 4} fill={pdfColor.white} />
      <Path d={d} fill={pdfColor.ink} />
    </Svg>
  );
}

function FindingCard({ finding }: { finding: PdfFinding }) {
  const colour = severityColor[finding.severity];
  const meta = [finding.room, categoryLabel[finding.category]];
  if (finding.atSeconds !== undefined) meta.push(`at ${formatVideoTime(finding.atSeconds)} in the video`);
  return (
    // A finding is never split across two pages.
    <View style={styles.finding} wrap={false}>
      <View style={styles.findingTop}>
        <Text style={[styles.pill, { color: colour.ink, backgroundColor: colour.soft }]}>{severityLabel[finding.severity]}</Text>
        <Text style={styles.findingMeta}>{meta.join("  ·  ")}</Text>
      </View>
      <Text style={styles.description}>{finding.description}</Text>
      {finding.after && finding.before ? (
        <PicturePair
          before={finding.before}
          after={finding.after}
          height={150}
          captions={{ before: "Before: the home as it should look", after: "After the clean" }}
          missingBefore="No earlier picture of this spot"
        />
      ) : finding.after ? (
        <CaptionedPicture slot={finding.after} height={220} caption="No earlier picture of this spot" />
      ) : null}
    </View>
  );
}

function Fact({ label, value }: { label: string; value?: string }) {
  if (value === undefined) return null;
  return (
    <View style={styles.fact}>
      <Text style={styles.factLabel}>{label}</Text>
      <Text style={styles.factValue}>{value}</Text>
    </View>
  );
}

function LinkWithCode({ title, url, hint }: { title: string; url: string; hint: string }) {
  return (
    <View style={styles.linkBlock}>
      <QrCode value={url} size={64} />
      <View style={styles.linkText}>
        <Text style={styles.linkTitle}>{title}</Text>
        <Link src={url} style={styles.linkUrl}>
          {url}
        </Link>
        <Text style={styles.linkHint}>{hint}</Text>
      </View>
    </View>
  );
}

export function ReportDocument({ data }: { data: ReportPdfData }) {
  const colour = verdictColor[data.verdict];
  const attention = data.checklist.filter((line) => line.state === "missed" || line.state === "explained");
  const title = `${data.homeName}: inspection report`;
  return (
    <Document
      title={title}
      author="Walkthrough"
      subject={verdictLabel[data.verdict]}
      creator="Walkthrough"
      producer="Walkthrough"
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.header} fixed>
          <View style={styles.brand}>
            <LogoMark size={20} />
            <Text style={styles.wordmark}>Walkthrough</Text>
          </View>
          <Text style={styles.headerNote}>Inspection report</Text>
        </View>

        <Text style={styles.eyebrow}>{data.workspaceName}</Text>
        <Text style={styles.title}>{data.homeName}</Text>
        {data.address ? <Text style={styles.address}>{data.address}</Text> : null}

        <View style={[styles.verdict, { backgroundColor: colour.soft, borderColor: colour.line }]}>
          <View style={[styles.verdictDot, { backgroundColor: colour.ink }]} />
          <View>
            <Text style={[styles.verdictWords, { color: colour.ink }]}>{verdictLabel[data.verdict]}</Text>
            <Text style={styles.verdictReason}>{data.verdictReason}</Text>
          </View>
        </View>

        <View style={styles.facts}>
          <Fact label="Task" value={data.taskName} />
          <Fact label="Scheduled for" value={data.scheduledDay} />
          <Fact label="Recorded" value={data.recordedAt} />
          <Fact label="Walkthrough took" value={data.duration} />
        </View>

        <View style={styles.links}>
          <LinkWithCode title="The report online" url={data.reportUrl} hint="Every picture, full size." />
          {data.videoUrl ? <View style={styles.linkGap} /> : null}
          {data.videoUrl ? <LinkWithCode title="The video" url={data.videoUrl} hint="Sign in to watch the walkthrough." /> : null}
        </View>

        {/* The heading goes to the next page with the first finding rather than alone at the bottom. */}
        <View wrap={false}>
          <Text style={styles.sectionTitle}>
            {data.findings.length === 0
              ? "Findings"
              : `${data.findings.length} ${data.findings.length === 1 ? "finding" : "findings"}, most serious first`}
          </Text>
          {data.findings.length === 0 ? (
            <Text style={styles.empty}>Nothing was found in this walkthrough.</Text>
          ) : (
            <FindingCard finding={data.findings[0]!} />
          )}
        </View>
        {data.findings.slice(1).map((finding, index) => (
          <FindingCard key={index} finding={finding} />
        ))}

        {attention.length > 0 ? (
          <View>
            <Text style={styles.sectionTitle} minPresenceAhead={40}>
              Missed and explained items
            </Text>
            {attention.map((line, index) => (
              <View key={index} style={styles.attention} wrap={false}>
                <Text style={[styles.attentionState, { color: stateColor[line.state] }]}>{line.stateLabel}</Text>
                <View style={styles.attentionBody}>
                  <Text style={styles.attentionName}>{line.name}</Text>
                  {line.reason ? <Text style={styles.attentionReason}>“{line.reason}”</Text> : null}
                </View>
              </View>
            ))}
          </View>
        ) : null}

        {data.checklist.length > 0 ? (
          <View>
            <Text style={styles.sectionTitle} minPresenceAhead={40}>
              Checklist
            </Text>
            {data.checklist.map((line, index) => (
              <View key={index} style={styles.checklistRow} wrap={false}>
                <Text style={styles.checklistName}>{line.name}</Text>
                <Text style={[styles.checklistState, { color: stateColor[line.state] }]}>{line.stateLabel}</Text>
              </View>
            ))}
          </View>
        ) : null}

        <View style={styles.footer} fixed>
          <Text>
            {data.homeName} · made {data.madeAt}
          </Text>
          {/* A width of its own: text drawn per page is measured before it has any. */}
          <Text style={styles.pageNumber} render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The PDF's bytes. CPU-bound for a moment (about a second for 50 findings with pictures). */
export function renderReportPdf(data: ReportPdfData): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(<ReportDocument data={data} />);
}
