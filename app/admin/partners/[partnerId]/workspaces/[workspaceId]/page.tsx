import { Home } from "lucide-react";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { CompanyChecklists } from "@/components/consoles/CompanyChecklists";
import { ConnectorsPanel } from "@/components/consoles/ConnectorsPanel";
import { FeedForm } from "@/components/consoles/FeedForm";
import { NoAccess } from "@/components/consoles/NoAccess";
import { StaffSeats } from "@/components/consoles/StaffSeats";
import { staffLinks } from "@/components/consoles/nav";
import { Badge } from "@/components/ui/Badge";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { LocalTime } from "@/components/ui/LocalTime";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { TextLink } from "@/components/ui/TextLink";
import { consolePage } from "@/lib/consoles/console-page";
import { workspaceDetail } from "@/lib/consoles/workspace-detail";
import {
  claimStateTone,
  feedHealthTone,
  labelOf,
  rosterImportStatusLabel,
  rosterImportStatusTone,
  rosterSourceLabel,
  rosterStateLabel,
  rosterStateTone,
  rosterSyncStatusLabel,
  rosterSyncStatusTone,
  serviceStateTone,
  setupStateLabel,
  setupStateTone,
  syncHealthLabel,
  syncModeLabel,
  syncTriggerLabel,
  toneOf,
} from "@/lib/labels/console-labels";
import { claimStateLabel, feedHealthLabel, rosterStatusLabel, sandboxLabel, serviceStateLabel } from "@/lib/labels/labels";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Workspace · Walkthrough admin" };

/** A date or "Not yet" (a feed never polled, a run still going). */
const Moment = ({ iso }: { iso?: string }) => (iso ? <LocalTime date={iso} /> : <span className="text-muted">Not yet</span>);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="text-sm text-ink">{children}</dd>
    </div>
  );
}

export default async function AdminWorkspacePage({ params }: { params: Promise<{ partnerId: string; workspaceId: string }> }) {
  const { partnerId, workspaceId } = await params;
  const access = await consolePage(`/admin/partners/${partnerId}/workspaces/${workspaceId}`, { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const detail = await workspaceDetail(partnerId, workspaceId);
  if (detail === undefined) return <NoAccess person={access.person} />;
  const { record } = detail;
  return (
    <PageShell person={access.person} links={staffLinks} width="wide">
      <QueryProvider>
        <div className="flex flex-col gap-1">
          <TextLink href={`/admin/partners/${partnerId}`} className="self-start text-sm">
            ← Back to the partner
          </TextLink>
          <PageHeader
            title={record.name}
            description={
              <span className="flex flex-wrap items-center gap-2">
                <code className="font-mono text-xs">{record.workspace_id}</code>
                {record.sandbox && <Badge tone="info">{sandboxLabel}</Badge>}
              </span>
            }
          />
        </div>
        <Card aria-label="At a glance" className="sm:py-4">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            <Fact label="Roster">
              <Badge tone={toneOf(rosterStateTone, record.roster.state)}>{labelOf(rosterStateLabel, record.roster.state)}</Badge>
            </Fact>
            <Fact label="Service">
              <Badge tone={serviceStateTone[record.service.state]}>{serviceStateLabel[record.service.state]}</Badge>
            </Fact>
            <Fact label="Owner">
              <Badge tone={claimStateTone[record.claim.state]}>{claimStateLabel[record.claim.state]}</Badge>
            </Fact>
            <Fact label="Roster arrives">
              {labelOf(syncModeLabel, record.sync.mode)}
              <span className="text-muted"> · {labelOf(syncHealthLabel, record.sync.health)}</span>
            </Fact>
            <Fact label="Homes">
              <span className="tabular-nums">
                {record.roster.present_count} in the roster
                <span className="text-muted">
                  {" "}
                  · {record.roster.inactive_count} inactive · {record.roster.unconfirmed_count} unconfirmed
                </span>
              </span>
            </Fact>
          </dl>
        </Card>

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Card aria-labelledby="roster-title">
            <CardHeader id="roster-title" title="Roster" description={`Revision ${record.roster.revision}.`} />
            {detail.feed && (
              <div className="mb-5 flex flex-col gap-2 rounded-md bg-subtle p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={feedHealthTone[detail.feed.health]}>{feedHealthLabel[detail.feed.health]}</Badge>
                  <code className="min-w-0 font-mono text-xs break-all text-ink">{detail.feed.url}</code>
                </div>
                <dl className="grid gap-x-4 gap-y-1 text-ink-soft sm:grid-cols-2">
                  <div>
                    <dt className="inline">Last polled: </dt>
                    <dd className="inline">
                      <Moment iso={detail.feed.lastPolledAt} />
                    </dd>
                  </div>
                  <div>
                    <dt className="inline">Last good: </dt>
                    <dd className="inline">
                      <Moment iso={detail.feed.lastSucceededAt} />
                    </dd>
                  </div>
                  <div>
                    <dt className="inline">Next poll: </dt>
                    <dd className="inline">
                      <Moment iso={detail.feed.nextPollAt} />
                    </dd>
                  </div>
                  {detail.feed.lastErrorCode && (
                    <div>
                      <dt className="inline">Last error: </dt>
                      <dd className="inline">
                        <code className="font-mono text-xs text-danger">{detail.feed.lastErrorCode}</code>
                      </dd>
                    </div>
                  )}
                </dl>
              </div>
            )}
            <FeedForm partnerId={partnerId} workspaceId={detail.id} url={detail.feed?.url} />
            <h3 className="mt-6 mb-2 text-sm font-semibold text-ink">Runs</h3>
            {detail.runs.length === 0 ? (
              <p className="text-sm text-muted">No roster runs yet: the first arrives when the partner pushes its roster.</p>
            ) : (
              <Table>
                <THead>
                  <tr>
                    <Th>Submitted</Th>
                    <Th>Source</Th>
                    <Th>Status</Th>
                    <Th>Finished</Th>
                  </tr>
                </THead>
                <TBody>
                  {detail.runs.map((run) => (
                    <Tr key={run.id}>
                      <Td label="Submitted" className="sm:whitespace-nowrap">
                        <LocalTime date={run.submittedAt} />
                      </Td>
                      <Td label="Source">{rosterSourceLabel[run.source]}</Td>
                      <Td label="Status">
                        <span className="flex flex-wrap items-center gap-2">
                          <Badge tone={rosterImportStatusTone[run.status]}>{rosterImportStatusLabel[run.status]}</Badge>
                          {run.errorCode && <code className="font-mono text-xs text-muted">{run.errorCode}</code>}
                        </span>
                      </Td>
                      <Td label="Finished" className="sm:whitespace-nowrap">
                        <Moment iso={run.finishedAt} />
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            )}
            {detail.syncs.length > 0 && (
              <>
                <h3 className="mt-6 mb-2 text-sm font-semibold text-ink">Feed syncs</h3>
                <ul className="divide-y divide-line rounded-md border border-line text-sm">
                  {detail.syncs.map((sync) => (
                    <li key={sync.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                      <LocalTime date={sync.createdAt} />
                      <span className="text-muted">{syncTriggerLabel[sync.trigger]}</span>
                      <Badge tone={rosterSyncStatusTone[sync.status]} className="ml-auto">
                        {rosterSyncStatusLabel[sync.status]}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Card>
          <div className="flex flex-col gap-6">
            <StaffSeats partnerId={partnerId} workspaceId={detail.id} seats={detail.seats} />
            <Card aria-labelledby="claim-title">
              <CardHeader
                id="claim-title"
                title="Claim"
                description="The owner's invitation to take the workspace over."
                actions={<Badge tone={claimStateTone[record.claim.state]}>{claimStateLabel[record.claim.state]}</Badge>}
              />
              {detail.claim ? (
                <dl className="grid gap-3 text-sm sm:grid-cols-2">
                  <Fact label="Invited">{detail.claim.email}</Fact>
                  <Fact label="Sent">
                    <LocalTime date={detail.claim.invitedAt} />
                  </Fact>
                  <Fact label={detail.claim.claimedAt ? "Accepted" : "Open until"}>
                    <LocalTime date={detail.claim.claimedAt ?? detail.claim.expiresAt} />
                  </Fact>
                </dl>
              ) : (
                <p className="text-sm text-muted">No invitation sent: the partner sends one through the API.</p>
              )}
            </Card>
          </div>
        </div>

        <Card aria-labelledby="homes-title">
          <CardHeader id="homes-title" title="Properties" description={`${detail.properties.length} in this workspace.`} />
          {detail.properties.length === 0 ? (
            <EmptyState icon={Home} title="No properties yet">
              They arrive with the partner&apos;s first roster.
            </EmptyState>
          ) : (
            <Table>
              <THead>
                <tr>
                  <Th>Property</Th>
                  <Th>Roster</Th>
                  <Th>Virtual tour</Th>
                  <Th>Baseline photos</Th>
                </tr>
              </THead>
              <TBody>
                {detail.properties.map((property) => (
                  <Tr key={property.id}>
                    <Td label="Property">
                      <span className="flex flex-col">
                        <span className="font-medium text-ink">{property.name}</span>
                        <code className="font-mono text-xs text-muted">{property.externalId}</code>
                      </span>
                    </Td>
                    <Td label="Roster">{rosterStatusLabel[property.rosterStatus]}</Td>
                    <Td label="Virtual tour">
                      <Badge tone={toneOf(setupStateTone, property.setup.tour.state)}>
                        {labelOf(setupStateLabel, property.setup.tour.state)}
                      </Badge>
                    </Td>
                    <Td label="Baseline photos">
                      <span className="flex items-center gap-2">
                        <span className="tabular-nums">{property.setup.baselinePhotos.count}</span>
                        <Badge tone={toneOf(setupStateTone, property.setup.baselinePhotos.state)}>
                          {labelOf(setupStateLabel, property.setup.baselinePhotos.state)}
                        </Badge>
                      </span>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </Card>
        <CompanyChecklists partnerId={partnerId} workspaceId={detail.id} lists={detail.checklists} />
        <ConnectorsPanel partnerId={partnerId} workspaceId={detail.id} />
      </QueryProvider>
    </PageShell>
  );
}
