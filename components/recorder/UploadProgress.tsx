import type { UploadProgress as Progress } from "@/lib/recorder-app/uploader";
import { Notice } from "@/components/ui/Notice";

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/*
 * Every word this block shows, in one place so the translation catalogues can take them over.
 * The cleaner reads parts and "saved"; megabytes and part counts are for support, behind Details.
 */
const words = {
  allSaved: "All saved",
  nothingYet: "Saved as you film",
  saving: (stored: number, total: number) => `Saving ${stored + 1} of ${total} ${total === 1 ? "part" : "parts"}`,
  offline: "No signal: keep this page open, nothing is lost. It uploads when the signal is back.",
  details: "Details",
  detailsBytes: (stored: number, total: number) => `${megabytes(stored)} of ${megabytes(total)} MB on the server`,
  detailsParts: (stored: number, total: number) => `${stored} of ${total} parts on the server`,
};

function headline({ totalParts, pendingParts }: Progress): string {
  if (totalParts === 0) return words.nothingYet;
  if (pendingParts === 0) return words.allSaved;
  return words.saving(totalParts - pendingParts, totalParts);
}

/** What is safe on the server, of what was recorded, in words; the numbers on a Details toggle. */
export function UploadProgress({ progress, online }: { progress: Progress; online: boolean }) {
  const { storedBytes, totalBytes, totalParts, pendingParts } = progress;
  return (
    <div className="flex w-full flex-col gap-1.5 text-left lg:flex-1">
      <p id="upload-progress-label" className="font-medium text-ink" aria-live="polite">
        {headline(progress)}
      </p>
      <progress
        className="h-2 w-full appearance-none overflow-hidden rounded-full bg-subtle [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-subtle [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
        aria-labelledby="upload-progress-label"
        max={Math.max(totalBytes, 1)}
        value={storedBytes}
      />
      <details className="text-sm text-muted">
        <summary className="inline-flex min-h-12 min-w-12 cursor-pointer items-center rounded-md focus-visible:outline-2 focus-visible:outline-focus">
          {words.details}
        </summary>
        <p className="tabular-nums">{words.detailsBytes(storedBytes, totalBytes)}</p>
        <p className="tabular-nums">{words.detailsParts(totalParts - pendingParts, totalParts)}</p>
      </details>
      {!online && (
        <Notice tone="warning" live className="mt-1">
          {words.offline}
        </Notice>
      )}
    </div>
  );
}
