// Group commit: concurrent calls coalesced into one database call (issue 16). Items queue while a flush is
// under way; the next flush takes everything queued (up to `maxBatch`) as soon as the previous one returned,
// so nothing ever waits on a timer: a lone call is flushed in the same event-loop iteration (a batch of
// one), and under load each round trip carries every call that arrived during the previous one. A flush
// starts once the current turn of the event loop is over (setImmediate, microseconds; not setTimeout(0),
// which in Deno is a timer of about a millisecond or more), so the calls that one database answer released
// together (e.g. the pushes of one read batch, each rendering its email then queueing its write) join
// the same flush instead of the first of them going alone. Each call settles with its own item's outcome
// (the flush reports one per item); a flush that throws rejects exactly the calls of its batch.
//
// A stalled flush (issue 16, push19): with one flush at a time, every call queued behind a flush waits for all
// of it, so one slow database call (its backend descheduled on a busy machine, a relation extension, a
// checkpoint's I/O) delays every call in flight, not just its own batch; that is most of the push path's p99.
// With `hedgeAfterMs`, once every flush under way has taken that long and calls are waiting, the waiting calls
// go in a flush of their own at once (on another connection of the pool), at most `maxFlushes` at a time.
// A flush that ends while another one is under way and younger than `hedgeAfterMs` leaves what is queued to
// that one, so the batcher goes back to one flush at a time (full batches) once the stall is over.
import { setImmediate } from "node:timers";

export type ItemOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatcherOptions<I, O> {
  /** Most items in one flush (read at every flush). */
  maxBatch: number | (() => number);
  /** One database call for `items`; resolves with one outcome per item, in order. */
  flush(items: I[]): Promise<ItemOutcome<O>[]>;
  /** A flush under way for this long (ms) while calls wait lets them go in another flush (0 or absent: never). */
  hedgeAfterMs?: number | (() => number);
  /** Most flushes under way at once when hedging (default 2). */
  maxFlushes?: number;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export class Batcher<I, O> {
  #queue: Waiting<I, O>[] = [];
  /** The start (performance.now()) of each flush under way, or of a lane about to flush. */
  #lanes = new Set<{ since: number }>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: BatcherOptions<I, O>) {}

  /** Queues `item`; settles once the batch it joined has been flushed. */
  run(item: I): Promise<O> {
    // A bound of one: no batching at all, every call its own flush at once, concurrently with the others.
    if (this.#max() <= 1) {
      return this.options.flush([item]).then(([o]) => o.ok ? o.value : Promise.reject(o.error));
    }
    return new Promise<O>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      if (this.#lanes.size === 0) this.#lane();
      else this.#watch();
    });
  }

  /** How many flushes are under way (or about to start): 1 but while a stalled flush is hedged. */
  get flushing(): number {
    return this.#lanes.size;
  }

  #max(): number {
    const max = this.options.maxBatch;
    return typeof max === "number" ? max : max();
  }

  #hedgeAfter(): number {
    const h = this.options.hedgeAfterMs;
    return (typeof h === "function" ? h() : h) ?? 0;
  }

  /** Whether every flush under way, other than `except`'s, has been under way for `hedgeAfterMs`. */
  #allStalled(except?: { since: number }): boolean {
    const after = this.#hedgeAfter();
    if (after <= 0) return this.#lanes.size === (except ? 1 : 0);
    const now = performance.now();
    for (const l of this.#lanes) if (l !== except && now - l.since < after) return false;
    return true;
  }

  /** Calls are waiting behind a flush: arms the timer that hedges it once it has stalled. */
  #watch(): void {
    const after = this.#hedgeAfter();
    if (this.#timer !== undefined || after <= 0 || !this.#queue.length) return;
    if (this.#lanes.size >= (this.options.maxFlushes ?? 2)) return;
    let youngest = 0;
    for (const l of this.#lanes) youngest = Math.max(youngest, l.since);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.#queue.length || this.#lanes.size >= (this.options.maxFlushes ?? 2)) return;
      if (this.#allStalled()) this.#lane();
      else this.#watch();
    }, Math.max(0, youngest + after - performance.now()));
  }

  async #lane(): Promise<void> {
    const lane = { since: performance.now() };
    this.#lanes.add(lane);
    try {
      // The end of the current event-loop turn: every call queued by the microtasks of this turn joins.
      await turnEnd();
      while (this.#queue.length) {
        const batch = this.#queue.splice(0, Math.max(1, this.#max()));
        if (!this.#queue.length && this.#timer !== undefined) {
          clearTimeout(this.#timer);
          this.#timer = undefined;
        }
        lane.since = performance.now();
        if (this.#queue.length) this.#watch();
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
        // Another flush under way that has not stalled takes what is queued when it ends: one at a time again.
        if (!this.#allStalled(lane)) break;
        lane.since = performance.now();
        await turnEnd();
      }
    } finally {
      this.#lanes.delete(lane);
      this.#watch();
    }
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
