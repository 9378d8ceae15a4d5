import type { Platform } from "../platform.ts";
import { enqueue } from "../queue/queue.ts";

export const CHECK_INBOX_QUEUE = "email-agent.check-inbox";
export const TRACK_QUEUE = "email-agent.track";

/** Schedules the follow-up of a message whose bill was handed to extraction. */
export async function scheduleTracking(p: Platform, messageRowId: string): Promise<void> {
  await enqueue(p.sql, TRACK_QUEUE, { messageRowId }, {
    delaySeconds: 2,
    maxAttempts: 8,
    dedupeKey: `email-track:${messageRowId}`,
  });
}

/** Enqueues one inbox check per interval window (several stack processes enqueue it once). */
export async function scheduleInboxCheck(p: Platform, intervalSeconds: number): Promise<void> {
  const window = Math.floor(Date.now() / 1000 / intervalSeconds);
  await enqueue(p.sql, CHECK_INBOX_QUEUE, {}, {
    maxAttempts: 1,
    dedupeKey: `check-inbox:${intervalSeconds}:${window}`,
  });
}
