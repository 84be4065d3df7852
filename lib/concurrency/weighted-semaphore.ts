/**
 * A weighted semaphore: work of weight `w` runs once `w` fits in what is left of `capacity`.
 * First come, first served: a large decode waiting at the head is not overtaken by small ones
 * arriving after it, so it cannot starve.
 */
export class WeightedSemaphore {
  private inUse = 0;
  private peak = 0;
  private readonly queue: { weight: number; start: () => void }[] = [];

  constructor(readonly capacity: number) {}

  /** The most ever held at once: what tests read to prove two large decodes never overlapped. */
  get highWater(): number {
    return this.peak;
  }

  async run<T>(weight: number, work: () => Promise<T>): Promise<T> {
    // Weights above capacity (never for a checked image) still run, alone.
    const held = Math.min(Math.max(1, Math.ceil(weight)), this.capacity);
    await this.acquire(held);
    try {
      return await work();
    } finally {
      this.release(held);
    }
  }

  private acquire(weight: number): Promise<void> {
    if (this.queue.length === 0 && this.inUse + weight <= this.capacity) {
      this.take(weight);
      return Promise.resolve();
    }
    return new Promise((start) => this.queue.push({ weight, start }));
  }

  private take(weight: number): void {
    this.inUse += weight;
    this.peak = Math.max(this.peak, this.inUse);
  }

  private release(weight: number): void {
    this.inUse -= weight;
    for (let next = this.queue[0]; next && this.inUse + next.weight <= this.capacity; next = this.queue[0]) {
      this.queue.shift();
      this.take(next.weight);
      next.start();
    }
  }
}
