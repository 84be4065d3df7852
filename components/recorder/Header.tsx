import type { Session } from "@/lib/recorder-app/recorder-client";
import styles from "./recorder.module.css";

function formatDate(date: string): string {
  // A calendar day, shown as written for that day wherever the phone is.
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The property, the task and its date, and whose task it is. */
export function Header({ session }: { session?: Session }) {
  if (!session) {
    return (
      <header className={styles.header}>
        <h1>Walkthrough</h1>
      </header>
    );
  }
  const task = [session.task?.name, session.task?.scheduled_date && formatDate(session.task.scheduled_date)]
    .filter(Boolean)
    .join(" · ");
  return (
    <header className={styles.header}>
      <h1>{session.property.name}</h1>
      {task && <p className={`${styles.meta} ${styles.task}`}>{task}</p>}
      <p className={styles.meta}>For {session.partner.name}</p>
    </header>
  );
}
