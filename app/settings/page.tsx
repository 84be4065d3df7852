import { House } from "lucide-react";
import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { deliveryChoicesOf } from "@/lib/people/manage-seats";
import { DeliveryChoices } from "@/components/manager/DeliveryChoices";
import { StatePage } from "@/components/manager/StatePage";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { PageIntl } from "@/components/ui/PageIntl";
import { pageLocale, pageMessages, pageTranslations } from "@/lib/i18n/messages";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await pageTranslations("people.settings");
  return { title: t("title") };
}

export default async function SettingsPage() {
  const person = await requirePerson("/settings");
  const choices = await deliveryChoicesOf(person.id);
  const t = await pageTranslations("people.settings");
  const address = (words: React.ReactNode) => <span className="font-medium text-ink-soft">{words}</span>;
  if (choices.length === 0)
    return (
      <StatePage person={person} icon={House} title={t("noWorkspace")}>
        <p>
          {t.rich("notInWorkspace", {
            email: person.email,
            address: (words) => <span className="font-medium text-ink">{words}</span>,
          })}
        </p>
      </StatePage>
    );
  return (
    <PageShell person={person}>
      <PageHeader title={t("heading")} description={t.rich("intro", { email: person.email, address })} />
      <QueryProvider>
        <PageIntl locale={await pageLocale()} messages={await pageMessages("people")}>
          <div className="flex max-w-3xl flex-col gap-6">
            <DeliveryChoices choices={choices} />
          </div>
        </PageIntl>
      </QueryProvider>
    </PageShell>
  );
}
