import "server-only";
import type { ReactNode } from "react";
import { Document, Link, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { FindingSeverity } from "../../generated/prisma/enums";
import type { PartsInPacket } from "../../evidence/verify-text";
import { pdfColor, severityColor } from "./pdf-theme";
import { PicturePair, type PdfPictureSlot } from "./pdf-picture";
import { bold, LogoMark, pageFrameStyles, registerFonts } from "./report-document";

/*
 * A claim summary: one finding laid out as a platform's damage claim asks for it. What was found
 * and where, the picture of the spot before and after, when the spot was last seen undamaged and
 * the stays between then and the walkthrough that found it, and the SHA-256 of every file and
 * signed record with how anyone checks them without trusting us. Everything is read and
 * formatted by make-claim-pdf.ts; this file only lays it out.
 */

export interface ClaimStay {
  /** "12 Nov 2026". */
  checkIn: string;
  checkOut: string;
  reservationId: string;
}

export interface ClaimHash {
  /** What the file is, in words: "After picture", "Recording record of the walkthrough that found it". */
  label: string;
  /** Where it is in the evidence packet ("findings/after/<sha256>.jpg"). */
  file: string;
  sha256: string;
}

export interface ClaimPdfData {
  homeName: string;
  address?: string;
  workspaceName: string;
  severityLabel: string;
  severity: FindingSeverity;
  categoryLabel: string;
  room: string;
  description: string;
  /** "at 1:05 in the video". */
  atVideo?: string;
  /** Who saw it: "Found by the AI analysis (model-x), accepted by staff" or "Added by staff". */
  foundBy: string;
  inspectionId: string;
  /** When the walkthrough that found it was recorded, in the reader's zone (or UTC, named). */
  foundAt?: string;
  lastSeen?: { inspectionId: string; recordedAt: string };
  /** Undefined when the home's stays are not known. */
  stays?: ClaimStay[];
  before?: PdfPictureSlot;
  after?: PdfPictureSlot;
  hashes: ClaimHash[];
  /** The phone's uploaded parts, each listed with its SHA-256 in the recording record, and whether the packet holds them. */
  uploadedParts?: { count: number; inPacket: PartsInPacket };
  reportUrl: string;
  verifyUrl: string;
  jwksUrl: string;
  madeAt: string;
}

const styles = StyleSheet.create({
  ...pageFrameStyles,
  eyebrow: { fontSize: 9, color: pdfColor.muted, marginBottom: 2 },
  title: { ...bold, fontSize: 20, lineHeight: 1.2, color: pdfColor.ink },
  address: { fontSize: 11, color: pdfColor.inkSoft, marginTop: 3 },
  findingTop: { flexDirection: "row", alignItems: "center", marginTop: 12 },
  pill: { ...bold, fontSize: 8.5, paddingTop: 3.5, paddingBottom: 1, paddingHorizontal: 7, borderRadius: 9 },
  findingMeta: { marginLeft: 8, fontSize: 9.5, color: pdfColor.muted },
  description: { ...bold, fontSize: 13, color: pdfColor.ink, marginTop: 6 },
  foundBy: { fontSize: 9.5, color: pdfColor.inkSoft, marginTop: 2 },
  sectionTitle: { ...bold, fontSize: 13, marginTop: 20, marginBottom: 8, color: pdfColor.ink },
  timeline: { padding: 12, borderRadius: 8, backgroundColor: pdfColor.canvas },
  timelineRow: { flexDirection: "row", marginBottom: 4 },
  timelineLabel: { width: 150, fontSize: 9.5, color: pdfColor.muted },
  timelineValue: { flex: 1, fontSize: 10.5, color: pdfColor.ink },
  stay: { fontSize: 10, color: pdfColor.ink },
  // Ids and digests each on a line of their own, small: never broken across lines.
  stayId: { fontSize: 8, color: pdfColor.muted },
  hashRow: { paddingVertical: 5, borderBottomWidth: 1, borderBottomColor: pdfColor.subtle },
  hashLabel: { fontSize: 9.5, color: pdfColor.ink },
  hashFile: { fontSize: 8, color: pdfColor.muted },
  // Small enough that a 64-character digest stays on one line: it is read and compared whole.
  hashValue: { fontSize: 7.5, color: pdfColor.ink, marginTop: 1 },
  partsNote: { fontSize: 9.5, color: pdfColor.inkSoft, marginTop: 8 },
  step: { fontSize: 10, color: pdfColor.ink, marginBottom: 4 },
  command: {
    fontSize: 8,
    color: pdfColor.ink,
    backgroundColor: pdfColor.canvas,
    paddingVertical: 3,
    paddingHorizontal: 6,
    marginBottom: 6,
    borderRadius: 4,
  },
  link: { color: pdfColor.accent, textDecoration: "none" },
});

function partsSentence({ count, inPacket }: { count: number; inPacket: PartsInPacket }): string {
  const parts = count === 1 ? "1 part" : `${count} parts`;
  if (inPacket === "kept")
    return `The packet also holds the ${parts} the phone uploaded, byte for byte as they arrived (folder parts/). The recording record lists each one's fingerprint, which the phone worked out before sending it, so the video can be traced back to what the phone recorded.`;
  if (inPacket === "not_kept")
    return `The recording record lists the fingerprints of the ${parts} the phone uploaded. This walkthrough was recorded before the service kept the parts themselves, so the packet does not hold them (PARTS-NOT-KEPT.txt says so).`;
  return `The recording record lists the fingerprints of the ${parts} the phone uploaded. The recordings were deleted at the end of the retention period, so the packet holds neither the parts nor the video.`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View style={styles.timelineRow}>
      <Text style={styles.timelineLabel}>{label}</Text>
      <View style={styles.timelineValue}>{children}</View>
    </View>
  );
}

function Stays({ stays }: { stays: ClaimStay[] | undefined }) {
  if (stays === undefined) return <Text>The home&apos;s stays are not known.</Text>;
  if (stays.length === 0) return <Text>No stays between these walkthroughs.</Text>;
  return (
    <View>
      {stays.map((stay) => (
        <View key={stay.reservationId} wrap={false}>
          <Text style={styles.stay}>
            {stay.checkIn} – {stay.checkOut}
          </Text>
          <Text style={styles.stayId}>Reservation {stay.reservationId}</Text>
        </View>
      ))}
    </View>
  );
}

export function ClaimDocument({ data }: { data: ClaimPdfData }) {
  const colour = severityColor[data.severity];
  return (
    <Document
      title={`${data.homeName}: damage claim summary`}
      author="Walkthrough"
      subject={data.description}
      creator="Walkthrough"
      producer="Walkthrough"
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.header} fixed>
          <View style={styles.brand}>
            <LogoMark size={20} />
            <Text style={styles.wordmark}>Walkthrough</Text>
          </View>
          <Text style={styles.headerNote}>Damage claim summary</Text>
        </View>

        <Text style={styles.eyebrow}>{data.workspaceName}</Text>
        <Text style={styles.title}>{data.homeName}</Text>
        {data.address ? <Text style={styles.address}>{data.address}</Text> : null}

        <View style={styles.findingTop}>
          <Text style={[styles.pill, { color: colour.ink, backgroundColor: colour.soft }]}>{data.severityLabel}</Text>
          <Text style={styles.findingMeta}>
            {[data.room, data.categoryLabel, data.atVideo].filter((part) => part !== undefined).join("  ·  ")}
          </Text>
        </View>
        <Text style={styles.description}>{data.description}</Text>
        <Text style={styles.foundBy}>{data.foundBy}</Text>

        <Text style={styles.sectionTitle}>When it happened</Text>
        <View style={styles.timeline} wrap={false}>
          <Row label="Last seen undamaged">
            {data.lastSeen ? (
              <View>
                <Text>{data.lastSeen.recordedAt}</Text>
                <Text style={styles.stayId}>Walkthrough {data.lastSeen.inspectionId}</Text>
              </View>
            ) : (
              <Text>No earlier walkthrough shows this spot undamaged.</Text>
            )}
          </Row>
          <Row label="Stays in between">
            {data.lastSeen ? <Stays stays={data.stays} /> : <Text>Not known without an earlier walkthrough.</Text>}
          </Row>
          <Row label="Found">
            <Text>{data.foundAt ?? "Time not known"}</Text>
            <Text style={styles.stayId}>Walkthrough {data.inspectionId}</Text>
          </Row>
        </View>

        <View wrap={false}>
          <Text style={styles.sectionTitle}>The spot before and after</Text>
          <PicturePair
            before={data.before}
            after={data.after}
            height={170}
            captions={{ before: "Before: the spot as it should look", after: "After: as the walkthrough found it" }}
            missingBefore="No earlier picture of this spot"
          />
        </View>

        <Text style={styles.sectionTitle} minPresenceAhead={60}>
          Files and their fingerprints (SHA-256)
        </Text>
        {data.hashes.map((hash) => (
          <View key={`${hash.label}-${hash.sha256}`} style={styles.hashRow} wrap={false}>
            <Text style={styles.hashLabel}>{hash.label}</Text>
            <Text style={styles.hashFile}>In the packet: {hash.file}</Text>
            <Text style={styles.hashValue}>{hash.sha256}</Text>
          </View>
        ))}
        {data.uploadedParts ? <Text style={styles.partsNote}>{partsSentence(data.uploadedParts)}</Text> : null}

        <View wrap={false}>
          <Text style={styles.sectionTitle}>How to check this yourself</Text>
          <Text style={styles.step}>
            1. Download the evidence packet (a ZIP) from the report online:{" "}
            <Link src={data.reportUrl} style={styles.link}>
              {data.reportUrl}
            </Link>
          </Text>
          <Text style={styles.step}>
            2. Drop it on{" "}
            <Link src={data.verifyUrl} style={styles.link}>
              {data.verifyUrl}
            </Link>
            : your browser checks every signature and fingerprint itself and uploads nothing.
          </Text>
          <Text style={styles.step}>3. Or with openssl: each file&apos;s fingerprint must equal the one above.</Text>
          <Text style={styles.command}>openssl dgst -sha256 findings/after/*.jpg findings/before/*.jpg recording-record.jws</Text>
          <Text style={styles.step}>
            The records are signed with the service&apos;s published keys ({data.jwksUrl}); VERIFY.txt in the packet gives the
            openssl commands that check each signature, step by step.
          </Text>
        </View>

        <View style={styles.footer} fixed>
          <Text>
            {data.homeName} · made {data.madeAt}
          </Text>
          <Text style={styles.pageNumber} render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The PDF's bytes. */
export function renderClaimPdf(data: ClaimPdfData): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(<ClaimDocument data={data} />);
}
