import "server-only";
/* What a demo submission keeps as JSON; apart from the analysis, so the web side reads them without loading it. */

/** A photo as sent, with where its JPEG copy is kept once fetched, or why it could not be used. */
export interface DemoPhoto {
  url: string;
  key?: string;
  reason?: string;
}

export interface DemoFinding {
  id: string;
  /** Index into the submission's photos. */
  photo: number;
  room: string;
  description: string;
  severity: "MINOR" | "MODERATE" | "MAJOR";
  category: "damage" | "cleaning" | "lost_item";
}
