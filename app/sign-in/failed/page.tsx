import type { Metadata } from "next";
import { CentredPage, CentredPageHeading } from "@/components/ui/CentredPage";
import { Button } from "@/components/ui/Button";
import { Notice } from "@/components/ui/Notice";
import { pageTranslations } from "@/lib/i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await pageTranslations("signIn.failed");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

// next-auth's error codes this page explains; any other gets the general words.
const explained = {
  Verification: { heading: "expiredHeading", text: "expiredText" },
  EmailSignin: { heading: "unsentHeading", text: "unsentText" },
} as const;

export default async function SignInFailedPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { error } = await searchParams;
  const t = await pageTranslations("signIn.failed");
  const home = (await pageTranslations("signIn"))("homeLink");
  const keys =
    error === "Verification" || error === "EmailSignin"
      ? explained[error]
      : ({ heading: "otherHeading", text: "otherText" } as const);
  return (
    <CentredPage homeLabel={home}>
      <CentredPageHeading id="failed-title" title={t(keys.heading)} />
      <Notice tone="warning">{t(keys.text)}</Notice>
      <Button asChild size="lg" className="w-full">
        <a href="/sign-in">{t("newLink")}</a>
      </Button>
    </CentredPage>
  );
}
