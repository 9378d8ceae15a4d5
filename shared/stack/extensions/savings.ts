import type { StackExtension } from "../extension.ts";

/** Savings: its report delivery job is in shared/jobs/registry.ts (run by the stack and the queue-worker). */
export const extension: StackExtension = {
  name: "savings",
};
