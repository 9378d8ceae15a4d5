// The first providers the widget's provider step offers for some ZIPs, as `providersForZip` ranks them on a migrated
// database (DATABASE_URL, else the local stack's): `deno run -A scripts/providers/rank_zips.ts [zip ...]`; without
// ZIPs, the large Texas ZIPs docs/widget.md ("Texas ZIPs checked") lists.
import { connect, databaseUrlFromEnv } from "../../shared/db/client.ts";
import { envInt } from "../../shared/config.ts";
import { providersForZip } from "../../shared/providers/lookup.ts";

const TEXAS =
  "75024 75025 75074 75093 75034 75035 75070 75071 75002 75013 75078 75009 75068 76226 76227 76201 75040 76020 76086 76048 78613 78641 78640 78620 78660 78664 78626 78006 78130 78701 78745 78205 78249 77019 77301 77380 77494 77479 77801 77840 75201 76107 76706 75701 76541 79701 79761 79601 79101 79401 79424 78411 78040 78501 78520 77701 77550 79901 79936"
    .split(" ");
const url = databaseUrlFromEnv() ??
  `postgres://postgres:postgres@127.0.0.1:${envInt("EMBEDDED_PG_PORT", 54322)}/postgres`;
const sql = connect(url, { max: 1 });
try {
  for (const zip of Deno.args.length ? Deno.args : TEXAS) {
    const list = await providersForZip(sql, zip, 4);
    console.log(`${zip}  ${list.slice(0, 3).map((u) => `${u.name} [${u.match}]`).join(" | ")}`);
  }
} finally {
  await sql.end();
}
