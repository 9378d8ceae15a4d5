// How many concurrent pushes share one read and one write (group commit, shared/db/batcher.ts). Bounded so
// a batch's statement stays small (a rendered email is ~3 KB) and one batch's failure touches few pushes.
// `max = 1` turns group commit off (every push its own read and its own write transaction): what
// `npm run bench:notifications` measures beside it, in the same rounds.
export const pushBatching = { max: 32 };
