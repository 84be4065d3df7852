import type { Metadata } from "next";
import { CreatePartner } from "@/components/consoles/CreatePartner";
import { NoAccess } from "@/components/consoles/NoAccess";
import { StaffPanel } from "@/components/consoles/StaffPanel";
import { PageShell } from "@/components/shell/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import styles from "@/components/shell/shell.module.css";
import { consolePage } from "@/lib/consoles/console-page";
import { staffLinks } from "@/components/consoles/nav";
import { partnersPage } from "@/lib/consoles/partner-operations";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Partners · Walkthrough admin" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminPage({ searchParams }: { searchParams: Search }) {
  const access = await consolePage("/admin", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const page = Math.max(1, Number((await searchParams).page) || 1);
  const list = await partnersPage(page);
  return (
    <PageShell person={access.person} links={staffLinks}>
      <QueryProvider>
        <div>
          <h1 className={styles.title}>Partners</h1>
          <p className={styles.subtitle}>{list.total} in all</p>
        </div>
        <section className={styles.card} aria-labelledby="partners-title">
          <h2 id="partners-title">All partners</h2>
          {list.partners.length === 0 ? (
            <p>No partners yet. Create the first below.</p>
          ) : (
            <table className={`${styles.table} ${styles.stack}`}>
              <thead>
                <tr>
                  <th scope="col">Partner</th>
                  <th scope="col">Status</th>
                  <th scope="col">Active keys</th>
                  <th scope="col">Workspaces</th>
                  <th scope="col">Console users</th>
                </tr>
              </thead>
              <tbody>
                {list.partners.map((partner) => (
                  <tr key={partner.id}>
                    <td data-label="Partner">
                      <a href={`/admin/partners/${partner.id}`}>{partner.name}</a>
                    </td>
                    <td data-label="Status">{partner.status === "active" ? "Active" : "Paused"}</td>
                    <td data-label="Active keys">{partner.activeKeys}</td>
                    <td data-label="Workspaces">{partner.workspaces}</td>
                    <td data-label="Console users">{partner.users}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {list.pages > 1 && (
            <nav aria-label="Pages" className={styles.actions}>
              {page > 1 && <a href={`/admin?page=${page - 1}`}>Previous</a>}
              <span>
                Page {page} of {list.pages}
              </span>
              {page < list.pages && <a href={`/admin?page=${page + 1}`}>Next</a>}
            </nav>
          )}
        </section>
        <CreatePartner />
        <StaffPanel />
      </QueryProvider>
    </PageShell>
  );
}
