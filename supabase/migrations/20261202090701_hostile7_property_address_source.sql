-- Who set a property's address (docs/security.md, pass 7). Mail that names no partner is linked across partners by
-- the service address when exactly one property matches (shared/email-agent/link.ts): a stranger holding a partner's
-- public widget token created (or moved) a property to a victim's street and ZIP and took that match, and with it the
-- victim's bills. The inbox now links across partners only to addresses the platform or a partner's staff entered;
-- within the partner a message is routed to, every property still matches.
--
-- `address_source` is the app role of the caller that last set the street or ZIP ('widget', 'partner_admin', …;
-- 'platform' for the platform's own connection, which carries no role); a trigger sets it, so no caller picks it.
-- Rows from before this migration are 'unknown' (not linked across partners); an operator who trusts them may
-- `update public.properties set address_source = 'platform' where …` with the platform's connection.
alter table public.properties add column address_source text not null default 'unknown';

create function app.properties_address_source() returns trigger language plpgsql as $$
declare
  caller text := coalesce(nullif(app.current_app_role(), ''), 'platform');
begin
  if tg_op = 'INSERT' then
    new.address_source := caller;
  elsif (new.line1, new.zip) is distinct from (old.line1, old.zip) and caller <> 'platform' then
    new.address_source := caller;
  elsif (new.line1, new.zip) is distinct from (old.line1, old.zip) then
    -- The platform's own code rewriting an address keeps whoever set it (a widget address stays the widget's).
    new.address_source := old.address_source;
  elsif caller = 'platform' then
    -- The platform's connection may mark rows it trusts (see above); no role-bearing caller may.
    null;
  else
    new.address_source := old.address_source;
  end if;
  return new;
end $$;

create trigger properties_address_source before insert or update on public.properties
  for each row execute function app.properties_address_source();
