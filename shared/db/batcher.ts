// Group commit: concurrent calls coalesced into one database call (issue 16). Items queue while a flush is
// under way; the next flush takes everything queued (up to `maxBatch`) as soon as the previous one returned,
// so nothing ever waits on a timer: a lone call is flushed in the same event-loop iteration (a batch of
// one), and under load each round trip carries every call that arrived during the previous one. A flush
// starts once the current turn of the event loop is over (setImmediate, microseconds; not setTimeout(0),
// which in Deno is a timer of about a millisecond or more), so the calls that one database answer released
// together (e.g. the pushes of one read batch, each rendering its email then queueing its write) join
// the same flush instead of the first of them going alone. Each call settles with its own item's outcome
// (the flush reports one per item); a flush that throws rejects exactly the calls of its batch.
import { setImmediate } from "node:timers";

export type ItemOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatcherOptions<I, O> {
  /** Most items in one flush (read at every flush). */
  maxBatch: number | (() => number);
  /** One database call for `items`; resolves with one outcome per item, in order. */
  flush(items: I[]): Promise<ItemOutcome<O>[]>;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export class Batcher<I, O> {
  #queue: Waiting<I, O>[] = [];
  #flushing = false;

  constructor(private readonly options: BatcherOptions<I, O>) {}

  /** Queues `item`; settles once the batch it joined has been flushed. */
  run(item: I): Promise<O> {
    // A bound of one: no batching at all, every call its own flush at once, concurrently with the others.
    if (this.#max() <= 1) {
      return this.options.flush([item]).then(([o]) => o.ok ? o.value : Promise.reject(o.error));
    }
    return new Promise<O>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      if (!this.#flushing) {
        this.#flushing = true;
        this.#drain();
      }
    });
  }

  #max(): number {
    const max = this.options.maxBatch;
    return typeof max === "number" ? max : max();
  }

  async #drain(): Promise<void> {
    // The end of the current event-loop turn: every call queued by the microtasks of this turn joins.
    await turnEnd();
    while (this.#queue.length) {
      const batch = this.#queue.splice(0, Math.max(1, this.#max()));
      try {
        const outcomes = await this.options.flush(batch.map((w) => w.item));
        if (outcomes.length !== batch.length) {
          throw new Error(`batch flush answered ${outcomes.length} outcomes for ${batch.length} items`);
        }
        batch.forEach((w, i) => {
          const o = outcomes[i];
          if (o.ok) w.resolve(o.value);
          else w.reject(o.error);
        });
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
      await turnEnd();
    }
    this.#flushing = false;
  }
}

const turnEnd = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One batcher per key (e.g. per connection pool), made on first use. */
export function batcherFor<K extends object, I, O>(
  cache: WeakMap<K, Batcher<I, O>>,
  key: K,
  make: () => BatcherOptions<I, O>,
): Batcher<I, O> {
  let b = cache.get(key);
  if (!b) cache.set(key, b = new Batcher(make()));
  return b;
}
