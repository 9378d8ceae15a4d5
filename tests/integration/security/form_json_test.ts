// JSON carried inside a multipart form field (the contract routes' `bill`) gets the checks every JSON body gets
// (docs/security.md "second pass"): NUL, lone surrogates and deep nesting are 400 invalid_text / too_deeply_nested
// with the field named, not the database's 400 invalid_value after the work started.
import assert from "node:assert/strict";
import { tokensFor } from "../../support/auth.ts";
import { sweepStack } from "./routes.ts";

Deno.test("contract bill JSON in a form field: NUL, lone surrogate and deep nesting are refused by name", async () => {
  const { p, stack } = await sweepStack();
  try {
    const admin = await tokensFor(p, { role: "partner_admin" });
    const pdf = await Deno.readFile(
      new URL("../../fixtures/contracts/contract-02-loan-clean.pdf", import.meta.url),
    );
    const cases: [string, string][] = [
      ['{"customerInformation":{"customerName":"A\\u0000B"}}', "invalid_text"],
      ['{"customerInformation":{"customerName":"\\ud800"}}', "invalid_text"],
      ['{"a":'.repeat(5000) + "1" + "}".repeat(5000), "too_deeply_nested"],
    ];
    for (const [bill, code] of cases) {
      const form = new FormData();
      form.append("files", new File([pdf], "c.pdf", { type: "application/pdf" }));
      form.append("bill", bill);
      const r = await fetch(`${stack.url}/v1/contract-approval-service/analyze-contract-bill`, {
        method: "POST",
        headers: admin.headers,
        body: form,
      });
      const body = await r.json();
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(body.error.code, code, JSON.stringify(body));
      assert.match(body.error.message, /^body\.bill: /);
    }
    const [{ n }] = await p.sql`select count(*)::int as n from public.contract_analyses`;
    assert.equal(n, 0, "nothing was started");
  } finally {
    await stack.close();
    await p.close();
  }
});
