-- Until its rewrite into one-row-a-line literals, 20261122004100_utility_provider_reference.sql split its packed
-- rows with regexp_split_to_table(..., '\s*;\s*'), which kept the literal's opening and closing newline in the
-- first and last row of each list: ZIP E'\n00501', county E'\n01001', county E'02130\n' (so ZIP 00501 and county
-- 01001 matched no provider). Databases that applied that version keep those rows; this trims them. A database
-- migrated from the rewritten file has clean rows already and nothing changes.
-- (length() rather than a regexp: it runs on every fresh database too, over 120k rows.)
update public.utility_zip_providers set zip = btrim(zip, E' \t\r\n') where length(zip) <> 5;
update public.utility_zip_counties set zip = btrim(zip, E' \t\r\n'), county_fips = btrim(county_fips, E' \t\r\n')
where length(zip) <> 5 or length(county_fips) <> 5;
update public.utility_county_providers set county_fips = btrim(county_fips, E' \t\r\n')
where length(county_fips) <> 5;
