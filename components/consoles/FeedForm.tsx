"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";

/** Staff point the workspace at the partner's roster feed, or take it back to push. */
export function FeedForm({ partnerId, workspaceId, url }: { partnerId: string; workspaceId: string; url?: string }) {
  const router = useRouter();
  const [notice, setNotice] = useState<string>();
  const path = `/api/console/partners/${partnerId}/workspaces/${workspaceId}/feed`;
  const change = useMutation({
    mutationFn: (body?: { url: string; secret: string }) => callApi(path, { method: body ? "PUT" : "DELETE", body }),
    onSuccess: (_answer, body) => {
      setNotice(body ? "Feed saved: it is polled from now on." : "Feed removed: the roster is pushed again.");
      router.refresh();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setNotice(undefined);
    change.mutate({ url: String(form.get("url") ?? ""), secret: String(form.get("secret") ?? "") });
  }

  return (
    <form onSubmit={submit} aria-label="Roster feed">
      <h3>Roster feed</h3>
      <div className={styles.filters}>
        <div className={styles.field} style={{ flex: "1 1 320px" }}>
          <label htmlFor="feed-url">Feed URL</label>
          <input id="feed-url" name="url" type="url" required defaultValue={url} className={styles.input} />
        </div>
        <div className={styles.field}>
          <label htmlFor="feed-secret">Feed secret</label>
          <input id="feed-secret" name="secret" type="password" required autoComplete="off" className={styles.input} />
        </div>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.secondary} disabled={change.isPending}>
          Save feed
        </button>
        {url && (
          <button
            type="button"
            className={styles.secondary}
            disabled={change.isPending}
            onClick={() => window.confirm("Remove the feed? The roster must be pushed again.") && change.mutate(undefined)}
          >
            Remove feed
          </button>
        )}
      </div>
      {notice && <p role="status">{notice}</p>}
      <ErrorAlert error={change.error} />
    </form>
  );
}
