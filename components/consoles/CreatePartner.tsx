"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import { OnceSecret } from "./OnceSecret";

export function CreatePartner() {
  const router = useRouter();
  const create = useMutation({
    mutationFn: (name: string) =>
      callApi<{ partnerId: string; apiKey: string }>("/api/console/partners", { method: "POST", body: { name } }),
    onSuccess: () => router.refresh(),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(String(new FormData(event.currentTarget).get("name") ?? ""));
  }

  return (
    <section className={styles.card} aria-labelledby="create-title">
      <h2 id="create-title">New partner</h2>
      <form onSubmit={submit} className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor="partner-name">Name</label>
          <input id="partner-name" name="name" required maxLength={200} className={styles.input} />
        </div>
        <button type="submit" className={styles.button} disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create partner"}
        </button>
      </form>
      <ErrorAlert error={create.error} />
      {create.data && (
        <>
          <p>
            Created. <a href={`/admin/partners/${create.data.partnerId}`}>Open the partner</a>
          </p>
          <OnceSecret label="Its first API key" value={create.data.apiKey} />
        </>
      )}
    </section>
  );
}
