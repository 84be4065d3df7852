import { MailCheck } from "lucide-react";
import type { Metadata } from "next";
import { CentredPage, CentredPageHeading } from "@/components/ui/CentredPage";
import { TextLink } from "@/components/ui/TextLink";
import { pageTranslations } from "@/lib/i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await pageTranslations("signIn.checkEmail");
  return { title: t("title") };
}

// next-auth sends browsers here after a sign-in form that posted without JavaScript.
export default async function CheckEmailPage() {
  const t = await pageTranslations("signIn.checkEmail");
  const home = (await pageTranslations("signIn"))("homeLink");
  return (
    <CentredPage homeLabel={home} footer={t.rich("footer", { link: (words) => <TextLink href="/sign-in">{words}</TextLink> })}>
      <span className="grid size-10 place-items-center rounded-full bg-success-soft text-success">
        <MailCheck aria-hidden className="size-5" />
      </span>
      <CentredPageHeading title={t("heading")}>{t("body")}</CentredPageHeading>
    </CentredPage>
  );
}
