import type { LocalStore, TapRecord } from "./local-store";
import { type RecorderClient, Refused, Retryable } from "./recorder-client";

/*
 * Sends checklist taps the phone holds (in IndexedDB) in order, in batches; `seq` makes a resend
 * harmless on the server. Network trouble waits and retries (browser only).
 */

const retryMs = [1000, 3000, 10_000, 30_000];
const batchMax = 500;

export class TapSender {
  private taps: TapRecord[] = [];
  private running?: Promise<void>;
  private failures = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private refused = false;

  constructor(
    private readonly store: LocalStore,
    private readonly client: RecorderClient,
    private readonly onRefused: (error: Refused) => void,
    /** Taps up to this seq are on the server now. */
    private readonly onSent: (upTo: number) => void = () => undefined,
  ) {}

  async load(): Promise<TapRecord[]> {
    this.taps = (await this.store.taps()).sort((a, b) => a.seq - b.seq);
    return this.taps;
  }

  get all(): readonly TapRecord[] {
    return this.taps;
  }

  get lastSeq(): number {
    return this.taps.at(-1)?.seq ?? 0;
  }

  get unsent(): number {
    return this.taps.filter((tap) => !tap.sent).length;
  }

  /** Stores the tap (durable before this resolves), then sends. */
  async add(tap: Omit<TapRecord, "walk" | "sent">): Promise<void> {
    const record = { ...tap, sent: false };
    await this.store.putTap(record);
    this.taps.push({ ...record, walk: this.store.walk });
    this.kick();
  }

  kick(): void {
    this.failures = 0;
    if (this.timer) clearTimeout(this.timer);
    this.running ??= this.send().finally(() => (this.running = undefined));
  }

  async drained(): Promise<void> {
    this.kick();
    while (!this.refused && (this.running || this.unsent > 0)) {
      if (this.running) await this.running;
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private async send(): Promise<void> {
    for (;;) {
      const batch = this.taps.filter((tap) => !tap.sent).slice(0, batchMax);
      if (batch.length === 0) return;
      try {
        await this.client.taps(
          batch.map((tap) => ({
            seq: tap.seq,
            item_id: tap.itemId,
            action: tap.action,
            run: tap.run,
            run_seconds: tap.runSeconds,
          })),
        );
        const upTo = batch.at(-1)!.seq;
        await this.store.markTapsSent(upTo);
        for (const tap of this.taps) if (tap.seq <= upTo) tap.sent = true;
        this.failures = 0;
        this.onSent(upTo);
      } catch (error) {
        if (error instanceof Retryable) {
          const delay = retryMs[Math.min(this.failures++, retryMs.length - 1)]!;
          this.timer = setTimeout(() => this.kick(), delay);
          return;
        }
        this.refused = true;
        this.onRefused(error instanceof Refused ? error : new Refused(0, "client_error", String(error)));
        return;
      }
    }
  }
}
