"use client";

import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, ImageUp, LoaderCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { type FileRejection, useDropzone } from "react-dropzone";
import { useTranslations } from "use-intl";
import type { PhotoUploadView } from "@/lib/people/upload-photos";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { cn } from "@/components/ui/cn";
import { Notice } from "@/components/ui/Notice";

/** The endpoint's limits (lib/baseline-photos/schemas.ts, lib/fetch/photo-limits.ts), checked here first to save the trip. */
const maxFiles = 25;
const maxBytes = 15 * 1024 * 1024;
const accept = { "image/jpeg": [".jpg", ".jpeg"], "image/png": [".png"], "image/webp": [".webp"] };

// The server's refusal reasons this page has words for (people.photos.reason); any other reads "Refused.".
const serverReasons = ["too_large", "unsupported_content_type", "content_mismatch", "upload_failed"] as const;
type Reason = (typeof serverReasons)[number] | "too_many" | "other" | "refused";

function serverReason(reason: string): Reason {
  return (serverReasons as readonly string[]).includes(reason) ? (reason as Reason) : "refused";
}

function rejectionReason(rejection: FileRejection): Reason {
  const code = rejection.errors[0]?.code;
  if (code === "file-invalid-type") return "unsupported_content_type";
  if (code === "file-too-large") return "too_large";
  if (code === "too-many-files") return "too_many";
  return "other";
}

interface Chosen {
  key: string;
  name: string;
  /** A local preview, for files that will be sent. */
  preview?: string;
  /** Refused here, before sending. */
  refused?: Reason;
}

type Phase =
  | { name: "idle" }
  | { name: "sending"; percent: number }
  | { name: "checking"; importId: string }
  /** `message`: the server's own words, when it gave some. */
  | { name: "error"; message?: string; unreachable?: boolean };

class UploadError extends Error {
  constructor(
    readonly serverMessage: string | undefined,
    readonly unreachable = false,
  ) {
    super(serverMessage ?? "upload failed");
  }
}

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
      else reject(new UploadError(answer?.error?.message));
    };
    request.onerror = () => reject(new UploadError(undefined, true));
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

/**
 * Drag-and-drop (or choose) baseline photos of one home. Each file shows as a thumbnail with its
 * own outcome: refused here (wrong type, too large) or by the server's check, or accepted.
 */
export function PhotoUpload({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const t = useTranslations("people.photos");
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
      refused: rejectionReason(rejection),
    }));
    setChosen([...sendable, ...refused]);
    if (files.length === 0) return setPhase({ name: "idle" });
    setPhase({ name: "sending", percent: 0 });
    try {
      const upload = await send(propertyId, files, (percent) => setPhase({ name: "sending", percent }));
      setPhase({ name: "checking", importId: upload.importId });
    } catch (error) {
      const failed = error instanceof UploadError ? error : new UploadError(undefined);
      setPhase({ name: "error", message: failed.serverMessage, unreachable: failed.unreachable });
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
    if (file.refused) return { tone: "error", text: t(`reason.${file.refused}`, { max: maxFiles }) };
    if (phase.name === "error") return { tone: "error", text: t("notSent") };
    if (!result) return { tone: "waiting", text: phase.name === "sending" ? t("uploading") : t("checking") };
    const failed = result.failed.find((item) => item.index === sentIndex.get(file.key));
    return failed
      ? { tone: "error", text: t(`reason.${serverReason(failed.reason)}`, { max: maxFiles }) }
      : { tone: "done", text: t("accepted") };
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
        <input {...getInputProps({ "aria-label": t("inputLabel", { home: propertyName }) })} />
        <span className="grid size-11 place-items-center rounded-full bg-surface text-accent shadow-card">
          <ImageUp aria-hidden className="size-5" />
        </span>
        <div>
          <p className="font-medium text-ink">
            {isDragActive ? (
              t("drop")
            ) : (
              <>
                {/* Phones do not drag: there the button is the way in. */}
                <span className="sm:hidden">{t("addFromPhone")}</span>
                <span className="max-sm:hidden">{t("dragOrChoose")}</span>
              </>
            )}
          </p>
          <p className="mt-0.5 text-sm text-muted">{t("limits")}</p>
        </div>
        <Button variant="secondary" onClick={open} disabled={busy}>
          {phase.name === "sending"
            ? t("uploadingPercent", { percent: phase.percent })
            : busy
              ? t("checkingPhotos")
              : t("choose")}
        </Button>
      </div>

      <div role="status" aria-live="polite" className="text-sm text-ink-soft empty:hidden">
        {result &&
          t("added", { stored: result.stored }) +
            (result.duplicates > 0 ? t("duplicates", { count: result.duplicates }) : "") +
            (refusedCount(result) > 0 ? t("refusedCount", { count: refusedCount(result) }) : "") +
            "."}
      </div>
      {phase.name === "error" && (
        <Notice tone="error">{phase.message ?? (phase.unreachable ? t("unreachable") : t("uploadFailed"))}</Notice>
      )}
      {progress.isError && <Notice tone="error">{progress.error.message}</Notice>}

      {chosen.length > 0 && (
        <ul aria-label={t("chosenFiles")} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
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
