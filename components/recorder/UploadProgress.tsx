import type { UploadProgress as Progress } from "@/lib/recorder-app/uploader";
import styles from "./recorder.module.css";

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/** What is safe on the server, of what was recorded. */
export function UploadProgress({ progress, online }: { progress: Progress; online: boolean }) {
  const { storedBytes, totalBytes } = progress;
  return (
    <div>
      <div className={styles.progressLabel}>
        <span id="upload-progress-label">Saved to server</span>
        <span>
          {megabytes(storedBytes)} of {megabytes(totalBytes)} MB
        </span>
      </div>
      <progress
        className={styles.progress}
        aria-labelledby="upload-progress-label"
        max={Math.max(totalBytes, 1)}
        value={storedBytes}
      />
      {!online && (
        <p className={styles.banner} role="status">
          No connection. Everything you record is kept on this phone and uploads when the connection is back.
        </p>
      )}
    </div>
  );
}
