/*
 * The phone's copy of a walkthrough, in IndexedDB (browser only). A segment is written here the
 * moment MediaRecorder hands it over, before anything else happens to it, and uploaded from
 * here; its bytes are dropped only once the server holds them. Taps are kept the same way. So a
 * reload, a crash, a lock screen or a dead network loses nothing that was recorded.
 *
 * One database per origin; every record is keyed by the walkthrough's `walk` id (a digest of the
 * link's token, so the token itself is not copied into another store).
 */

import type { DarkSpan } from "./too-dark";

export interface SegmentRecord {
  walk: string;
  partNumber: number;
  run: number;
  size: number;
  mimeType: string;
  source: "camera" | "file";
  /** Present until the server holds the part. */
  blob?: Blob;
  /** Hex SHA-256, computed once. */
  sha256?: string;
  uploaded: boolean;
  /** When its run started by this phone's clock (ISO), sent for the recording record as a claim. */
  deviceStartedAt?: string;
  /** A chosen file's own last-modified time (ISO), as the browser gives it. */
  fileLastModified?: string;
}

export interface TapRecord {
  walk: string;
  seq: number;
  itemId: string;
  action: "check" | "uncheck";
  run: number;
  runSeconds: number;
  sent: boolean;
}

export interface WalkRecord {
  walk: string;
  /** The last session the server answered, so a reload without network still shows the walkthrough. */
  session?: unknown;
  /** Runs started on this phone (the next run is this number). */
  runsStarted: number;
  /** Items the cleaner finished without filming. */
  finishAnyway: string[];
  /** Done was tapped on this phone: recording is over, what remains is to upload and finish. */
  done: boolean;
  /** Stretches the preview measured too dark (too-dark.ts), in the order they were kept. */
  darkSpans?: DarkSpan[];
  /** How many of `darkSpans`, from the first, the server has (POST /dark-spans). */
  darkSpansSent?: number;
}

const dbName = "walkthrough-recorder";
const version = 1;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(dbName, version);
  open.onupgradeneeded = () => {
    const db = open.result;
    db.createObjectStore("segments", { keyPath: ["walk", "partNumber"] });
    db.createObjectStore("taps", { keyPath: ["walk", "seq"] });
    db.createObjectStore("walks", { keyPath: "walk" });
  };
  return request(open);
}

const walkRange = (walk: string) => IDBKeyRange.bound([walk, 0], [walk, Number.MAX_SAFE_INTEGER]);

/** The walkthrough id of a link: hex SHA-256 of its token. */
export async function walkIdOf(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export class LocalStore {
  private constructor(
    private readonly db: IDBDatabase,
    readonly walk: string,
  ) {}

  static async open(walk: string): Promise<LocalStore> {
    return new LocalStore(await openDatabase(), walk);
  }

  private async write(store: string, value: unknown): Promise<void> {
    const tx = this.db.transaction(store, "readwrite");
    tx.objectStore(store).put(value);
    await done(tx);
  }

  async readWalk(): Promise<WalkRecord> {
    const tx = this.db.transaction("walks", "readonly");
    const found = (await request(tx.objectStore("walks").get(this.walk))) as WalkRecord | undefined;
    return found ?? { walk: this.walk, runsStarted: 0, finishAnyway: [], done: false };
  }

  async updateWalk(change: Partial<Omit<WalkRecord, "walk">>): Promise<WalkRecord> {
    const next = { ...(await this.readWalk()), ...change };
    await this.write("walks", next);
    return next;
  }

  /** Durable once this resolves: the transaction has committed. */
  putSegment(segment: Omit<SegmentRecord, "walk">): Promise<void> {
    return this.write("segments", { ...segment, walk: this.walk });
  }

  async segments(): Promise<SegmentRecord[]> {
    const tx = this.db.transaction("segments", "readonly");
    return (await request(tx.objectStore("segments").getAll(walkRange(this.walk)))) as SegmentRecord[];
  }

  async segment(partNumber: number): Promise<SegmentRecord | undefined> {
    const tx = this.db.transaction("segments", "readonly");
    return (await request(tx.objectStore("segments").get([this.walk, partNumber]))) as SegmentRecord | undefined;
  }

  /** The server holds this part: its bytes can go; its number, size and digest stay for Done. */
  async markUploaded(partNumber: number, sha256: string): Promise<void> {
    const tx = this.db.transaction("segments", "readwrite");
    const store = tx.objectStore("segments");
    const record = (await request(store.get([this.walk, partNumber]))) as SegmentRecord | undefined;
    if (record) store.put({ ...record, blob: undefined, sha256, uploaded: true });
    await done(tx);
  }

  putTap(tap: Omit<TapRecord, "walk">): Promise<void> {
    return this.write("taps", { ...tap, walk: this.walk });
  }

  async taps(): Promise<TapRecord[]> {
    const tx = this.db.transaction("taps", "readonly");
    return (await request(tx.objectStore("taps").getAll(walkRange(this.walk)))) as TapRecord[];
  }

  async markTapsSent(upTo: number): Promise<void> {
    const tx = this.db.transaction("taps", "readwrite");
    const store = tx.objectStore("taps");
    for (const tap of (await request(store.getAll(walkRange(this.walk)))) as TapRecord[]) {
      if (tap.seq <= upTo && !tap.sent) store.put({ ...tap, sent: true });
    }
    await done(tx);
  }

  /** After the seal nothing here is needed again. */
  async forget(): Promise<void> {
    const tx = this.db.transaction(["segments", "taps", "walks"], "readwrite");
    tx.objectStore("segments").delete(walkRange(this.walk));
    tx.objectStore("taps").delete(walkRange(this.walk));
    tx.objectStore("walks").delete(this.walk);
    await done(tx);
  }
}
