-- Provider lookup by zip prefix (PO-box and new zips fall back to the zips around them): LIKE 'nnn%' needs
-- pattern indexes whatever the database collation.
create index utility_zip_providers_zip_pattern_idx on public.utility_zip_providers (zip text_pattern_ops);
create index utility_zip_counties_zip_pattern_idx on public.utility_zip_counties (zip text_pattern_ops);
