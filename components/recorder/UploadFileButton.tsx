"use client";

import styles from "./recorder.module.css";

/**
 * "Upload a video instead": a file input that opens the phone's camera app or gallery. The chosen
 * video becomes the walkthrough through the same resumable upload and seal.
 */
export function UploadFileButton({ onFile, label = "Upload a video instead" }: { onFile: (file: File) => void; label?: string }) {
  return (
    <label className={`${styles.secondary} ${styles.fileLabel}`}>
      {label}
      <input
        className={styles.fileInput}
        type="file"
        accept="video/*"
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
