"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { CompanyChecklistView } from "@/lib/consoles/workspace-detail";

const types = ["housekeeping", "inspection", "maintenance"];

/** One line per item, notes after " | ": what staff type, turned into the API's item list. */
function parseLines(text: string) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const [name, ...notes] = line.split(" | ");
      return notes.length > 0 ? { name: name!.trim(), notes: notes.join(" | ").trim() } : { name: name!.trim() };
    });
}

const asLines = (list?: CompanyChecklistView) =>
  (list?.items ?? []).map((item) => (item.notes ? `${item.name} | ${item.notes}` : item.name)).join("\n");

/** The company-wide checklists of a workspace, edited under the partner API's name rules. */
export function CompanyChecklists({
  partnerId,
  workspaceId,
  lists,
}: {
  partnerId: string;
  workspaceId: string;
  lists: CompanyChecklistView[];
}) {
  const router = useRouter();
  const [notice, setNotice] = useState<string>();
  const path = (type: string) => `/api/console/partners/${partnerId}/workspaces/${workspaceId}/checklists/${type}`;
  const change = useMutation({
    mutationFn: (input: { type: string; items?: ReturnType<typeof parseLines> }) =>
      callApi<{ items?: number; removed?: boolean }>(path(input.type), {
        method: input.items ? "PUT" : "DELETE",
        body: input.items ? { items: input.items } : undefined,
      }),
    onSuccess: (answer, input) => {
      setNotice(input.items ? `Saved the ${input.type} list: ${answer.items} items.` : `Removed the ${input.type} list.`);
      router.refresh();
    },
  });

  function save(event: FormEvent<HTMLFormElement>, type: string) {
    event.preventDefault();
    setNotice(undefined);
    change.mutate({ type, items: parseLines(String(new FormData(event.currentTarget).get("items") ?? "")) });
  }

  return (
    <section className={styles.card} aria-labelledby="company-title">
      <h2 id="company-title">Company-wide checklists</h2>
      <p className={styles.muted}>
        They apply to every home of the workspace without a list of that type. One item per line; notes after &ldquo; | &rdquo;.
      </p>
      {types.map((type) => {
        const list = lists.find((candidate) => candidate.type === type);
        return (
          <form key={type} onSubmit={(event) => save(event, type)} aria-label={`The ${type} list`}>
            <div className={styles.field}>
              <label htmlFor={`company-${type}`}>
                {type} {list ? `(${list.items.length} items)` : "(none)"}
              </label>
              <textarea
                id={`company-${type}`}
                name="items"
                rows={Math.max(3, (list?.items.length ?? 0) + 1)}
                defaultValue={asLines(list)}
                className={styles.input}
              />
            </div>
            <div className={styles.actions} style={{ marginBottom: 16 }}>
              <button type="submit" className={styles.secondary} disabled={change.isPending}>
                Save {type}
              </button>
              {list && (
                <button
                  type="button"
                  className={styles.secondary}
                  disabled={change.isPending}
                  onClick={() => window.confirm(`Remove the ${type} list?`) && change.mutate({ type })}
                >
                  Remove {type}
                </button>
              )}
            </div>
          </form>
        );
      })}
      {notice && <p role="status">{notice}</p>}
      <ErrorAlert error={change.error} />
    </section>
  );
}
