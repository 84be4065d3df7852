import type { Session } from "@/lib/recorder-app/recorder-client";
import styles from "./recorder.module.css";

const sectionTitle = {
  housekeeping: "Cleaning checklist",
  inspection: "Inspection checklist",
  maintenance: "Maintenance checklist",
} as const;

interface Props {
  checklist: Session["checklist"];
  /** With toggles: the items are buttons the cleaner taps when the camera shows them done. */
  checked?: ReadonlySet<string>;
  onToggle?: (itemId: string) => void;
  /** Checked items the camera did not show clearly (judged while walking), with the two ways on. */
  flagged?: ReadonlySet<string>;
  onRefilm?: (itemId: string) => void;
  onFinishAnyway?: (itemId: string) => void;
}

/** The lists the home resolves to, each its own section; toggles while recording, a preview before. */
export function ChecklistSections({ checklist, checked, onToggle, flagged, onRefilm, onFinishAnyway }: Props) {
  if (checklist.length === 0) return <p className={styles.muted}>This home has no checklist: film every room.</p>;
  return (
    <>
      {checklist.map((section) => (
        <section key={section.type} className={styles.section} aria-labelledby={`section-${section.type}`}>
          <h3 id={`section-${section.type}`} className={styles.sectionTitle}>
            {sectionTitle[section.type]}
          </h3>
          <ul className={styles.list}>
            {section.items.map((item) => (
              <li key={item.id}>
                {onToggle ? (
                  <>
                    <button
                      type="button"
                      className={styles.toggle}
                      aria-pressed={checked?.has(item.id) ?? false}
                      onClick={() => onToggle(item.id)}
                    >
                      <span className={styles.box} aria-hidden="true">
                        {checked?.has(item.id) ? "✓" : ""}
                      </span>
                      <span className={styles.itemText}>
                        {item.name}
                        {item.notes && <span className={styles.notes}>{item.notes}</span>}
                      </span>
                    </button>
                    {flagged?.has(item.id) && (
                      <div className={styles.flag} role="alert" aria-label={`${item.name}: not clear on camera`}>
                        <p>
                          The camera did not show this clearly. Film it again, or finish anyway (it is then reported as missed).
                        </p>
                        <div className={styles.flagActions}>
                          <button type="button" className={styles.button} onClick={() => onRefilm?.(item.id)}>
                            Re-film
                          </button>
                          <button type="button" className={styles.secondary} onClick={() => onFinishAnyway?.(item.id)}>
                            Finish anyway
                          </button>
                        </div>
                      </div>
                    )}
                  </>
                ) : (
                  <div className={styles.previewItem}>
                    {checked?.has(item.id) && (
                      <span className={styles.doneMark}>
                        <span aria-hidden="true">✓ </span>
                        <span className={styles.visuallyHidden}>Checked off: </span>
                      </span>
                    )}
                    {item.name}
                    {item.notes && <span className={styles.notes}>{item.notes}</span>}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
