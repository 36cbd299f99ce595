import { DerivedState, splitDerived, type DeviceDerived } from './derived-state';
import type { Reading } from './telemetry-writer';

/** Latest values per derived-data statement (≈ 20–40 ms of PGlite each). */
const DERIVED_VALUES_PER_STATEMENT = 2000;
/** The share of the time derived writes may take, at most (see `busyShare`). */
const DERIVED_BUSY_SHARE = 0.05;
/** However long the writes take, the derived data is this old at most (plus its write). */
const DERIVED_MAX_EVERY_MS = 10_000;

export interface DerivedWriterOptions {
  /** Writes one part (see writeDerived); answers the devices that came back online. */
  write: (part: Map<string, DeviceDerived>) => Promise<string[]>;
  /** Written at most this often, unless asked to write soon. */
  everyMs: number;
  /**
   * And no more often than keeps the writes to this share of the time (default a twentieth): after
   * a write of d ms the next waits at least d × (1 / share − 1). A write costs about the same
   * whatever the rate (a row per series and device that reported), so at a few hundred points/s
   * it takes milliseconds and `everyMs` rules; under a flood (1,000 devices × 8 metrics: ≈ 160 ms
   * on PGlite) it stretches to ≈ 3 s, and the database's time goes to the raw batches instead
   * (ADR 008, "Derived data by duty cycle"). Never beyond `maxEveryMs` (10 s).
   */
  busyShare?: number;
  /** The longest wait between two coalesced writes, however long they take (default 10 s). */
  maxEveryMs?: number;
  onBackOnline: (equipmentId: string) => void;
  onWritten: () => void;
  onError: (error: unknown) => void;
  valuesPerStatement?: number;
}

/**
 * The derived data of committed batches (latest values, last contact, offline → online),
 * coalesced in memory and written off the batches' path: at most every `everyMs` (longer while
 * writes are long: `busyShare`), sooner on request (a device that may be offline sent data). One
 * write at a time; a failed write keeps its values (under anything newer) for the next one.
 */
export class DerivedWriter {
  private readonly state = new DerivedState();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | null = null;
  /** How long the last whole write took (ms; its parts and the turns between them). */
  private lastWriteMs = 0;

  constructor(private readonly options: DerivedWriterOptions) {}

  get pending(): number {
    return this.state.size;
  }

  /** Readings of a committed batch; `soon` writes them at once rather than at the next coalesced write. */
  add(readings: Iterable<Reading>, soon: boolean): void {
    this.state.add(readings);
    this.schedule(soon);
  }

  /** Writes what is pending now (after a write under way). */
  async writeNow(): Promise<void> {
    while (this.writing) await this.writing;
    this.cancel();
    if (this.state.size === 0) return;
    // In parts of a few thousand values, with the event loop free in between: PGlite runs a
    // statement on this thread, and a request should not wait for all of it.
    const parts = splitDerived(this.state.take(), this.options.valuesPerStatement ?? DERIVED_VALUES_PER_STATEMENT);
    const started = performance.now();
    const run = this.writeParts(parts);
    this.writing = run;
    await run;
    this.lastWriteMs = performance.now() - started;
    if (this.writing === run) this.writing = null;
  }

  /** How long the next coalesced write waits: everyMs, or longer after a long write (busyShare). */
  get intervalMs(): number {
    const share = this.options.busyShare ?? DERIVED_BUSY_SHARE;
    const stretched = this.lastWriteMs * (1 / share - 1);
    return Math.max(this.options.everyMs, Math.min(stretched, this.options.maxEveryMs ?? DERIVED_MAX_EVERY_MS));
  }

  /** The pending coalesced write cancelled (shutdown). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async writeParts(parts: Map<string, DeviceDerived>[]): Promise<void> {
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      let back: string[];
      try {
        back = await this.options.write(parts[i]!);
      } catch (error) {
        // Derived data only: kept (under anything newer) for the next write.
        for (const part of parts.slice(i)) this.state.restore(part);
        this.options.onError(error);
        this.schedule(false);
        return;
      }
      for (const id of back) this.options.onBackOnline(id);
    }
    this.options.onWritten();
  }

  private schedule(soon: boolean): void {
    if (this.state.size === 0) return;
    if (soon && this.timer) clearTimeout(this.timer);
    else if (this.timer) return;
    this.timer = setTimeout(() => void this.writeNow(), soon ? 0 : this.intervalMs);
  }
}
