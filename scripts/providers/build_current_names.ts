// Generates the utility_current_names migration (first 20261123004200_utility_current_names.sql): utility names as the homeowner knows
// them today. 1) every utility's name from EIA-861 2018 (the latest service-territory year we have; the OpenEI
// zip tables carry older names, e.g. "Progress Energy Florida" for Duke Energy Florida since 2015); 2) the few
// renames and brands since 2018 of renames.ts, each with its source; 3) wholesale-only entities (federal power
// marketing administrations, TVA, generation & transmission cooperatives) marked retail = false, so they never
// lead a home's list. Run: deno run -A scripts/providers/build_current_names.ts
import { currentNamesSql, readEia2018Names } from "./current_names_sql.ts";
import { RENAMES } from "./renames.ts";
import { describe, writeGeneratedMigration } from "../reference/new_migration.ts";

const root = new URL("../../", import.meta.url);

const names = readEia2018Names(root);
const text = currentNamesSql(names);
// Idempotent (current_names_sql.ts): the same SQL supersedes an applied one, which is never rewritten.
const written = await writeGeneratedMigration({
  root,
  name: "utility_current_names",
  sql: text,
  supersede: text,
});
console.log(
  `${describe(written)}: ${names.size} EIA-861 2018 names, ${RENAMES.length} later renames and brands`,
);
