import type { Reading } from './telemetry-writer';

/**
 * An acknowledgement waiting for a commit: called without an error once the batch is committed,
 * with one when it failed (the message must then not be acknowledged).
 */
export type HeldAck = (error?: Error) => void;

/** What a batch holds: readings, their number of points and the acknowledgements waiting for its commit. */
export interface Batch {
  readings: Reading[];
  points: number;
  acks: HeldAck[];
}

/**
 * The readings received since the last batch, flushed by size (`maxPoints`) or time: after
 * `maxDelayMs`, or in the next turn of the event loop when `soon` (what arrived in this turn goes
 * together).
 */
export class BatchBuffer {
  private batch: Batch = { readings: [], points: 0, acks: [] };
  private timer: NodeJS.Timeout | undefined;
  private gather: NodeJS.Immediate | undefined;

  constructor(
    private readonly flush: () => void,
    private readonly maxPoints: number,
    private readonly maxDelayMs: number,
  ) {}

  get points(): number {
    return this.batch.points;
  }

  get heldAcks(): number {
    return this.batch.acks.length;
  }

  add(reading: Reading, points: number): void {
    this.batch.readings.push(reading);
    this.batch.points += points;
  }

  /** An acknowledgement sent once the batch holding what came before it is committed. */
  holdAck(ack: HeldAck): void {
    this.batch.acks.push(ack);
  }

  schedule(soon: boolean): void {
    if (this.batch.points >= this.maxPoints) return this.flush();
    if (soon) this.gather ??= setImmediate(this.flush);
    else this.timer ??= setTimeout(this.flush, this.maxDelayMs);
  }

  /** Everything buffered, taken out; the pending flush cancelled. */
  take(): Batch {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.gather) clearImmediate(this.gather);
    this.gather = undefined;
    const batch = this.batch;
    this.batch = { readings: [], points: 0, acks: [] };
    return batch;
  }
}
