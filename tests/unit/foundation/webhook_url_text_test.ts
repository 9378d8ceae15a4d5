// A webhook URL is stored as typed and called as the URL parser reads it: the parser drops tabs, CR and LF and trims
// spaces and control characters without a word, so "https://hooks.example/x\r\nHost: evil" was stored (201) and shown
// in the console and the delivery log with its line break, while the call went to another path (docs/security.md,
// pass 16). Such a URL is refused before it is parsed.
import assert from "node:assert/strict";
import { webhookUrlProblem } from "../../../shared/partner/webhook_url.ts";

Deno.test("a webhook URL with white space, quotes or control characters is refused; a plain one passes", () => {
  for (
    const u of [
      "https://hooks.example/x\r\nHost: evil",
      "https://hooks.example/a b",
      " https://hooks.example/",
      "https://hooks.example/\t",
      "https://hooks.example/\u0000",
      "https://hooks.example/\u202Egpj.exe",
      "https://hooks\u200B.example/",
      'https://hooks.example/"onmouseover',
      "https://hooks.example/<script>",
    ]
  ) {
    assert.match(webhookUrlProblem(u, false) ?? "", /without white space/, JSON.stringify(u));
    assert.match(
      webhookUrlProblem(u, true) ?? "",
      /without white space/,
      `${JSON.stringify(u)} (private allowed)`,
    );
  }
  for (
    const u of [
      "https://hooks.example/x?a=1&b=%20",
      "https://xn--80ak6aa92e.com/hook",
      "https://hooks.example/",
    ]
  ) {
    assert.equal(webhookUrlProblem(u, false), null, u);
  }
});

// QA pass 18: a partner typing a URL with port 8443 read "must use port 443 (PARTNER_WEBHOOK_PORTS), not 8443": the
// operator's variable is not the partner's to set.
Deno.test("a webhook URL on another port is refused naming the allowed ports, not the operator's variable", () => {
  assert.equal(
    webhookUrlProblem("https://crm.example.com:8443/hook", false, [443]),
    "must use port 443, not 8443",
  );
  assert.equal(
    webhookUrlProblem("https://crm.example.com:22/hook", false, [443, 8443]),
    "must use port 443 or 8443, not 22",
  );
});
