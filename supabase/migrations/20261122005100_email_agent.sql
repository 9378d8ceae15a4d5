-- email-agent: the embedded inbound mailbox (messages received by the local SMTP listener) and the
-- tracked billing-related messages. mail.* is private (raw messages); public.email_messages is
-- partner-scoped once a message is routed to an organisation.
create schema if not exists mail;
revoke all on schema mail from public, anon, authenticated;

create table mail.inbound_messages (
  id bigserial primary key,
  mailbox text not null default 'INBOX',
  envelope_from text,
  envelope_to text[] not null default '{}',
  raw bytea not null,
  size int not null,
  received_at timestamptz not null default now(),
  -- Set once check-inbox has recorded the message (the embedded inbox's \Seen flag).
  fetched_at timestamptz
);
create index inbound_messages_unfetched_idx on mail.inbound_messages (id) where fetched_at is null;
alter table mail.inbound_messages enable row level security;

create table public.email_messages (
  id uuid primary key default gen_random_uuid(),
  -- Null until the message is routed to a partner (by recipient address, or by the customer it names).
  organization_id uuid references public.organizations(id) on delete cascade,
  message_id text not null unique check (length(message_id) between 1 and 998),
  inbox text not null,
  from_address text,
  from_name text,
  to_addresses text[] not null default '{}',
  subject text not null default '',
  sent_at timestamptz,
  received_at timestamptz not null default now(),
  category text not null check (category in ('utility_bill', 'billing_statement', 'payment_confirmation', 'past_due_notice', 'other')),
  is_billing boolean generated always as (category <> 'other') stored,
  classification_reasons text[] not null default '{}',
  status text not null default 'received'
    check (status in ('received', 'extracting', 'extracted', 'linked', 'unmatched', 'ignored', 'failed')),
  account_number text,
  customer_name text,
  service_address jsonb,
  amount_due text,
  due_date text,
  property_id uuid references public.properties(id) on delete set null,
  contact_id uuid references public.contacts(id) on delete set null,
  linked_by text check (linked_by in ('account_number', 'address', 'manual')),
  bill_transaction_id uuid,
  attachments jsonb not null default '[]'::jsonb,
  body_excerpt text not null default '',
  notes text,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index email_messages_org_idx on public.email_messages (organization_id, received_at desc);
create index email_messages_pending_idx on public.email_messages (status) where status in ('extracting', 'extracted');
create index email_messages_account_idx on public.email_messages (account_number) where account_number is not null;
alter table public.email_messages enable row level security;
create policy email_messages_org_read on public.email_messages for select to authenticated
  using (organization_id = app.current_org_id());
create policy email_messages_org_update on public.email_messages for update to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());
