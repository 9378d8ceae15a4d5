import type { Platform } from "../platform.ts";
import { enqueue, type Job } from "../queue/queue.ts";
import { checkInbox } from "./check.ts";
import { refreshTracking } from "./track.ts";

export const CHECK_INBOX_QUEUE = "email-agent.check-inbox";
export const TRACK_QUEUE = "email-agent.track";

/** The scheduled inbox check (enqueued by the stack's timer locally, by pg_cron on Supabase). */
export async function runCheckInboxJob(p: Platform, _job: Job): Promise<void> {
  await checkInbox(p);
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

/** Schedules the follow-up of a message whose bill was handed to extraction. */
export async function scheduleTracking(p: Platform, messageRowId: string): Promise<void> {
  await enqueue(p.sql, TRACK_QUEUE, { messageRowId }, { delaySeconds: 2, maxAttempts: 8, dedupeKey: `email-track:${messageRowId}` });
}

/** Enqueues one inbox check per interval window (several stack processes enqueue it once). */
export async function scheduleInboxCheck(p: Platform, intervalSeconds: number): Promise<void> {
  const window = Math.floor(Date.now() / 1000 / intervalSeconds);
  await enqueue(p.sql, CHECK_INBOX_QUEUE, {}, { maxAttempts: 1, dedupeKey: `check-inbox:${intervalSeconds}:${window}` });
}
