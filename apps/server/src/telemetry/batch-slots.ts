/**
 * Raw batches written at once (`concurrent`), and back-pressure for the embedded broker: while
 * more than `maxWaiting` batches wait for a slot, a delivery's callback is parked (the publishing
 * devices' connections stop being read) rather than the batches piling up in memory.
 *
 * One parked callback per connection is enough: aedes reads a connection's next chunk only once
 * every packet of the chunk it parsed has called back, and each parked callback keeps its packet
 * (payload, topic, aedes's closures) alive. A device that publishes fast hands over a whole chunk
 * of packets at once (measured: ≈ 55,000 parked at 50,000 points/s, most of the main heap), so a
 * connection's earlier parked callback is let go when the next one parks: its data is already in
 * the batch, and the connection stays unread while its last one is parked.
 */
export class BatchSlots {
  private taken = 0;
  private readonly waiting: (() => void)[] = [];
  /** By connection (or a key of their own), in the order they first parked. */
  private readonly parked = new Map<object, () => void>();

  constructor(
    private readonly concurrent: number,
    private readonly maxWaiting: number,
  ) {}

  /** Batches being written now. */
  get inFlight(): number {
    return this.taken;
  }

  /** Whether a batch would get a slot at once. */
  get free(): boolean {
    return this.taken < this.concurrent;
  }

  /** Answers undefined when a slot is free at once (no promise on the usual path). */
  acquire(): Promise<void> | undefined {
    if (this.taken < this.concurrent) {
      this.taken++;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve)); // handed over by release()
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.taken--;
    for (const [connection, resume] of this.parked) {
      if (this.waiting.length >= this.maxWaiting) break;
      this.parked.delete(connection);
      queueMicrotask(resume);
    }
  }

  /** Callbacks parked now (at most one per connection). */
  get parkedCount(): number {
    return this.parked.size;
  }

  /**
   * Calls `resume` in a microtask, or parks it until fewer batches wait; a callback this
   * `connection` had parked before is called now, in a microtask, in its place.
   */
  resumeWhenFree(resume: () => void, connection: object = {}): void {
    if (this.waiting.length < this.maxWaiting) return queueMicrotask(resume);
    const earlier = this.parked.get(connection);
    if (earlier) queueMicrotask(earlier);
    this.parked.set(connection, resume); // keeps the connection's place in line
  }
}
