// How many concurrent pushes share one read and one write (group commit, shared/db/batcher.ts). Bounded so
// a batch's statement stays small (a rendered email is ~3 KB) and one batch's failure touches few pushes.
// `max = 1` turns group commit off (every push its own read and its own write transaction): what
// `npm run bench:notifications` measures beside it, in the same rounds.
// `hedgeAfterMs`: a read or write flush under way this long while other pushes wait behind it lets them go in
// a second flush on another connection (shared/db/batcher.ts: a stalled flush no longer holds every push in
// flight; 0 = never, one flush at a time as before). Well above a flush's usual 1–2 ms, so batches stay full.
export const pushBatching = { max: 32, hedgeAfterMs: 4 };
