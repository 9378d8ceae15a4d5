import { envInt } from "../config.ts";

/** Upload limits of bill extraction (documented in docs/bills.md). */
export interface BillLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  maxPages: number;
}

export function billLimits(): BillLimits {
  return {
    maxFiles: envInt("BILL_MAX_FILES", 10),
    maxFileBytes: envInt("BILL_MAX_FILE_BYTES", 10 * 1024 * 1024),
    maxTotalBytes: envInt("BILL_MAX_TOTAL_BYTES", 25 * 1024 * 1024),
    maxPages: envInt("BILL_MAX_PAGES", 20),
  };
}
