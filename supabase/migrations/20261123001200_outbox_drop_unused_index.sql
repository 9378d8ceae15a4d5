-- The push path writes one mail.outbox row per email (issue 16). Its GIN index on to_addresses answers no
-- query: the dev mailbox filters recipients case-insensitively (lower(...) = any(select lower(t) from
-- unnest(to_addresses) t), shared/email/outbox.ts), which a GIN array index cannot serve, and nothing uses
-- @>/&& on the column. Every insert paid for it (a GIN entry and pending-list cleanups).
drop index if exists mail.outbox_to_idx;
