"use client";

import styles from "@/components/shell/shell.module.css";

export function PrintButton() {
  return (
    <button type="button" className={styles.secondary} onClick={() => window.print()}>
      Print or save as PDF
    </button>
  );
}
