// Upload limits of bill extraction (documented in docs/bills.md), read once per platform.
import { type EnvSource, loadUploadLimits, type UploadLimits } from "../config.ts";
import { type Platform, provide } from "../platform.ts";

export type BillLimits = UploadLimits;

export function loadBillLimits(source: EnvSource = Deno.env): BillLimits {
  const defaults = {
    maxFiles: 10,
    maxFileBytes: 10 * 1024 * 1024,
    maxTotalBytes: 25 * 1024 * 1024,
    maxPages: 20,
  };
  return loadUploadLimits("BILL", defaults, source);
}

/** The platform's bill limits (tests replace them with override(p, "billLimits", …)). */
export function billLimits(p: Platform): BillLimits {
  return provide(p, "billLimits", () => loadBillLimits());
}

declare module "../platform.ts" {
  interface Seams {
    billLimits: BillLimits;
  }
}
