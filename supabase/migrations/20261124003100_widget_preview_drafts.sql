-- The console's live preview when the console and the widget are served from different origins (issue 15): the
-- console keeps its unsaved colours and logo here for its one-hour preview token (keyed by the token's session,
-- the `session_id` claim of the widget's ID token), and the widget's own GET /widget-info answers them to that
-- session only. Written by privileged code after the partner-service role and ownership checks.
create table public.partner_widget_previews (
  session_id uuid primary key,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  draft jsonb not null check (jsonb_typeof(draft) = 'object' and length(draft::text) <= 4000),
  created_by uuid references public.users(id) on delete set null,
  expires_at timestamptz not null,
  updated_at timestamptz not null default now()
);
create index partner_widget_previews_org_idx on public.partner_widget_previews (organization_id);
alter table public.partner_widget_previews enable row level security;
-- Only the preview session itself reads its draft (not another widget token of the same partner).
create policy partner_widget_previews_session on public.partner_widget_previews for select to authenticated
  using (organization_id = app.current_org_id() and app.current_app_role() = 'widget'
    and session_id = nullif(auth.jwt() ->> 'session_id', '')::uuid and expires_at > now());
grant select on public.partner_widget_previews to authenticated;
grant all on public.partner_widget_previews to service_role;
