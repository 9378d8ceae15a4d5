import { publishEvent } from "../events/publish.ts";
import type { Platform } from "../platform.ts";
import type { Appointment } from "./types.ts";

/**
 * Creates the portal job for a booked appointment, assigned to its technician's user, and publishes
 * job.assigned (SPEC: after the user id is written to the job) so the technician's email goes out.
 */
export async function assignJob(
  p: Platform,
  a: Appointment,
  actorId: string,
  address: string,
): Promise<string> {
  const jobId = await p.sql.begin(async (tx) => {
    const [job] = await tx`insert into public.jobs (organization_id, address, status, technician_id)
      values (${a.organizationId}, ${address}, 'Assigned', ${a.technician!.userId}) returning id`;
    await tx`update public.appointments set job_id = ${job.id}, updated_at = now() where id = ${a.id}`;
    return job.id as string;
  });
  await publishEvent(p, {
    event_type: "job.assigned",
    source: "appointment-handling-service",
    payload: { job_id: jobId, actor_id: actorId, recipient_ids: [a.technician!.userId] },
  });
  return jobId;
}
