import type { StackExtension } from "../extension.ts";
import { deliverReport } from "../../savings/delivery.ts";
import { DELIVERY_QUEUE } from "../../savings/pipeline.ts";
import type { Job } from "../../queue/queue.ts";

/** Savings: the report delivery job (PDF + email) run by the stack's worker. */
export const extension: StackExtension = {
  name: "savings",
  jobs: (p) => ({ [DELIVERY_QUEUE]: (job) => deliverReport(p, job as Job<{ reportId: string; partnerLogo?: string }>) }),
};
