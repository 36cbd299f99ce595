/**
 * Runs tasks one after another per key, keys in parallel: two transitions of the same alarm
 * (raise, then clear) never race, while different alarms do not wait for each other.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /** `task` should handle its own errors; one that rejects is reported to `onError` and the queue goes on. */
  run(key: string, task: () => Promise<void>, onError: (error: unknown) => void): Promise<void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task).catch(onError);
    this.tails.set(key, next);
    void next.then(() => {
      if (this.tails.get(key) === next) this.tails.delete(key);
    });
    return next;
  }

  /** Resolves when every queued task (including ones queued meanwhile) has run. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all(this.tails.values());
  }

  get size(): number {
    return this.tails.size;
  }
}
