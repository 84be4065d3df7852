import { Building2 } from "lucide-react";
import type { Metadata } from "next";
import { CreatePartner } from "@/components/consoles/CreatePartner";
import { NoAccess } from "@/components/consoles/NoAccess";
import { StaffPanel } from "@/components/consoles/StaffPanel";
import { staffLinks } from "@/components/consoles/nav";
import { Badge } from "@/components/ui/Badge";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { Pagination } from "@/components/ui/Pagination";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { TextLink } from "@/components/ui/TextLink";
import { consolePage } from "@/lib/consoles/console-page";
import { partnersPageAt } from "@/lib/consoles/partner-operations";
import { listCountLabel, partnerStatusTone } from "@/lib/labels/console-labels";
import { partnerStatusLabel } from "@/lib/labels/labels";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Partners · Walkthrough admin" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminPage({ searchParams }: { searchParams: Search }) {
  const access = await consolePage("/admin", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const cursor = (await searchParams).cursor;
  const list = await partnersPageAt(typeof cursor === "string" ? cursor : undefined);
  return (
    <PageShell person={access.person} links={staffLinks} width="wide">
      <QueryProvider>
        <PageHeader title="Partners" description={`${listCountLabel(list)} in all. Each integrates through its own API keys.`} />
        <Card aria-labelledby="partners-title">
          <CardHeader id="partners-title" title="All partners" />
          {list.partners.length === 0 ? (
            <EmptyState
              icon={Building2}
              title="No partners yet"
              action={<TextLink href="#partner-name">Create the first partner</TextLink>}
            >
              A partner is a platform that sends its customers&apos; walkthroughs here.
            </EmptyState>
          ) : (
            <Table>
              <THead>
                <tr>
                  <Th>Partner</Th>
                  <Th>Status</Th>
                  <Th className="text-right">Active keys</Th>
                  <Th className="text-right">Workspaces</Th>
                  <Th className="text-right">Console users</Th>
                </tr>
              </THead>
              <TBody>
                {list.partners.map((partner) => (
                  <Tr key={partner.id}>
                    <Td label="Partner">
                      <TextLink href={`/admin/partners/${partner.id}`}>{partner.name}</TextLink>
                    </Td>
                    <Td label="Status">
                      <Badge tone={partnerStatusTone[partner.status]}>{partnerStatusLabel[partner.status]}</Badge>
                    </Td>
                    <Td label="Active keys" className="tabular-nums sm:text-right">
                      {partner.activeKeys}
                    </Td>
                    <Td label="Workspaces" className="tabular-nums sm:text-right">
                      {partner.workspaces}
                    </Td>
                    <Td label="Console users" className="tabular-nums sm:text-right">
                      {partner.users}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
          <Pagination
            label="Partner pages"
            previous={list.previous ? { href: `/admin?cursor=${list.previous}` } : undefined}
            next={list.next ? { href: `/admin?cursor=${list.next}` } : undefined}
            summary={`Showing ${list.partners.length} of ${listCountLabel(list)}, by name`}
          />
        </Card>
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <CreatePartner />
          <StaffPanel />
        </div>
      </QueryProvider>
    </PageShell>
  );
}
