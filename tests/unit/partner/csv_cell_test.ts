// The leads export's cells (docs/security.md, CSV injection): a cell a spreadsheet could run as a formula starts with a
// quote, also when spaces or controls come first (security pass 9: only the first character was checked).
import assert from "node:assert/strict";
import { csvCell } from "../../../shared/partner/leads.ts";

Deno.test("formula-like cells are quoted, also behind leading spaces and controls", () => {
  for (
    const v of [
      "=1+1",
      "+1",
      "-1+2",
      "@SUM(A1)",
      "\t=1",
      "\r=1",
      "\n=1",
      ' =HYPERLINK("http://x")',
      "  +1",
      "\u00a0=1",
      "\u000b@x",
      "\t",
    ]
  ) {
    const cell = csvCell(v);
    const text = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
    assert.equal(text, `'${v}`, JSON.stringify(v));
  }
});

Deno.test("ordinary cells are unchanged; quotes, commas and line breaks are CSV-quoted", () => {
  assert.equal(csvCell("Ann"), "Ann");
  assert.equal(csvCell(12.5), "12.5");
  assert.equal(csvCell(null), "");
  assert.equal(csvCell("a=b"), "a=b");
  assert.equal(csvCell('say "hi", ok'), '"say ""hi"", ok"');
  assert.equal(csvCell("1 Main St\nApt 2"), '"1 Main St\nApt 2"');
});
