import { AllowlistPanel } from "./AllowlistPanel";
import { AuditPanel } from "./AuditPanel";
import { InspectionsPanel } from "./InspectionsPanel";
import { KeysPanel } from "./KeysPanel";
import { UsagePanel } from "./UsagePanel";
import { UsersPanel } from "./UsersPanel";
import { WebhookPanel } from "./WebhookPanel";
import { WorkspacesPanel } from "./WorkspacesPanel";

/** A partner's integration, the same in its console and on its /admin page (where workspaces link to staff pages). */
export function PartnerPanels({ partnerId, staff = false }: { partnerId: string; staff?: boolean }) {
  return (
    <>
      <KeysPanel partnerId={partnerId} />
      <WebhookPanel partnerId={partnerId} />
      <AllowlistPanel partnerId={partnerId} />
      <WorkspacesPanel partnerId={partnerId} linkToAdmin={staff} />
      <InspectionsPanel partnerId={partnerId} />
      <UsagePanel partnerId={partnerId} />
      <UsersPanel partnerId={partnerId} />
      <AuditPanel partnerId={partnerId} />
    </>
  );
}
