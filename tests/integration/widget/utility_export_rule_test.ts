// The home's utility's own export rule reaches the widget's report (QA pass 12): an Austin Energy home's report follows
// Austin Energy's Value of Solar rule (data/reference/utility_export_programs.csv); another Texas utility's home keeps
// the state's paragraph.
import assert from "node:assert/strict";
import { leadReport, widgetEnv } from "./helpers.ts";
import { MONTHS } from "../../../shared/format.ts";

const usage = MONTHS.map((month) => ({ month, year: 2025, value: 1_100, unit: "kWh" }));

Deno.test("process-widget-savings-info: an Austin Energy home's report credits its solar at the Value of Solar rate", async () => {
  const e = await widgetEnv();
  try {
    const run = async (key: string, home: Record<string, string>, utility: string) => {
      const { row, text } = await leadReport(e, key, home, utility, { usage_by_month: usage });
      // the basis stored with the report (the partner's new-lead email repeats it) names the rule
      const basis = (row.input as { basis?: { exportRule?: string } }).basis;
      return `${text}\nbasis: ${basis?.exportRule ?? ""}`;
    };
    const austin = await run(
      "vos-austin",
      { line1: "1100 Congress Ave", city: "Austin", state: "TX", zip: "78701" },
      "Austin Energy",
    );
    assert.match(
      austin,
      /Austin Energy credits all the solar energy your panels produce at its Value of Solar rate, 9\.91 ¢\/kWh/,
    );
    assert.doesNotMatch(austin, /we assume/);
    assert.match(
      austin,
      /basis: all solar production credited at Austin Energy's Value of Solar rate, 9\.91 ¢\/kWh \(since 2023-03-01\)$/,
    );
    const dallas = await run(
      "vos-dallas",
      { line1: "1500 Marilla St", city: "Dallas", state: "TX", zip: "75201" },
      "Oncor Electric Delivery Company",
    );
    assert.match(dallas, /credited, we assume, at about 50% of the retail rate/);
    assert.doesNotMatch(dallas, /Value of Solar/);
  } finally {
    await e.close();
  }
});
