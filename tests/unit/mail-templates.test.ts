import { describe, expect, it } from "vitest";
import { reportMail, signInMail } from "../../lib/mail/templates";

process.env.APP_URL ??= "https://walkthrough.example";

/*
 * The messages' parts as mail clients get them: the report mail's text part (rendered from the
 * same react-email element as its HTML) spells the button's link out on its own, so a reader
 * without HTML can follow it; the sign-in mail keeps its hand-written text part.
 */

const content = {
  homeName: "Seaview Cottage",
  address: "12 Harbour Road, Whitby",
  day: "25 Nov 2026",
  verdictLabel: "Not ready",
  verdictReason: "1 major finding",
  verdictInk: "#b42318",
  verdictSoft: "#fdecea",
  topFindings: [
    {
      severityLabel: "Major",
      severityInk: "#b42318",
      severitySoft: "#fdecea",
      where: "Kitchen · Damage",
      description: "The oven door glass is cracked.",
      pictureUrl: "https://walkthrough.example/media/x.jpg?expires=1&signature=abc",
    },
  ],
  moreFindings: 2,
  reportUrl: "https://walkthrough.example/reports/6f1c3c1e-0000-4000-8000-000000000000",
};

describe("mail templates", () => {
  it("report mail: verdict in the subject, findings and the link in both parts", async () => {
    const mail = await reportMail("pm@harbour-homes.com", content);
    expect(mail.subject).toBe("Not ready: Seaview Cottage — inspection report");
    expect(mail.text.split(/\s+/)).toContain(content.reportUrl);
    expect(mail.text).toContain("The oven door glass is cracked.");
    expect(mail.text).toContain("2 more findings are in the report.");
    expect(mail.html).toContain(`href="${content.reportUrl}"`);
    expect(mail.html).toContain("Not ready");
    expect(mail.html).toContain("/icons/icon-192.png");
    expect(mail.html).toContain(content.topFindings[0]!.pictureUrl.replaceAll("&", "&amp;"));
  });

  it("sign-in mail: the link alone on its line in the text part, the button in the layout", async () => {
    const mail = await signInMail(
      "pm@harbour-homes.com",
      "https://walkthrough.example/api/auth/callback/email?token=t",
      new Date(),
    );
    expect(mail.text).toContain("\n\nhttps://walkthrough.example/api/auth/callback/email?token=t\n\n");
    expect(mail.html).toContain('href="https://walkthrough.example/api/auth/callback/email?token=t"');
    expect(mail.html).toContain("Walkthrough");
  });
});
