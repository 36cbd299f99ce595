/**
 * Raw batches written at once (`concurrent`), and back-pressure for the embedded broker: while
 * more than `maxWaiting` batches wait for a slot, a delivery's callback is parked (the publishing
 * devices' connections stop being read) rather than the batches piling up in memory.
 */
export class BatchSlots {
  private taken = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly parked: (() => void)[] = [];

  constructor(
    private readonly concurrent: number,
    private readonly maxWaiting: number,
  ) {}

  /** Batches being written now. */
  get inFlight(): number {
    return this.taken;
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
    while (this.parked.length > 0 && this.waiting.length < this.maxWaiting) queueMicrotask(this.parked.shift()!);
  }

  /** Calls `resume` in a microtask, or parks it until fewer batches wait. */
  resumeWhenFree(resume: () => void): void {
    if (this.waiting.length >= this.maxWaiting) this.parked.push(resume);
    else queueMicrotask(resume);
  }
}
