import { AllowlistPanel } from "./AllowlistPanel";
import { AuditPanel } from "./AuditPanel";
import { InspectionsPanel } from "./InspectionsPanel";
import { KeysPanel } from "./KeysPanel";
import { UsagePanel } from "./UsagePanel";
import { UsersPanel } from "./UsersPanel";
import { WebhookPanel } from "./WebhookPanel";
import { WorkspacesPanel } from "./WorkspacesPanel";

/**
 * A partner's integration on its /admin page, all on one page for staff (workspaces link to
 * staff pages there). The partner's own console shows the same panels, a section per page.
 */
export function PartnerPanels({ partnerId }: { partnerId: string }) {
  return (
    <>
      <KeysPanel partnerId={partnerId} />
      <WorkspacesPanel partnerId={partnerId} linkToAdmin />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <UsersPanel partnerId={partnerId} />
        <AllowlistPanel partnerId={partnerId} />
      </div>
      <WebhookPanel partnerId={partnerId} />
      <InspectionsPanel partnerId={partnerId} />
      <UsagePanel partnerId={partnerId} />
      <AuditPanel partnerId={partnerId} />
    </>
  );
}
