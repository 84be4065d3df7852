import type { Metadata } from "next";
import { PageShell } from "@/components/shell/PageShell";
import styles from "@/components/shell/shell.module.css";
import { config } from "@/lib/config";
import { maxDemoPhotos } from "@/lib/demo/schemas";

export const metadata: Metadata = { title: "Demo tier · Walkthrough" };
export const dynamic = "force-dynamic";

/** The demo tier for people: what it does and the calls, with the OpenAPI document beside it. */
export default function DemoDocsPage() {
  const base = config().APP_URL;
  const submit = `curl -X POST ${base}/demo/inspections -H "Content-Type: application/json" \\
  -d '{"email":"you@yourcompany.com","accept_terms":true,"photos":[{"url":"https://example.com/kitchen.jpg"}]}'`;
  const read = `curl ${base}/demo/inspections/$REQUEST_ID -H "Authorization: Bearer $POLL_TOKEN"`;
  return (
    <PageShell>
      <h1>Demo tier</h1>
      <p>
        Try the analysis without a key: send up to {maxDemoPhotos} photos of a home by URL, confirm the link we mail you, and read
        back what was found, in the Partner API&apos;s Finding shape. Only findings the analysis is confident of are kept. The
        machine-readable reference is <a href="/demo/openapi.json">/demo/openapi.json</a>; the{" "}
        <a href="/demo/terms">demo terms</a> apply.
      </p>
      <section className={styles.card} aria-labelledby="demo-steps">
        <h2 id="demo-steps">Three steps</h2>
        <ol>
          <li>
            Submit: the answer carries <code>request_id</code> and <code>poll_token</code>, shown once.
            <pre className={styles.command}>{submit}</pre>
          </li>
          <li>Open the link mailed to you and press Confirm. Nothing runs before that.</li>
          <li>
            Read it until <code>status</code> is <code>completed</code> or <code>failed</code> (we also mail you when it is
            ready):
            <pre className={styles.command}>{read}</pre>
          </li>
        </ol>
      </section>
      <section className={styles.card} aria-labelledby="demo-more">
        <h2 id="demo-more">Videos and access</h2>
        <p>
          <code>POST /demo/videos</code> (a form with <code>email</code> and <code>accept_terms=true</code> first, then a{" "}
          <code>video</code> file of at most 500 MiB) stores a walkthrough video; it is analysed only on an account.{" "}
          <code>POST /demo/access-requests</code> asks for Partner API access, for you or on behalf of the person you work for,
          and answers where to book the call.
        </p>
        <p>
          Submissions and their media are deleted {config().DEMO_RETENTION_DAYS} days after confirmation, or a day after
          submission if never confirmed.
        </p>
      </section>
    </PageShell>
  );
}
