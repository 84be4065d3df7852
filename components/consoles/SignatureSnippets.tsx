"use client";

import { Card, CardHeader } from "@/components/ui/Card";
import { CodeBlock } from "@/components/ui/CopyButton";
import { Tabs } from "@/components/ui/Tabs";
import { secretVariable, verifySnippets } from "@/lib/webhooks/verify-snippets";

/** The five languages' receivers, each checking the signature with its Standard Webhooks library. */
export function SignatureSnippets() {
  return (
    <>
      <Card aria-labelledby="verify-how">
        <CardHeader
          id="verify-how"
          title="How it works"
          description="Every request carries webhook-id, webhook-timestamp and webhook-signature headers."
        />
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-ink-soft">
          <li>
            Keep the signing secret the console showed you in your secret store and give it to your receiver as{" "}
            <code className="font-mono text-ink">{secretVariable}</code>. It is never shown again, and never in these examples.
          </li>
          <li>Verify the raw body, before any JSON parsing: the signature covers those exact bytes.</li>
          <li>The libraries refuse a timestamp more than five minutes away, so a captured request cannot be replayed later.</li>
          <li>
            While a secret is being rotated each request carries two signatures; the library accepts either, so deploy the new
            secret any time before the old one stops.
          </li>
          <li>A retry or a replay keeps the same webhook-id: use it to handle each event once.</li>
        </ul>
      </Card>
      <Card aria-labelledby="verify-code">
        <CardHeader
          id="verify-code"
          title="Receiver examples"
          description="Answer 2xx within 10 seconds; anything else is retried."
        />
        <Tabs
          label="Language"
          tabs={verifySnippets.map((snippet) => ({
            value: snippet.language,
            label: snippet.label,
            content: (
              <div className="flex flex-col gap-3">
                <CodeBlock text={snippet.install} what={`the ${snippet.label} install command`} />
                <CodeBlock text={snippet.code} what={`the ${snippet.label} example`} />
              </div>
            ),
          }))}
        />
      </Card>
    </>
  );
}
