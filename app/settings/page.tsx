import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { deliveryChoicesOf } from "@/lib/people/manage-seats";
import { DeliveryChoices } from "@/components/people/DeliveryChoices";
import { PageShell } from "@/components/shell/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import styles from "@/components/shell/shell.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings · Walkthrough" };

export default async function SettingsPage() {
  const person = await requirePerson("/settings");
  const choices = await deliveryChoicesOf(person.id);
  return (
    <PageShell person={person} narrow>
      <div>
        <h1 className={styles.title}>Report emails</h1>
        <p className={styles.subtitle}>
          Every report stays on the inspections page; these choices decide which ones are emailed to {person.email}.
        </p>
      </div>
      {choices.length === 0 ? (
        <p>You have no workspace yet.</p>
      ) : (
        <QueryProvider>
          <DeliveryChoices choices={choices} />
        </QueryProvider>
      )}
    </PageShell>
  );
}
