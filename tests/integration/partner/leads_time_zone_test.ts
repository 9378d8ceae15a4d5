// QA pass 18: the console lists a lead's time in the partner's own zone ("Nov 25, 2026, 9:00 PM EST"), but its From and
// To filters were UTC days: that lead (02:00 UTC on Nov 26) was not found under Nov 25. `tz` names the filters' zone.
import assert from "node:assert/strict";
import { partnerEnv, SF } from "./helpers.ts";

Deno.test("partner-service leads: From and To are days of the zone the partner names (tz), UTC without it", async () => {
  const e = await partnerEnv();
  try {
    const id = await e.lead("Eve", SF);
    await e.p.sql`update public.leads set created_at = '2026-11-26T02:00:00Z' where id = ${id}`;
    const total = async (query: string, path = "/partner-service/leads") => {
      const r = await e.call(e.user, "GET", `${path}?${query}`);
      assert.equal(r.status, 200, r.text);
      return path.endsWith(".csv") ? r.text.trim().split("\r\n").length - 1 : r.json.data.total;
    };
    const ny = "tz=America%2FNew_York";
    assert.equal(
      await total(`from=2026-11-25&to=2026-11-25&${ny}`),
      1,
      "9 PM EST on Nov 25 is a lead of Nov 25 there",
    );
    assert.equal(await total(`from=2026-11-26&to=2026-11-26&${ny}`), 0);
    assert.equal(
      await total("from=2026-11-26&to=2026-11-26"),
      1,
      "without tz the days are UTC days, as before",
    );
    assert.equal(await total("from=2026-11-25&to=2026-11-25"), 0);
    assert.equal(await total(`from=2026-11-25&to=2026-11-25&tz=Asia%2FTokyo`), 0, "11 AM on Nov 26 in Tokyo");
    assert.equal(
      await total(`from=2026-11-25&to=2026-11-25&${ny}`, "/partner-service/leads.csv"),
      1,
      "the CSV too",
    );
    for (const bad of ["Not/AZone", "America/New_York;drop", "x".repeat(65)]) {
      const r = await e.call(
        e.user,
        "GET",
        `/partner-service/leads?from=2026-11-25&tz=${encodeURIComponent(bad)}`,
      );
      assert.equal(r.status, 400, bad);
      assert.equal(r.json.error.code, "invalid_request");
    }
  } finally {
    await e.close();
  }
});
