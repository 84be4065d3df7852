"use client";

import { Upload } from "lucide-react";
import { useTranslations } from "use-intl";
import { buttonVariants } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { primaryAction, secondaryAction } from "./Layout";

/**
 * "Upload a video instead": a file input that opens the phone's camera app or gallery. The chosen
 * video becomes the walkthrough through the same resumable upload and seal. The input covers the
 * button-looking label, so a tap anywhere on it opens the chooser.
 */
export function UploadFileButton({
  onFile,
  label,
  primary = false,
}: {
  /** Absent until the app can take a file (the server-rendered first screen). */
  onFile: ((file: File) => void) | undefined;
  label?: string;
  /** When choosing a file is the screen's one next step. */
  primary?: boolean;
}) {
  const t = useTranslations("recorder.file");
  const name = label ?? t("upload");
  return (
    <label
      className={cn(
        buttonVariants({ variant: primary ? "primary" : "secondary" }),
        primary ? primaryAction : secondaryAction,
        "relative cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-focus",
        !onFile && "cursor-not-allowed opacity-55",
      )}
    >
      <Upload aria-hidden />
      {name}
      <input
        className="absolute inset-0 size-full cursor-pointer opacity-0"
        type="file"
        accept="video/*"
        aria-label={name}
        disabled={!onFile}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile?.(file);
        }}
      />
    </label>
  );
}
