// Every queue handler the platform runs, in one place: the deployed queue-worker function and the local
// stack's worker loop both take their handlers from here (the stack adds nothing of its own), so a job that
// runs locally also runs on Supabase. A new queue: add its handler here.
import type { Platform } from "../platform.ts";
import type { Handler, Job } from "../queue/queue.ts";
import { BILL_QUEUE, runBillJob } from "../bills/jobs.ts";
import { deliverReport } from "../savings/delivery.ts";
import { DELIVERY_QUEUE } from "../savings/pipeline.ts";
import { CONTRACT_QUEUE } from "../contracts/analyses.ts";
import { runContractJob } from "../contracts/jobs.ts";
import { CHECK_INBOX_QUEUE, runCheckInboxJob, runTrackJob, TRACK_QUEUE } from "../email-agent/jobs.ts";
import { crmJobHandlers } from "../crm/sync.ts";
import { widgetJobHandlers } from "../widget/savings.ts";
import { leadEventHandlers } from "../partner/lead_events.ts";
import { webhookJobHandlers } from "../partner/webhooks.ts";

/** Queue name -> handler, bound to one platform. */
export function jobHandlers(p: Platform): Record<string, Handler> {
  return {
    [BILL_QUEUE]: (job) => runBillJob(p, job),
    [DELIVERY_QUEUE]: (job) => deliverReport(p, job as Job<{ reportId: string; partnerLogo?: string }>),
    [CONTRACT_QUEUE]: (job) => runContractJob(p, job),
    [CHECK_INBOX_QUEUE]: (job) => runCheckInboxJob(p, job),
    [TRACK_QUEUE]: (job) => runTrackJob(p, job),
    ...crmJobHandlers(p),
    ...widgetJobHandlers(p),
    // A new lead's announcement (the partner's email, lead.created) and its signed webhook deliveries.
    ...leadEventHandlers(p),
    ...webhookJobHandlers(p),
  };
}

/**
 * The handlers a worker runs: every queue, or the comma-separated JOB_QUEUES (e.g. the edge queue-worker leaves
 * `bills.extract,contracts.analyze` to a separately hosted worker that carries OCR and page rendering).
 */
export function configuredHandlers(
  p: Platform,
  jobQueues = Deno.env.get("JOB_QUEUES") ?? "",
): Record<string, Handler> {
  const only = jobQueues.split(",").map((q) => q.trim()).filter(Boolean);
  return only.length ? queueHandlers(p, ...only) : jobHandlers(p);
}

/** The handlers of some queues only (a test or tool that runs one area's jobs). */
export function queueHandlers(p: Platform, ...queues: string[]): Record<string, Handler> {
  const all = jobHandlers(p);
  return Object.fromEntries(queues.map((q) => {
    if (!all[q]) throw new Error(`no handler registered for queue ${q} (shared/jobs/registry.ts)`);
    return [q, all[q]];
  }));
}
