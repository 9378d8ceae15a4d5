-- The zip-county table read by county (shared/providers/lookup.ts: a Texas county's zips for its county-wide
-- cooperative listings, once per county; they scanned the table) has an index for that side too (QA pass 15).
create index if not exists utility_zip_counties_county_idx on public.utility_zip_counties (county_fips, zip);
