import styles from "./recorder.module.css";

/** What a cleaner sees for a link no recording link was issued with: on the 404 page, and when the API says so later. */
export function LinkDoesNotWork() {
  return (
    <section className={`${styles.card} ${styles.center}`} aria-labelledby="gone-title">
      <h2 id="gone-title" className={styles.big}>
        This link does not work
      </h2>
      <p>Check that you opened the whole link you were sent, or ask for a new one.</p>
    </section>
  );
}
