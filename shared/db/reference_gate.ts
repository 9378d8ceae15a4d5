// The reference data (the tables of migrate.ts' INDEPENDENT_LANES: the gazetteer, the utility providers) of a
// database whose start left it loading (`npm start` on a new cluster: migrateStaged, then its lanes once the
// server is up). Every reader of those tables awaits referenceData(sql) first: at once when nothing loads,
// otherwise it waits for the load (a fraction of a second), and after REFERENCE_WAIT_MS, or when the load
// failed, it fails with 503 (Retry-After while it loads) instead of reading missing or partial rows.
// tests/integration/stack/reference_gate_test.ts checks that every module naming those tables awaits it.
import { DomainError } from "../errors.ts";

/** 503 reference_data_loading (with Retry-After) or reference_data_unavailable (the load failed). */
export class ReferenceDataError extends DomainError {
  constructor(readonly retryAfterSeconds?: number) {
    super(
      "unavailable",
      retryAfterSeconds === undefined ? "reference_data_unavailable" : "reference_data_loading",
      retryAfterSeconds === undefined
        ? "The reference data (ZIP gazetteer, utility providers) failed to load; see the server log"
        : "The reference data (ZIP gazetteer, utility providers) is still loading; retry shortly",
    );
  }
}

/** How long a reader waits for a load under way before it answers 503 with Retry-After. */
export const REFERENCE_WAIT_MS = 10_000;
const RETRY_AFTER_SECONDS = 2;

type State = { done: false; loaded: Promise<void> } | { done: true; failed: boolean };
const states = new WeakMap<object, State>();

/** Marks the reference data of `sql`'s database as loading until `load` settles (rejected: failed for good). */
export function referenceDataLoading(sql: object, load: Promise<unknown>): void {
  const loaded = load.then(
    () => void states.set(sql, { done: true, failed: false }),
    () => void states.set(sql, { done: true, failed: true }),
  );
  states.set(sql, { done: false, loaded });
}

/** Resolves once the reference tables of `sql`'s database can be read (see above); throws ReferenceDataError. */
export async function referenceData(sql: object, waitMs = REFERENCE_WAIT_MS): Promise<void> {
  const state = states.get(sql);
  if (!state) return;
  if (!state.done) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = await Promise.race([
      state.loaded.then(() => false),
      new Promise<boolean>((r) => timer = setTimeout(() => r(true), waitMs)),
    ]).finally(() => clearTimeout(timer));
    if (timedOut) throw new ReferenceDataError(RETRY_AFTER_SECONDS);
    return await referenceData(sql, waitMs);
  }
  if (state.failed) throw new ReferenceDataError();
}
