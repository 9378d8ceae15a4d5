-- The origins allowed to frame a partner's widget (docs/security.md, pass 14). The widget page was served with
-- `frame-ancestors *`, so any site could frame a partner's widget and overlay the homeowner's consent and upload.
-- The page's policy is now built per partner from these origins (and the origin of website_url), plus the platform's
-- own origins. Each entry is a bare origin (`https://www.partner.example`, `http://localhost:8080`): a scheme, a
-- host and an optional port, nothing a CSP source list could read as another directive.
alter table public.partner_settings
  add column widget_origins text[] not null default '{}'
    constraint partner_settings_widget_origins_shape check (
      cardinality(widget_origins) <= 20
      and (cardinality(widget_origins) = 0
        or array_to_string(widget_origins, ' ') ~ '^(https?://[a-z0-9.-]+(:[0-9]{1,5})? )*https?://[a-z0-9.-]+(:[0-9]{1,5})?$')
    );
