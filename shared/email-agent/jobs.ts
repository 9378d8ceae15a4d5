import type { Platform } from "../platform.ts";
import type { Job } from "../queue/queue.ts";
import { checkInbox } from "./check.ts";
import { refreshTracking, relinkUnmatched } from "./track.ts";

export { CHECK_INBOX_QUEUE, scheduleInboxCheck, TRACK_QUEUE } from "./queues.ts";

/** The scheduled inbox check (enqueued by the stack's timer locally, by pg_cron on Supabase). */
export async function runCheckInboxJob(p: Platform, _job: Job): Promise<void> {
  await checkInbox(p);
  await relinkUnmatched(p, null);
}

/** Follows one message's bill extraction until it finished; retried with backoff while it is in progress. */
export async function runTrackJob(p: Platform, job: Job): Promise<void> {
  const id = String(job.payload.messageRowId ?? "");
  const [m] = await p.sql`select organization_id, status from public.email_messages where id = ${id}`;
  if (!m || m.status !== "extracting") return;
  await refreshTracking(p, m.organization_id as string);
  const [after] = await p.sql`select status from public.email_messages where id = ${id}`;
  if (after?.status === "extracting") throw new Error("bill extraction still in progress");
}
