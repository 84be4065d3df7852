import type { Metadata } from "next";
import { CompanyChecklists } from "@/components/consoles/CompanyChecklists";
import { ConnectorsPanel } from "@/components/consoles/ConnectorsPanel";
import { FeedForm } from "@/components/consoles/FeedForm";
import { NoAccess } from "@/components/consoles/NoAccess";
import { StaffSeats } from "@/components/consoles/StaffSeats";
import { staffLinks } from "@/components/consoles/nav";
import { PageShell } from "@/components/shell/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import styles from "@/components/shell/shell.module.css";
import { consolePage } from "@/lib/consoles/console-page";
import { workspaceDetail } from "@/lib/consoles/workspace-detail";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Workspace · Walkthrough admin" };

const time = (iso?: string) => (iso ? iso.slice(0, 16).replace("T", " ") : "—");
const setupLabel = { none: "None", importing: "Importing…", imported: "Ready", failed: "Failed" } as const;

export default async function AdminWorkspacePage({ params }: { params: Promise<{ partnerId: string; workspaceId: string }> }) {
  const { partnerId, workspaceId } = await params;
  const access = await consolePage(`/admin/partners/${partnerId}/workspaces/${workspaceId}`, { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const detail = await workspaceDetail(partnerId, workspaceId);
  if (detail === undefined) return <NoAccess person={access.person} />;
  const { record } = detail;
  return (
    <PageShell person={access.person} links={staffLinks}>
      <QueryProvider>
        <div>
          <h1 className={styles.title}>{record.name}</h1>
          <p className={styles.subtitle}>
            <code>{record.workspace_id}</code> · roster {record.roster.state} · service {record.service.state} · claim{" "}
            {record.claim.state} · <a href={`/admin/partners/${partnerId}`}>back to the partner</a>
          </p>
        </div>
        <section className={styles.card} aria-labelledby="roster-title">
          <h2 id="roster-title">Roster</h2>
          <p>
            Revision {record.roster.revision} · {record.roster.present_count} present, {record.roster.inactive_count} inactive,{" "}
            {record.roster.unconfirmed_count} unconfirmed · sync {record.sync.mode} ({record.sync.health})
          </p>
          {detail.feed && (
            <p>
              Feed <code>{detail.feed.url}</code>: {detail.feed.health}, last polled {time(detail.feed.lastPolledAt)}, last good{" "}
              {time(detail.feed.lastSucceededAt)}
              {detail.feed.lastErrorCode ? `, last error ${detail.feed.lastErrorCode}` : ""}, next poll{" "}
              {time(detail.feed.nextPollAt)}.
            </p>
          )}
          <FeedForm partnerId={partnerId} workspaceId={detail.id} url={detail.feed?.url} />
          <h3>Runs</h3>
          {detail.runs.length === 0 ? (
            <p>No roster runs yet.</p>
          ) : (
            <table className={`${styles.table} ${styles.stack}`}>
              <thead>
                <tr>
                  <th scope="col">Submitted</th>
                  <th scope="col">Source</th>
                  <th scope="col">Status</th>
                  <th scope="col">Finished</th>
                </tr>
              </thead>
              <tbody>
                {detail.runs.map((run) => (
                  <tr key={run.id}>
                    <td data-label="Submitted">{time(run.submittedAt)}</td>
                    <td data-label="Source">{run.source}</td>
                    <td data-label="Status">
                      {run.status}
                      {run.errorCode ? ` (${run.errorCode})` : ""}
                    </td>
                    <td data-label="Finished">{time(run.finishedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {detail.syncs.length > 0 && (
            <>
              <h3>Feed syncs</h3>
              <ul>
                {detail.syncs.map((sync) => (
                  <li key={sync.id}>
                    {time(sync.createdAt)} · {sync.trigger} · {sync.status}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <section className={styles.card} aria-labelledby="homes-title">
          <h2 id="homes-title">Properties</h2>
          {detail.properties.length === 0 ? (
            <p>No properties yet.</p>
          ) : (
            <table className={`${styles.table} ${styles.stack}`}>
              <thead>
                <tr>
                  <th scope="col">Property</th>
                  <th scope="col">Roster</th>
                  <th scope="col">Virtual tour</th>
                  <th scope="col">Baseline photos</th>
                </tr>
              </thead>
              <tbody>
                {detail.properties.map((property) => (
                  <tr key={property.id}>
                    <td data-label="Property">
                      {property.name} <div className={styles.muted}>{property.externalId}</div>
                    </td>
                    <td data-label="Roster">{property.rosterStatus}</td>
                    <td data-label="Virtual tour">{setupLabel[property.setup.tour.state]}</td>
                    <td data-label="Baseline photos">
                      {property.setup.baselinePhotos.count} · {setupLabel[property.setup.baselinePhotos.state]}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <CompanyChecklists partnerId={partnerId} workspaceId={detail.id} lists={detail.checklists} />
        <section className={styles.card} aria-labelledby="claim-title">
          <h2 id="claim-title">Claim</h2>
          <p>
            State: <strong>{record.claim.state}</strong>
            {detail.claim &&
              ` · last invitation to ${detail.claim.email} on ${time(detail.claim.invitedAt)}, ${detail.claim.claimedAt ? `accepted ${time(detail.claim.claimedAt)}` : `open until ${time(detail.claim.expiresAt)}`}`}
          </p>
        </section>
        <StaffSeats partnerId={partnerId} workspaceId={detail.id} seats={detail.seats} />
        <ConnectorsPanel partnerId={partnerId} workspaceId={detail.id} />
      </QueryProvider>
    </PageShell>
  );
}
