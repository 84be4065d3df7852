import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CentredPage, CentredPageHeading } from "@/components/ui/CentredPage";
import { SignInForm } from "@/components/sign-in/SignInForm";
import { Notice } from "@/components/ui/Notice";
import { TextLink } from "@/components/ui/TextLink";
import { currentPerson } from "@/lib/auth/current-person";
import { safeReturnPath } from "@/lib/auth/return-path";
import { config } from "@/lib/config";
import { pageMessages, pageLocale, pageTranslations } from "@/lib/i18n/messages";
import { PageIntl } from "@/components/ui/PageIntl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await pageTranslations("signIn.page");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const query = await searchParams;
  const returnPath = safeReturnPath(query.callbackUrl, config().APP_URL);
  if (await currentPerson()) redirect(returnPath);
  const t = await pageTranslations("signIn.page");
  const home = (await pageTranslations("signIn"))("homeLink");
  return (
    <CentredPage homeLabel={home} footer={t.rich("footer", { docs: (words) => <TextLink href="/docs">{words}</TextLink> })}>
      <CentredPageHeading id="sign-in-title" title={t("heading")}>
        {t("intro")}
      </CentredPageHeading>
      {query.signed_out !== undefined && (
        <Notice tone="success" live>
          {t("signedOut")}
        </Notice>
      )}
      {returnPath.startsWith("/reports/") && <Notice>{t("forReport")}</Notice>}
      <PageIntl locale={await pageLocale()} messages={await pageMessages("signIn")}>
        <SignInForm callbackUrl={`${config().APP_URL}${returnPath}`} />
      </PageIntl>
    </CentredPage>
  );
}
