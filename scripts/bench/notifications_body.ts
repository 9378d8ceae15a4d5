// The push body the notification benchmarks send: a job.assigned for `jobId` in the Pub/Sub push format,
// with a fresh message id (or the given one: a delivery the bench queued on the embedded bus) and event id;
// and the one job it is about (a partner, its technician, the job).
import { Buffer } from "node:buffer";
import { ulid } from "../../shared/ids.ts";
import type { Sql } from "../../shared/db/client.ts";

/** A partner with one technician and one assigned job; the job's id and the technician's. */
export async function seedJob(sql: Sql): Promise<{ jobId: string; technicianId: string }> {
  const [org] =
    await sql`insert into public.organizations (name, slug) values ('Bench Solar', 'bench-solar') returning id`;
  const [tech] = await sql`insert into public.users (email, full_name, organization_id, role)
    values ('tech@bench.test', 'Tech One', ${org.id}, 'technician') returning id`;
  const [job] = await sql`insert into public.jobs (organization_id, address, status, technician_id)
    values (${org.id}, '1 Bench Road, Austin, TX', 'Assigned', ${tech.id}) returning id`;
  return { jobId: job.id as string, technicianId: tech.id as string };
}

/** The subscription the bench's pushes name (`projects/local/subscriptions/bench`). */
export const BENCH_SUBSCRIPTION = "bench";

export const pushBody = (jobId: string, messageId = ulid()) => ({
  message: {
    messageId,
    publishTime: new Date().toISOString(),
    data: Buffer.from(JSON.stringify({
      event_id: ulid(),
      event_type: "job.assigned",
      source: "bench",
      created_at: new Date().toISOString(),
      payload: { job_id: jobId },
    })).toString("base64"),
  },
  subscription: `projects/local/subscriptions/${BENCH_SUBSCRIPTION}`,
});
