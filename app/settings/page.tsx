import { House } from "lucide-react";
import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { deliveryChoicesOf } from "@/lib/people/manage-seats";
import { DeliveryChoices } from "@/components/manager/DeliveryChoices";
import { StatePage } from "@/components/manager/StatePage";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings · Walkthrough" };

export default async function SettingsPage() {
  const person = await requirePerson("/settings");
  const choices = await deliveryChoicesOf(person.id);
  if (choices.length === 0)
    return (
      <StatePage person={person} icon={House} title="No workspace yet">
        <p>
          Report emails are chosen per workspace, and <span className="font-medium text-ink">{person.email}</span> is not in one
          yet. Ask the owner of your company&apos;s workspace to invite this address.
        </p>
      </StatePage>
    );
  return (
    <PageShell person={person}>
      <PageHeader
        title="Settings"
        description={
          <>
            Every report stays on the Inspections page; these choices decide which ones are also emailed to{" "}
            <span className="font-medium text-ink-soft">{person.email}</span>.
          </>
        }
      />
      <QueryProvider>
        <div className="flex max-w-3xl flex-col gap-6">
          <DeliveryChoices choices={choices} />
        </div>
      </QueryProvider>
    </PageShell>
  );
}
