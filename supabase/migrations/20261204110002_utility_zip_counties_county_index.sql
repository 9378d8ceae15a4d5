-- The counties sharing a ZIP with a county (shared/providers/lookup.ts: an independent city and the county around
-- it count as one for the EIA-861 territory check, QA pass 15) are found by county: an index for that side too.
create index if not exists utility_zip_counties_county_idx on public.utility_zip_counties (county_fips, zip);
