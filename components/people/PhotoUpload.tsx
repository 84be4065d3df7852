"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { PhotoUploadView } from "@/lib/people/upload-photos";
import { callApi } from "@/components/ui/call-api";
import styles from "@/components/shell/shell.module.css";
import { useHydrated } from "@/components/ui/use-hydrated";

const reasonText: Record<string, string> = {
  too_large: "larger than 15 MB",
  unsupported_content_type: "not a JPEG, PNG or WebP photo",
  content_mismatch: "damaged or too large to read (over 100 megapixels)",
  upload_failed: "could not be saved",
};

type Sending = { phase: "idle" } | { phase: "sending"; percent: number } | { phase: "error"; message: string };

/**
 * Sends the files with XMLHttpRequest rather than fetch: only it reports upload progress, which
 * on a phone's connection is the difference between waiting and giving up.
 */
function send(propertyId: string, files: File[], onProgress: (percent: number) => void): Promise<PhotoUploadView> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const file of files) body.append("photos", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", `/api/properties/${propertyId}/baseline-photos`);
    request.responseType = "json";
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      const answer = request.response as (PhotoUploadView & { error?: { message?: string } }) | null;
      if (request.status === 200 && answer) resolve(answer);
      else reject(new Error(answer?.error?.message ?? "The photos could not be uploaded. Try again."));
    };
    request.onerror = () => reject(new Error("We could not reach Walkthrough. Check your connection and try again."));
    request.send(body);
  });
}

function summary(upload: PhotoUploadView, names: string[]): string[] {
  const lines = [`${upload.stored} added`];
  if (upload.duplicates > 0) lines.push(`${upload.duplicates} already in the baseline`);
  const refused = upload.failed.map(
    (item) => `${names[item.index] ?? `Photo ${item.index + 1}`}: ${reasonText[item.reason] ?? "refused"}`,
  );
  return [lines.join(", ") + ".", ...refused];
}

export function PhotoUpload({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const inputId = useId();
  const hydrated = useHydrated();
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState<Sending>({ phase: "idle" });
  const [started, setStarted] = useState<{ importId: string; names: string[] }>();
  const progress = useQuery({
    queryKey: ["photo-upload", propertyId, started?.importId],
    queryFn: () => callApi<PhotoUploadView>(`/api/properties/${propertyId}/baseline-photos/${started!.importId}`),
    enabled: started !== undefined,
    refetchInterval: (query) => (query.state.data?.state === "importing" || query.state.data === undefined ? 1000 : false),
  });
  const ended = progress.data !== undefined && progress.data.state !== "importing";
  // The count and state in the table come from the server: read them again once the upload has ended.
  useEffect(() => {
    if (ended) router.refresh();
  }, [ended, router]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const files = Array.from((new FormData(event.currentTarget).getAll("photos") as File[]).filter((file) => file.size > 0));
    if (files.length === 0) return setSending({ phase: "error", message: "Choose at least one photo." });
    setStarted(undefined);
    setSending({ phase: "sending", percent: 0 });
    try {
      const upload = await send(propertyId, files, (percent) => setSending({ phase: "sending", percent }));
      setSending({ phase: "idle" });
      setStarted({ importId: upload.importId, names: files.map((file) => file.name) });
      form.current?.reset();
    } catch (error) {
      setSending({ phase: "error", message: (error as Error).message });
    }
  }

  const busy = sending.phase === "sending" || (started !== undefined && !ended && !progress.isError);
  return (
    <form ref={form} onSubmit={submit} className={styles.upload} aria-label={`Add baseline photos of ${propertyName}`}>
      <label htmlFor={inputId} className={styles.srOnly}>
        Photos of {propertyName}
      </label>
      <input
        id={inputId}
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        className={styles.fileInput}
        disabled={busy}
      />
      <button type="submit" className={styles.secondary} disabled={!hydrated || busy}>
        {sending.phase === "sending" ? `Uploading ${sending.percent}%` : busy ? "Checking…" : "Add photos"}
      </button>
      <div role="status" aria-live="polite" className={styles.muted}>
        {started && !ended && !progress.isError && sending.phase === "idle" && "Checking the photos…"}
        {ended && summary(progress.data, started?.names ?? []).map((line) => <div key={line}>{line}</div>)}
      </div>
      {sending.phase === "error" && (
        <p className={styles.error} role="alert">
          {sending.message}
        </p>
      )}
      {progress.isError && (
        <p className={styles.error} role="alert">
          {progress.error.message}
        </p>
      )}
    </form>
  );
}
