// `npm run migrate`: applies supabase/migrations to DATABASE_URL (what `supabase db push` does on Supabase).
import { connect } from "../shared/db/client.ts";
import { migrate } from "../shared/db/migrate.ts";
import { errorText } from "../shared/log.ts";

const url = Deno.env.get("DATABASE_URL");
if (!url) {
  console.error("Set DATABASE_URL to the database to migrate.");
  Deno.exit(2);
}
const sql = connect(url, { max: 1 });
try {
  const applied = await migrate(sql);
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s): ${applied.join(", ")}`
      : "Database is up to date.",
  );
} catch (e) {
  console.error(errorText(e));
  Deno.exitCode = 1;
} finally {
  await sql.end();
}
