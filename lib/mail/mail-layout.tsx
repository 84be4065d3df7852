import { Body, Button, Container, Head, Hr, Html, Img, Preview, Section, Text } from "@react-email/components";
import { plainTextSelectors, render } from "@react-email/render";
import type { ReactNode } from "react";
import { config } from "../config";

/*
 * The one layout of every message (react-email: tables and inline styles that the common mail
 * clients render alike): the logo, the content, one button, a quiet footer. Colours mirror the
 * design tokens of app/globals.css; mail clients read no CSS variables.
 */

export const mailColor = {
  ink: "#0f1b2a",
  inkSoft: "#334155",
  muted: "#556171",
  line: "#dbe2ea",
  canvas: "#f4f6f9",
  surface: "#ffffff",
  accent: "#1f5fbf",
} as const;

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const mailText = { fontSize: "15px", lineHeight: "24px", color: mailColor.ink, margin: "0 0 16px" } as const;

export function MailLayout(props: {
  /** The document's title (clients that open a message as a page show it); the subject reads best. */
  title?: string;
  preview: string;
  children: ReactNode;
  action: { label: string; url: string };
  footer: string;
}) {
  // A PNG: most mail clients show no SVG. Served by the app itself, as every link in the message is.
  const logo = `${config().APP_URL}/icons/icon-192.png`;
  return (
    <Html lang="en">
      <Head>
        <title>{props.title ?? "Walkthrough"}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: mailColor.canvas, fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "0 16px" }}>
          <Section style={{ padding: "8px 0 16px" }}>
            <Img
              src={logo}
              width="28"
              height="28"
              alt=""
              style={{ display: "inline-block", verticalAlign: "middle", borderRadius: "6px" }}
            />
            <Text
              style={{
                display: "inline-block",
                verticalAlign: "middle",
                margin: "0 0 0 8px",
                fontSize: "16px",
                fontWeight: 700,
                color: mailColor.ink,
              }}
            >
              Walkthrough
            </Text>
          </Section>
          <Section
            style={{
              backgroundColor: mailColor.surface,
              border: `1px solid ${mailColor.line}`,
              borderRadius: "12px",
              padding: "28px 28px 12px",
            }}
          >
            {props.children}
            <Button
              href={props.action.url}
              style={{
                backgroundColor: mailColor.accent,
                color: "#ffffff",
                fontSize: "15px",
                fontWeight: 600,
                padding: "12px 20px",
                borderRadius: "8px",
                textDecoration: "none",
                margin: "8px 0 20px",
              }}
            >
              {props.action.label}
            </Button>
          </Section>
          <Hr style={{ borderColor: "transparent", margin: "8px 0" }} />
          <Text style={{ fontSize: "13px", lineHeight: "20px", color: mailColor.muted, margin: 0 }}>{props.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML of a message. */
export function renderMailHtml(element: ReactNode): Promise<string> {
  return render(element);
}

/** The plain-text part made from the same element: what a client without HTML shows. */
export function renderMailText(element: ReactNode): Promise<string> {
  // Headings as written: html-to-text would shout them in capitals.
  const headings = ["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } }));
  return render(element, { plainText: true, htmlToTextOptions: { selectors: [...plainTextSelectors, ...headings] } });
}
