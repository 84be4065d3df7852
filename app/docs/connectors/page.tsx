import type { Metadata } from "next";
import { InlineCode } from "@/components/docs/Code";
import { DocsNav } from "@/components/docs/DocsNav";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { TextLink } from "@/components/ui/TextLink";
import { bookACallUrl, catalogPath, connectors } from "@/lib/connectors/catalog";

export const metadata: Metadata = { title: "Connectors · Walkthrough" };
export const dynamic = "force-dynamic";

/** The connector catalogue for people; `GET /connectors` answers the same as JSON. */
export default function ConnectorsPage() {
  return (
    <PageShell>
      <DocsNav />
      <PageHeader
        title="Connectors"
        description="Platforms Walkthrough reads for you, switched on per workspace."
        actions={
          <Button asChild variant="secondary">
            <a href={bookACallUrl()}>Book a call</a>
          </Button>
        }
      />
      <p className="max-w-3xl text-sm text-ink-soft">
        Call <InlineCode>/connectors/&lt;platform&gt;/&lt;operation&gt;</InlineCode> with your partner key and{" "}
        <InlineCode>workspace_id</InlineCode>. A connector not yet switched on for the workspace answers{" "}
        <InlineCode>403 connector_not_enabled</InlineCode>. The same list as JSON:{" "}
        <TextLink href={catalogPath}>GET {catalogPath}</TextLink>.
      </p>
      <ul className="grid gap-4 md:grid-cols-2">
        {connectors.map((connector) => (
          <li key={connector.platform} className="flex">
            <Card aria-labelledby={`connector-${connector.platform}`} className="flex w-full flex-col gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id={`connector-${connector.platform}`} className="text-lg font-semibold text-ink">
                  {connector.name}
                </h2>
                {connector.status === "available" ? (
                  <Badge tone="success">Available</Badge>
                ) : (
                  <Badge tone="neutral">On request</Badge>
                )}
              </div>
              <p className="text-sm text-ink-soft">{connector.summary}</p>
              <p className="text-sm text-ink-soft">
                <span className="font-semibold text-ink">To switch it on: </span>
                {connector.enabling}
              </p>
              <ul className="mt-auto flex flex-col divide-y divide-line border-t border-line text-sm">
                {connector.operations.map((operation) => (
                  <li
                    key={operation.name}
                    className="flex flex-col gap-1 pt-2.5 [&:not(:first-child)]:pt-2.5 [&:not(:last-child)]:pb-2.5"
                  >
                    <InlineCode className="self-start">{`${operation.methods.join(", ")} /connectors/${connector.platform}/${operation.name}`}</InlineCode>
                    <span className="text-muted">{operation.summary}</span>
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
      <p className="text-sm text-ink-soft">
        <TextLink href={bookACallUrl()}>Book a call</TextLink> to switch a connector on or to ask for one not listed. Every
        operation is in the <TextLink href="/docs">API reference</TextLink>.
      </p>
    </PageShell>
  );
}
