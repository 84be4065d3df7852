import { Column, Heading, Img, Row, Section, Text } from "@react-email/components";
import { MailLayout, mailColor, mailText, renderMailHtml, renderMailText } from "./mail-layout";

/*
 * The report mail's content: the answer first (the verdict in words and colour), the three most
 * serious findings with one picture each, then the button to the whole report. Everything is
 * decided by lib/people/mail-report.ts; this file only lays it out.
 */

export interface ReportMailFinding {
  /** "Major", in the severity's colours. */
  severityLabel: string;
  severityInk: string;
  severitySoft: string;
  /** "Kitchen · Damage". */
  where: string;
  description: string;
  /** A signed link the recipient's mail client loads; never logged. */
  pictureUrl?: string;
}

export interface ReportMailContent {
  homeName: string;
  address?: string;
  /** "25 Nov 2026". */
  day: string;
  verdictLabel: string;
  verdictReason: string;
  verdictInk: string;
  verdictSoft: string;
  topFindings: ReportMailFinding[];
  /** Findings beyond the three shown. */
  moreFindings: number;
  reportUrl: string;
}

/** "Not ready: Seaview Cottage — inspection report": the answer before anything else. */
export const reportMailSubject = (content: ReportMailContent) =>
  `${content.verdictLabel}: ${content.homeName} — inspection report`;

const footer = "You receive reports by the choices you made under Settings in Walkthrough.";

function ReportMail({ content }: { content: ReportMailContent }) {
  const place = [content.address, content.day].filter(Boolean).join(" · ");
  return (
    <MailLayout
      title={reportMailSubject(content)}
      preview={`${content.verdictLabel}: ${content.verdictReason}`}
      action={{ label: "Open the report", url: content.reportUrl }}
      footer={footer}
    >
      <Text style={{ ...mailText, color: mailColor.muted, fontSize: "13px", margin: "0 0 4px" }}>Inspection report</Text>
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "28px", margin: "0 0 4px", color: mailColor.ink }}>
        {content.homeName}
      </Heading>
      <Text style={{ ...mailText, color: mailColor.inkSoft, fontSize: "14px" }}>{place}</Text>
      <Section style={{ backgroundColor: content.verdictSoft, borderRadius: "10px", padding: "14px 18px", margin: "0 0 20px" }}>
        <Text style={{ margin: 0, fontSize: "18px", lineHeight: "26px", fontWeight: 700, color: content.verdictInk }}>
          {content.verdictLabel}
        </Text>
        <Text style={{ margin: 0, fontSize: "14px", lineHeight: "22px", color: mailColor.inkSoft }}>
          {content.verdictReason}.
        </Text>
      </Section>
      {content.topFindings.length > 0 ? (
        <Text style={{ ...mailText, fontWeight: 700, margin: "0 0 12px" }}>
          {content.topFindings.length === 1 ? "The finding" : "The most serious findings"}
        </Text>
      ) : null}
      {content.topFindings.map((finding, index) => (
        <Section
          key={index}
          style={{ border: `1px solid ${mailColor.line}`, borderRadius: "10px", padding: "14px", margin: "0 0 12px" }}
        >
          <Row>
            <Column>
              <Text style={{ margin: "0 0 6px", fontSize: "13px", lineHeight: "20px", color: mailColor.muted }}>
                <span
                  style={{
                    backgroundColor: finding.severitySoft,
                    color: finding.severityInk,
                    fontWeight: 700,
                    padding: "2px 8px",
                    borderRadius: "10px",
                  }}
                >
                  {finding.severityLabel}
                </span>
                {"\u00a0\u00a0"}
                {finding.where}
              </Text>
              <Text style={{ ...mailText, margin: finding.pictureUrl ? "0 0 10px" : 0 }}>{finding.description}</Text>
              {finding.pictureUrl ? (
                <Img
                  src={finding.pictureUrl}
                  alt={`Picture: ${finding.description}`}
                  width="100%"
                  style={{ width: "100%", maxWidth: "500px", height: "auto", borderRadius: "8px", display: "block" }}
                />
              ) : null}
            </Column>
          </Row>
        </Section>
      ))}
      {content.moreFindings > 0 ? (
        <Text style={{ ...mailText, color: mailColor.inkSoft }}>
          {content.moreFindings === 1 ? "1 more finding is" : `${content.moreFindings} more findings are`} in the report.
        </Text>
      ) : null}
    </MailLayout>
  );
}

export const reportMailHtml = (content: ReportMailContent) => renderMailHtml(<ReportMail content={content} />);

/** The plain-text part, rendered from the same message; the button's link is spelt out. */
export const reportMailText = (content: ReportMailContent) => renderMailText(<ReportMail content={content} />);
