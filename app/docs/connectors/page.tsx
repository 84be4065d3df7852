import type { Metadata } from "next";
import { PageShell } from "@/components/shell/PageShell";
import styles from "@/components/shell/shell.module.css";
import { bookACallUrl, catalogPath, connectors } from "@/lib/connectors/catalog";

export const metadata: Metadata = { title: "Connectors · Walkthrough" };
export const dynamic = "force-dynamic";

/** The connector catalogue for people; `GET /connectors` answers the same as JSON. */
export default function ConnectorsPage() {
  return (
    <PageShell>
      <h1>Connectors</h1>
      <p>
        Platforms the service reads for you, enabled per workspace. Calls go to{" "}
        <code>/connectors/&lt;platform&gt;/&lt;operation&gt;</code> with your partner key and <code>workspace_id</code>; one not
        enabled answers <code>403 connector_not_enabled</code>. The same list as JSON:{" "}
        <a href={catalogPath}>
          <code>GET {catalogPath}</code>
        </a>
        .
      </p>
      {connectors.map((connector) => (
        <section key={connector.platform} className={styles.card} aria-labelledby={`connector-${connector.platform}`}>
          <h2 id={`connector-${connector.platform}`}>
            {connector.name}{" "}
            <span className={styles.muted}>({connector.status === "available" ? "available" : "request access"})</span>
          </h2>
          <p>{connector.summary}</p>
          <p>
            <strong>Enabling it:</strong> {connector.enabling}
          </p>
          <ul>
            {connector.operations.map((operation) => (
              <li key={operation.name}>
                <code>{`${operation.methods.join(", ")} /connectors/${connector.platform}/${operation.name}`}</code>:{" "}
                {operation.summary}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p>
        <a href={bookACallUrl()}>Book a call</a> to enable a connector or to ask for one not listed. The reference for every
        operation is at <a href="/docs">/docs</a>.
      </p>
    </PageShell>
  );
}
