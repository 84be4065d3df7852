import { Header } from "@/components/recorder/Header";
import { LinkDoesNotWork } from "@/components/recorder/LinkDoesNotWork";
import styles from "@/components/recorder/recorder.module.css";

/** `/r/<token>` for a token no link was issued with: the recorder's own screen, answered with 404. */
export default function RecordingLinkNotFound() {
  return (
    <div className={styles.app}>
      <Header />
      <main className={styles.main}>
        <LinkDoesNotWork />
      </main>
    </div>
  );
}
