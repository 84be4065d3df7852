import styles from "./shell.module.css";

/** A failed call's message where the person is looking, announced; nothing without an error. */
export function ErrorAlert({ error }: { error: Error | null | undefined }) {
  if (!error) return null;
  return (
    <p className={styles.error} role="alert">
      {error.message}
    </p>
  );
}
