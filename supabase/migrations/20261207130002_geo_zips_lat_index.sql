-- The gazetteer's ZIPs read by latitude band (shared/providers/lookup.ts nearbyEvidence: the ZIPs within 60 km of a
-- home whose ZIP lists two investor-owned utilities; a scan of the table before, rates18).
create index if not exists geo_zips_lat_idx on public.geo_zips (lat);
