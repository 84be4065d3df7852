import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CentredPage, CentredPageHeading } from "@/components/ui/CentredPage";
import { SignInForm } from "@/components/sign-in/SignInForm";
import { Notice } from "@/components/ui/Notice";
import { TextLink } from "@/components/ui/TextLink";
import { currentPerson } from "@/lib/auth/current-person";
import { safeReturnPath } from "@/lib/auth/return-path";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "Sign in · Walkthrough" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const query = await searchParams;
  const returnPath = safeReturnPath(query.callbackUrl, config().APP_URL);
  if (await currentPerson()) redirect(returnPath);
  return (
    <CentredPage
      footer={
        <>
          Building on Walkthrough? Read the <TextLink href="/docs">API reference</TextLink>.
        </>
      }
    >
      <CentredPageHeading id="sign-in-title" title="Sign in">
        Inspection reports for your homes. We email you a link; no password.
      </CentredPageHeading>
      {query.signed_out !== undefined && (
        <Notice tone="success" live>
          You are signed out.
        </Notice>
      )}
      {returnPath.startsWith("/reports/") && <Notice>Sign in to read this inspection report.</Notice>}
      <SignInForm callbackUrl={`${config().APP_URL}${returnPath}`} />
    </CentredPage>
  );
}
