import type { Metadata } from "next";
import { CodeBlock, InlineCode } from "@/components/docs/Code";
import { DocsNav } from "@/components/docs/DocsNav";
import { Card, CardHeader } from "@/components/ui/Card";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { TextLink } from "@/components/ui/TextLink";
import { config } from "@/lib/config";
import { maxDemoPhotos } from "@/lib/demo/schemas";

export const metadata: Metadata = { title: "Demo tier · Walkthrough" };
export const dynamic = "force-dynamic";

/** The demo tier for people: what it does and the calls, with the OpenAPI document beside it. */
export default function DemoDocsPage() {
  const base = config().APP_URL;
  // Broken over lines as people paste it into a terminal; the JSON body may span lines.
  const submit = `curl -X POST ${base}/demo/inspections \\
  -H "Content-Type: application/json" \\
  -d '{"email": "you@yourcompany.com", "accept_terms": true,
       "photos": [{"url": "https://example.com/kitchen.jpg"}]}'`;
  const read = `curl ${base}/demo/inspections/$REQUEST_ID \\
  -H "Authorization: Bearer $POLL_TOKEN"`;
  const steps = [
    {
      title: "Send the photos",
      body: (
        <>
          <p>
            The answer carries <InlineCode>request_id</InlineCode> and <InlineCode>poll_token</InlineCode>. The token is shown
            once: keep it.
          </p>
          <CodeBlock label="Submit photos with curl" code={submit} />
        </>
      ),
    },
    {
      title: "Confirm from your mail",
      body: <p>Open the link we mail you and press Confirm. Nothing is analysed before that.</p>,
    },
    {
      title: "Read the result",
      body: (
        <>
          <p>
            Read it until <InlineCode>status</InlineCode> is <InlineCode>completed</InlineCode> or <InlineCode>failed</InlineCode>
            . We also mail you when it is ready.
          </p>
          <CodeBlock label="Read the result with curl" code={read} />
        </>
      ),
    },
  ];
  return (
    <PageShell>
      <DocsNav />
      <PageHeader
        title="Demo tier"
        description={`Try the analysis without a key: send up to ${maxDemoPhotos} photos of a home, confirm by mail, and read back what was found.`}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <Card aria-labelledby="demo-steps" className="min-w-0">
          <CardHeader id="demo-steps" title="Three steps" description="Findings come back in the Partner API's Finding shape." />
          <ol className="flex flex-col gap-6">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  className="grid size-7 shrink-0 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent"
                  aria-hidden
                >
                  {index + 1}
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-3 text-sm text-ink-soft">
                  <h3 className="text-base font-semibold text-ink">{step.title}</h3>
                  {step.body}
                </div>
              </li>
            ))}
          </ol>
        </Card>
        <div className="flex min-w-0 flex-col gap-6">
          <Card aria-labelledby="demo-more">
            <CardHeader id="demo-more" title="Videos and access" />
            <div className="flex flex-col gap-3 text-sm text-ink-soft">
              <p>
                <InlineCode>POST /demo/videos</InlineCode> stores a walkthrough video of up to 500 MiB: a form with{" "}
                <InlineCode>email</InlineCode> and <InlineCode>accept_terms=true</InlineCode> first, then the{" "}
                <InlineCode>video</InlineCode> file. Videos are analysed only on an account.
              </p>
              <p>
                <InlineCode>POST /demo/access-requests</InlineCode> asks for Partner API access, for you or for the company you
                work for, and answers with where to book a call.
              </p>
            </div>
          </Card>
          <Card aria-labelledby="demo-reference">
            <CardHeader id="demo-reference" title="Reference and terms" />
            <ul className="flex flex-col gap-2 text-sm text-ink-soft">
              <li>
                The machine-readable reference: <TextLink href="/demo/openapi.json">/demo/openapi.json</TextLink>
              </li>
              <li>
                The <TextLink href="/demo/terms">demo terms</TextLink> apply to every submission.
              </li>
              <li>
                Submissions and their media are deleted {config().DEMO_RETENTION_DAYS} days after confirmation, or a day after
                they were sent if never confirmed.
              </li>
            </ul>
          </Card>
        </div>
      </div>
    </PageShell>
  );
}
