"use client";

import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, ImageUp, LoaderCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { type FileRejection, useDropzone } from "react-dropzone";
import type { PhotoUploadView } from "@/lib/people/upload-photos";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { cn } from "@/components/ui/cn";
import { Notice } from "@/components/ui/Notice";

/** The endpoint's limits (lib/baseline-photos/schemas.ts, lib/fetch/photo-limits.ts), checked here first to save the trip. */
const maxFiles = 25;
const maxBytes = 15 * 1024 * 1024;
const accept = { "image/jpeg": [".jpg", ".jpeg"], "image/png": [".png"], "image/webp": [".webp"] };

const serverReason: Record<string, string> = {
  too_large: "Larger than 15 MB.",
  unsupported_content_type: "Not a JPEG, PNG or WebP photo.",
  content_mismatch: "Damaged, or not really a photo (or over 100 megapixels).",
  upload_failed: "Could not be saved. Try it again.",
};

function rejectionText(rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === "file-invalid-type") return "Not a JPEG, PNG or WebP photo.";
  if (code === "file-too-large") return "Larger than 15 MB.";
  if (code === "too-many-files") return `More than ${maxFiles} files at once: add them in smaller batches.`;
  return "This file cannot be added.";
}

interface Chosen {
  key: string;
  name: string;
  /** A local preview, for files that will be sent. */
  preview?: string;
  /** Refused here, before sending. */
  refused?: string;
}

type Phase =
  | { name: "idle" }
  | { name: "sending"; percent: number }
  | { name: "checking"; importId: string }
  | { name: "error"; message: string };

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

/** The chosen file's own picture; a refused or unreadable file shows the error mark instead. */
function Thumbnail({ preview }: { preview?: string }) {
  const [broken, setBroken] = useState(false);
  if (preview && !broken)
    return (
      <img src={preview} alt="" onError={() => setBroken(true)} className="size-12 shrink-0 rounded-sm bg-subtle object-cover" />
    );
  return (
    <span aria-hidden className="grid size-12 shrink-0 place-items-center rounded-sm bg-surface text-danger">
      <CircleAlert className="size-5" />
    </span>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Drag-and-drop (or choose) baseline photos of one home. Each file shows as a thumbnail with its
 * own outcome: refused here (wrong type, too large) or by the server's check, or accepted.
 */
export function PhotoUpload({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const router = useRouter();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const importId = phase.name === "checking" ? phase.importId : undefined;
  const progress = useQuery({
    queryKey: ["photo-upload", propertyId, importId],
    queryFn: () => callApi<PhotoUploadView>(`/api/properties/${propertyId}/baseline-photos/${importId}`),
    enabled: importId !== undefined,
    refetchInterval: (query) => (query.state.data?.state === "importing" || query.state.data === undefined ? 1000 : false),
  });
  const result = importId !== undefined && progress.data?.state !== "importing" ? progress.data : undefined;
  // The count and thumbnails above come from the server: read them again once the check has ended.
  useEffect(() => {
    if (result) router.refresh();
  }, [result, router]);
  // Previews are object URLs: let them go when a new batch replaces them or the page closes.
  useEffect(() => () => chosen.forEach((file) => file.preview && URL.revokeObjectURL(file.preview)), [chosen]);

  async function onDrop(files: File[], rejections: FileRejection[]) {
    const stamp = Date.now();
    const sendable = files.map((file, index) => ({
      key: `${stamp}-a${index}`,
      name: file.name,
      preview: URL.createObjectURL(file),
    }));
    const refused = rejections.map((rejection, index) => ({
      key: `${stamp}-r${index}`,
      name: rejection.file.name,
      refused: rejectionText(rejection),
    }));
    setChosen([...sendable, ...refused]);
    if (files.length === 0) return setPhase({ name: "idle" });
    setPhase({ name: "sending", percent: 0 });
    try {
      const upload = await send(propertyId, files, (percent) => setPhase({ name: "sending", percent }));
      setPhase({ name: "checking", importId: upload.importId });
    } catch (error) {
      setPhase({ name: "error", message: (error as Error).message });
    }
  }

  // Refused here (never sent) and refused by the server's check, counted together as the list shows them.
  const refusedCount = (upload: PhotoUploadView) => upload.failed.length + chosen.filter((file) => file.refused).length;
  const busy = phase.name === "sending" || (phase.name === "checking" && !result && !progress.isError);
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop: (files, rejections) => void onDrop(files, rejections),
    accept,
    maxSize: maxBytes,
    maxFiles,
    multiple: true,
    noClick: true,
    noKeyboard: true,
    disabled: busy,
  });

  // Files sent are in the order they were chosen: the server's refusals name them by that position.
  const sentIndex = new Map(chosen.filter((file) => !file.refused).map((file, index) => [file.key, index]));
  const outcome = (file: Chosen): { tone: "error" | "done" | "waiting"; text: string } => {
    if (file.refused) return { tone: "error", text: file.refused };
    if (phase.name === "error") return { tone: "error", text: "Not sent." };
    if (!result) return { tone: "waiting", text: phase.name === "sending" ? "Uploading…" : "Checking…" };
    const failed = result.failed.find((item) => item.index === sentIndex.get(file.key));
    return failed ? { tone: "error", text: serverReason[failed.reason] ?? "Refused." } : { tone: "done", text: "Accepted" };
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        {...getRootProps({
          className: cn(
            "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors",
            isDragActive ? "border-accent bg-accent-soft" : "border-line-strong bg-canvas",
          ),
        })}
      >
        <input {...getInputProps({ "aria-label": `Photos of ${propertyName}` })} />
        <span className="grid size-11 place-items-center rounded-full bg-surface text-accent shadow-card">
          <ImageUp aria-hidden className="size-5" />
        </span>
        <div>
          <p className="font-medium text-ink">
            {isDragActive ? (
              "Drop the photos to add them"
            ) : (
              <>
                {/* Phones do not drag: there the button is the way in. */}
                <span className="sm:hidden">Add photos from your phone</span>
                <span className="max-sm:hidden">Drag photos here, or choose them</span>
              </>
            )}
          </p>
          <p className="mt-0.5 text-sm text-muted">JPEG, PNG or WebP, up to 15 MB each and 25 at a time.</p>
        </div>
        <Button variant="secondary" onClick={open} disabled={busy}>
          {phase.name === "sending" ? `Uploading ${phase.percent}%` : busy ? "Checking the photos…" : "Choose photos"}
        </Button>
      </div>

      <div role="status" aria-live="polite" className="text-sm text-ink-soft empty:hidden">
        {result &&
          `${plural(result.stored, "photo added", "photos added")}` +
            (result.duplicates > 0 ? `, ${result.duplicates} already in the baseline` : "") +
            (refusedCount(result) > 0 ? `, ${refusedCount(result)} refused` : "") +
            "."}
      </div>
      {phase.name === "error" && <Notice tone="error">{phase.message}</Notice>}
      {progress.isError && <Notice tone="error">{progress.error.message}</Notice>}

      {chosen.length > 0 && (
        <ul aria-label="Chosen files" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {chosen.map((file) => {
            const { tone, text } = outcome(file);
            const Icon = tone === "error" ? CircleAlert : tone === "done" ? CircleCheck : LoaderCircle;
            return (
              <li
                key={file.key}
                className={cn(
                  "flex items-center gap-3 rounded-md border p-2",
                  tone === "error" ? "border-danger-line bg-danger-soft" : "border-line bg-surface",
                )}
              >
                <Thumbnail preview={tone === "error" ? undefined : file.preview} />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate font-medium text-ink" title={file.name}>
                    {file.name}
                  </p>
                  <p
                    className={cn(
                      "flex items-center gap-1",
                      tone === "error" ? "font-medium text-danger" : tone === "done" ? "text-success" : "text-muted",
                    )}
                  >
                    {tone !== "error" && <Icon aria-hidden className={cn("size-3.5", tone === "waiting" && "animate-spin")} />}
                    {text}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
