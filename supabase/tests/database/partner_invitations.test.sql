begin;
select plan(9);

select has_table('public', 'partner_invitations', 'invitations to a partner organisation');
select ok((select relrowsecurity from pg_class where oid = 'public.partner_invitations'::regclass), 'row level security is on');

insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-0000000000a1', 'A Solar', 'a-solar-invite'),
  ('00000000-0000-0000-0000-0000000000b2', 'B Solar', 'b-solar-invite');
insert into public.partner_invitations (id, organization_id, email, role, token_hash, expires_at) values
  ('00000000-0000-0000-0000-00000000c0c1', '00000000-0000-0000-0000-0000000000a1', 'x@example.com', 'partner_user', 'hash-a', now() + interval '1 day'),
  ('00000000-0000-0000-0000-00000000c0c2', '00000000-0000-0000-0000-0000000000b2', 'y@example.com', 'partner_admin', 'hash-b', now() + interval '1 day');
select throws_ok($$insert into public.partner_invitations (organization_id, email, role, token_hash, expires_at)
  values ('00000000-0000-0000-0000-0000000000a1', 'X@example.com', 'partner_user', 'hash-c', now() + interval '1 day')$$, '23505', null,
  'one open invitation per organisation and email');
select throws_ok($$insert into public.partner_invitations (organization_id, email, role, token_hash, expires_at)
  values ('00000000-0000-0000-0000-0000000000a1', 'z@example.com', 'widget', 'hash-d', now() + interval '1 day')$$, '23514', null,
  'only partner roles can be invited');

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000b","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"partner_user","role":"authenticated"}', true);
select is((select array_agg(email) from public.partner_invitations), array['x@example.com'], 'a partner user sees its own organisation''s invitations only');
select throws_ok($$insert into public.partner_invitations (organization_id, email, role, token_hash, expires_at)
  values ('00000000-0000-0000-0000-0000000000a1', 'w@example.com', 'partner_admin', 'hash-e', now() + interval '1 day')$$, '42501', null,
  'the API role cannot create invitations (privileged code does, after the admin check)');
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000a","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"partner_admin","role":"authenticated"}', true);
select throws_ok($$update public.partner_invitations set revoked_at = now()$$, '42501', null, 'nor change them');
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000c","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"widget","role":"authenticated"}', true);
select is((select count(*)::int from public.partner_invitations), 0, 'the widget sees no invitation');
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000d","org_id":"00000000-0000-0000-0000-0000000000b2","app_role":"partner_admin","role":"authenticated"}', true);
select is((select array_agg(email) from public.partner_invitations), array['y@example.com'], 'another partner sees only its own');

select * from finish();
rollback;
