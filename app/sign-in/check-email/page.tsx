import { MailCheck } from "lucide-react";
import type { Metadata } from "next";
import { CentredPage, CentredPageHeading } from "@/components/ui/CentredPage";
import { TextLink } from "@/components/ui/TextLink";

export const metadata: Metadata = { title: "Check your email · Walkthrough" };

// next-auth sends browsers here after a sign-in form that posted without JavaScript.
export default function CheckEmailPage() {
  return (
    <CentredPage
      footer={
        <>
          Nothing arrived? <TextLink href="/sign-in">Ask for another link</TextLink>.
        </>
      }
    >
      <span className="grid size-10 place-items-center rounded-full bg-success-soft text-success">
        <MailCheck aria-hidden className="size-5" />
      </span>
      <CentredPageHeading title="Check your email">
        If the address has access to Walkthrough, a sign-in link is on its way. It works once, for 30 minutes.
      </CentredPageHeading>
    </CentredPage>
  );
}
