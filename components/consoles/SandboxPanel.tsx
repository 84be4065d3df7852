import { Card, CardHeader } from "@/components/ui/Card";
import { TextLink } from "@/components/ui/TextLink";
import { WorkspacesPanel } from "./WorkspacesPanel";

/**
 * What the sandbox is for, and the partner's workspaces beside it. Sandbox keys and the
 * simulated walkthrough are wired here once they land; until then this page only explains.
 */
export function SandboxPanel({ partnerId }: { partnerId: string }) {
  return (
    <>
      <Card aria-labelledby="sandbox-about">
        <CardHeader id="sandbox-about" title="What the sandbox is for" />
        <div className="flex flex-col gap-2 text-sm text-ink-soft">
          <p>
            A sandbox workspace lets you watch a whole walkthrough reach your receiver before any cleaner records one: a simulated
            recording goes through the real pipeline, and your receiver gets the same signed events as for a live walkthrough.
          </p>
          <p>
            Sandbox workspaces are provisioned with a sandbox key and are marked as such in every read, so your code can tell them
            apart from live ones.
          </p>
          <p>
            Set up your receiver on <TextLink href={`/console/${partnerId}/webhooks`}>Webhooks</TextLink> and check its signatures
            with the <TextLink href={`/console/${partnerId}/webhooks/signatures`}>examples</TextLink> first.
          </p>
        </div>
      </Card>
      <WorkspacesPanel partnerId={partnerId} />
    </>
  );
}
