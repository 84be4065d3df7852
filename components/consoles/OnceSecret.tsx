"use client";

import { useState } from "react";
import styles from "@/components/shell/shell.module.css";

/** A secret shown this one time: it is never stored readable, so it cannot be shown again. */
export function OnceSecret({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.notice} role="status">
      <p>
        <strong>{label}</strong>, shown only this once. Store it now:
      </p>
      <p>
        <code style={{ wordBreak: "break-all" }}>{value}</code>
      </p>
      <button
        type="button"
        className={styles.secondary}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}
