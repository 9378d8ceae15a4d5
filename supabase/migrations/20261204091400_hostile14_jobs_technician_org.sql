-- `jobs_technician_read` (migration 20261122001100) let a signed-in user read a job of ANY organization whose
-- technician_id was their user id: RLS passes a row when any permissive policy passes it, and this one named the
-- caller's user but not their organization. An organization can put any platform user's id in jobs.technician_id
-- (references to public.users are not held to one organization, 20261125040000), and a technician who moves to
-- another partner keeps their user id, so a technician of partner B could read partner A's jobs on the Data API
-- (docs/security.md, pass 14). The policy adds nothing within an organization: jobs_org passes the organization's
-- rows and the restrictive jobs_technician_own (20261201090300) keeps a technician to the jobs assigned to them.
drop policy if exists jobs_technician_read on public.jobs;
