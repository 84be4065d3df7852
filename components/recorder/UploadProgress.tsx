import type { UploadProgress as Progress } from "@/lib/recorder-app/uploader";
import { Notice } from "@/components/ui/Notice";

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/** What is safe on the server, of what was recorded. */
export function UploadProgress({ progress, online }: { progress: Progress; online: boolean }) {
  const { storedBytes, totalBytes } = progress;
  return (
    <div className="flex w-full flex-col gap-1.5 text-left lg:flex-1">
      <div className="flex justify-between gap-3 text-sm text-muted tabular-nums">
        <span id="upload-progress-label">Saved to server</span>
        <span>
          {megabytes(storedBytes)} of {megabytes(totalBytes)} MB
        </span>
      </div>
      <progress
        className="h-2 w-full appearance-none overflow-hidden rounded-full bg-subtle [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-subtle [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
        aria-labelledby="upload-progress-label"
        max={Math.max(totalBytes, 1)}
        value={storedBytes}
      />
      {!online && (
        <Notice tone="warning" live className="mt-1">
          No connection. Everything you record is kept on this phone and uploads when the connection is back.
        </Notice>
      )}
    </div>
  );
}
