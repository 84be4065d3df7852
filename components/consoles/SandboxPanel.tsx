import { Card, CardHeader } from "@/components/ui/Card";
import { TextLink } from "@/components/ui/TextLink";
import { WorkspacesPanel } from "./WorkspacesPanel";

/**
 * What the sandbox is for and the steps to a first simulated walkthrough; the partner's workspaces
 * beside it, with "Run a sandbox walkthrough" once a sandbox workspace exists (WorkspacesPanel).
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
          <ol className="ml-5 flex list-decimal flex-col gap-1">
            <li>
              Set up your receiver on <TextLink href={`/console/${partnerId}/webhooks`}>Webhooks</TextLink> and check its
              signatures with the <TextLink href={`/console/${partnerId}/webhooks/signatures`}>examples</TextLink>.
            </li>
            <li>
              Create a sandbox key on <TextLink href={`/console/${partnerId}/keys`}>API keys</TextLink> (tick &ldquo;Sandbox
              key&rdquo;).
            </li>
            <li>
              With it, provision a workspace and send its roster, as the <TextLink href="/llms.txt">quickstart</TextLink> shows.
            </li>
            <li>Run a sandbox walkthrough below, or call the sandbox endpoint; watch both events reach your receiver.</li>
          </ol>
        </div>
      </Card>
      <WorkspacesPanel partnerId={partnerId} />
    </>
  );
}
