-- The partner's logo on the cover of the savings report the widget emails: a PNG or JPEG data: URI
-- (reports never fetch a URL), at most 400 000 characters (about 300 KB of image).
alter table public.widget_configs add column report_logo text
  check (report_logo is null or (report_logo ~ '^data:image/(png|jpeg|jpg);base64,' and length(report_logo) <= 400000));
