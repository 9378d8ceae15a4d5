// Typed text in emails and PDFs is never a link (docs/security.md, pass 15): phone numbers are refused in names and
// addresses (the general rule with web and email addresses), bare domains are drawn so that mail programs and PDF
// viewers do not link them, and real names and addresses still pass unchanged to the eye.
import assert from "node:assert/strict";
import { linkedKeys, noAutoLink, unlinkedData } from "../../../shared/email/no_autolink.ts";
import { pdfNoAutoLink } from "../../../shared/pdf/no_autolink.ts";
import { linkFree } from "../../../shared/validation/person_name.ts";
import { TemplateSet } from "../../../shared/email/template_set.ts";

// A linker as mail programs run one: a word of letters, digits and dashes, a dot, and a top-level domain of letters
// (every such word, as the newer top-level domains make almost any word one).
const DOMAIN = /[\p{L}\p{N}-]+[.\u3002\uFF0E\uFF61]\p{L}{2,}/u;
const INVISIBLE = /\u200C/g;

Deno.test("phone numbers are refused in names and addresses; house numbers, units and ZIP codes are not", () => {
  for (
    const s of [
      "Call 555-0100",
      "call +1 900 555 0100 now",
      "(212) 555-0100",
      "555.010.0199",
      "Apt 4, 5550100123",
      "+44 20 7946 0958",
    ]
  ) assert.equal(linkFree(s), false, s);
  for (
    const s of [
      "350 5th Ave",
      "12345 67th Ave NE",
      "123-45 Queens Blvd",
      "W12345 N6789 Main Rd",
      "Apt 4B, Unit 1200",
      "P.O. Box 123456",
      "1 N. Main St.",
      "Mary-Jane O'Brien",
      "Suite 100-200",
      "350 5th Ave, New York, NY 10118-0110",
    ]
  ) assert.equal(linkFree(s), true, s);
});

Deno.test("a domain-like word in an email's text keeps its look and loses its link", () => {
  for (
    const s of [
      "Visit evil.example today",
      "St.Louis",
      "P.O.Box 12",
      "win at prizes.solar",
      "N.Main",
      "evil\u3002example",
      "evil\uFF0Eexample",
    ]
  ) {
    const out = noAutoLink(s);
    assert.equal(out.replace(INVISIBLE, ""), s, "the same text to the eye");
    assert.ok(!DOMAIN.test(out), `${JSON.stringify(out)} still reads as a domain`);
  }
  for (const s of ["$1,234.50", "2.5 kW", "Sunny Solar Co.", "Hello. Bye", "12 Elm St, Springfield"]) {
    assert.equal(noAutoLink(s), s, "numbers and sentence ends untouched");
  }
});

Deno.test("in a PDF a domain's dot is drawn as the one-dot leader", () => {
  assert.equal(pdfNoAutoLink("Visit evil.example"), "Visit evil\u2024example");
  assert.ok(!DOMAIN.test(pdfNoAutoLink("a.b.evil.example")));
  assert.equal(pdfNoAutoLink("2.5 kW, Sunny Solar Co."), "2.5 kW, Sunny Solar Co.");
});

Deno.test("template data: every typed string, nested too, loses its links; the email's own links stay", () => {
  const data = unlinkedData({
    lead_address: "1 evil.example Rd",
    lead: { name: "Ann of evil.example", tags: ["go.example"] },
    count: 3,
    lead_url: "https://console.example/leads/1",
    tel: "tel:+15550100",
    website: "https://www.partner.example",
  }, new Set(["tel", "website"]));
  assert.ok(!DOMAIN.test(JSON.stringify(data).replace(/https:\/\/[^"]+/g, "")));
  assert.equal(data.lead_url, "https://console.example/leads/1");
  assert.equal(data.website, "https://www.partner.example");
  assert.equal(data.tel, "tel:+15550100");
  assert.equal(data.count, 3);
});

Deno.test("every notification template: a typed domain reaches neither the subject, the HTML nor the text as one", async () => {
  const set = await new TemplateSet(new URL("../../../templates/email/", import.meta.url)).load();
  const typed = "Ann evil.example";
  const ctx = {
    job_address: typed,
    lead_address: typed,
    lead_name: typed,
    // the organization's name as the operator recorded it: its domains are written as is (pass 17), not typed text
    partner_name: "Sunrise Solar (sunrise.example)",
    technician_name: typed,
    recipient_name: typed,
    customer_name: typed,
    invitee_name: typed,
    inviter_name: typed,
    user_name: typed,
    portal_url: "https://portal.example/x",
    orion_url: "https://portal.example/x",
  };
  for (const type of ["job.assigned", "job.completed", "invoice.created", "auth.invite_sent"]) {
    const r = set.render(type, ctx);
    for (const part of [r.subject, r.html, r.text]) {
      assert.ok(!part.includes("evil.example"), `${type}: ${part.slice(0, 200)}`);
    }
    const shown = [r.subject, r.html, r.text].join("\n").replace(INVISIBLE, "");
    assert.ok(shown.includes(typed), `${type} still shows the typed text`);
  }
});

Deno.test("a value a template links on purpose (its href) keeps its link: the partner's mailto to the homeowner", async () => {
  assert.deepEqual(
    [...linkedKeys(
      '<a href="mailto:{{lead_email}}">{{lead_email}}</a> <a href="{{ website }}">x</a> {{lead_name}}',
    )],
    ["lead_email", "website"],
  );
  const set = await new TemplateSet(new URL("../../../templates/email/", import.meta.url)).load();
  const r = set.render("lead.created", {
    lead_email: "jane@example.com",
    lead_name: "Jane of evil.example",
    lead_url: "https://console.example/#/leads/1",
  });
  assert.match(r.html, /href="mailto:jane@example\.com">jane@example\.com</);
  assert.ok(!r.html.includes("evil.example"), "the typed name is still unlinkable");
});
