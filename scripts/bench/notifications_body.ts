// The push body the notification benchmarks send: a job.assigned for `jobId` in the Pub/Sub push format,
// with a fresh message id and event id.
import { Buffer } from "node:buffer";
import { ulid } from "../../shared/ids.ts";

export const pushBody = (jobId: string) => ({
  message: {
    messageId: ulid(),
    publishTime: new Date().toISOString(),
    data: Buffer.from(JSON.stringify({
      event_id: ulid(),
      event_type: "job.assigned",
      source: "bench",
      created_at: new Date().toISOString(),
      payload: { job_id: jobId },
    })).toString("base64"),
  },
  subscription: "projects/local/subscriptions/bench",
});
