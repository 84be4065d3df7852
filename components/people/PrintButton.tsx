"use client";

import styles from "./people.module.css";

export function PrintButton() {
  return (
    <button type="button" className={styles.secondary} onClick={() => window.print()}>
      Print or save as PDF
    </button>
  );
}
