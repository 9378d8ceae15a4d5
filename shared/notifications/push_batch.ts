// How many concurrent pushes share one read and one write (group commit, shared/db/batcher.ts). Bounded so
// a batch's statement stays small (a rendered email is ~3 KB) and one batch's failure touches few pushes.
export const PUSH_BATCH_MAX = 32;
