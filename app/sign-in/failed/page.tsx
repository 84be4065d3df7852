import type { Metadata } from "next";
import { CentredPage, CentredPageHeading } from "@/components/ui/CentredPage";
import { Button } from "@/components/ui/Button";
import { Notice } from "@/components/ui/Notice";

export const metadata: Metadata = { title: "Sign-in failed · Walkthrough" };
export const dynamic = "force-dynamic";

const explanations: Record<string, { title: string; text: string }> = {
  Verification: {
    title: "This sign-in link no longer works",
    text: "Each link works once and only for a limited time. Ask for a new one below.",
  },
  EmailSignin: { title: "We could not send a link to that address", text: "Check the address and try again." },
};

export default async function SignInFailedPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { error } = await searchParams;
  const explanation = explanations[error ?? ""] ?? { title: "Sign-in did not work", text: "Try again in a moment." };
  return (
    <CentredPage>
      <CentredPageHeading id="failed-title" title={explanation.title} />
      <Notice tone="warning">{explanation.text}</Notice>
      <Button asChild size="lg" className="w-full">
        <a href="/sign-in">Get a new sign-in link</a>
      </Button>
    </CentredPage>
  );
}
