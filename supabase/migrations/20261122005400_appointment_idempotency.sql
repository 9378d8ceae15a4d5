-- create-appointment with an Idempotency-Key books once: a retry with the same key returns the first booking.
alter table public.appointments add column idempotency_key text check (length(idempotency_key) <= 200);
create unique index appointments_idempotency_idx on public.appointments (organization_id, idempotency_key)
  where idempotency_key is not null;
