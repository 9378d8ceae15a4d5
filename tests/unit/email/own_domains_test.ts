// A partner's own domains are written as they are in its emails (HTML, text and subject) and PDFs, in any form that
// names the same host, while a homeowner's typing stays unlinkable (docs/security.md, pass 17). Pass 15 broke every
// domain-like dot of an email's data with invisible joiners, the partner's "Sunrise Solar (sunrise.example)" included;
// pass 16 kept it on PDFs only, and there only as a whole word (`www.sunrise.example` got the one-dot leader).
import assert from "node:assert/strict";
import { TemplateSet } from "../../../shared/email/template_set.ts";
import { noAutoLink } from "../../../shared/email/no_autolink.ts";
import { domainsIn, ownHostRanges } from "../../../shared/email/own_domains.ts";
import { pdfNoAutoLink } from "../../../shared/pdf/no_autolink.ts";
import { holdEmail } from "../../../shared/scheduling/hold_email.ts";

const PARTNER = "Sunrise Solar (sunrise.example)";
const own = domainsIn(PARTNER);
const JOINER = "\u200C", LEADER = "\u2024";
const templates = (dir: string) =>
  new TemplateSet(new URL(`../../../templates/email/${dir}`, import.meta.url)).load();

// The same host as the partner's domain: written as is.
const OWN_FORMS = [
  "sunrise.example",
  "www.sunrise.example",
  "WWW.Sunrise.EXAMPLE",
  "sunrise.example.",
  "sunrise.example/quote",
  "https://www.sunrise.example:8443/solar?x=1#top",
  "info@sunrise.example",
  "https://someone@sunrise.example/",
];
// Another host (longer, a look-alike, or a link that goes elsewhere): unlinkable.
const NOT_OWN = [
  "sunrise.example.evil.example",
  "evil.example.sunrise.example",
  "shop.sunrise.example",
  "www.www.sunrise.example",
  "evil_sunrise.example",
  "evil-sunrise.example",
  "sunr1se.example",
  "xn--sunrse-9ua.example",
  "\uFF53unrise.example",
  "sunrise.example:x@evil.example",
  "sunrise.example@evil.example",
];

Deno.test("the partner's own domain in its other forms is its own; a longer host, a look-alike or a user name is not", () => {
  for (const s of OWN_FORMS) {
    assert.equal(noAutoLink(s, own), s, `email: ${s}`);
    assert.equal(pdfNoAutoLink(s, own), s, `PDF: ${s}`);
    assert.ok(ownHostRanges(s, own).length, s);
  }
  for (const s of NOT_OWN) {
    const email = noAutoLink(s, own), pdf = pdfNoAutoLink(s, own);
    assert.ok(email.includes(JOINER), `email: ${s} stays unlinkable`);
    assert.ok(pdf.includes(LEADER), `PDF: ${s} stays unlinkable`);
    assert.deepEqual(ownHostRanges(s, own), [], `${s} has no host of the partner's`);
  }
  // only the host's dots: a path's stay unlinkable, a number's untouched
  assert.equal(
    noAutoLink("sunrise.example/quote.html 2.5 kW", own),
    `sunrise.example/quote${JOINER}.${JOINER}html 2.5 kW`,
  );
  assert.equal(
    noAutoLink("www.sunrise.example"),
    `www${JOINER}.${JOINER}sunrise${JOINER}.${JOINER}example`,
    "none kept by default",
  );
});

Deno.test("emails: the partner's name as written in the HTML, text and subject; the homeowner's typing unlinkable", async () => {
  const set = await templates("");
  const r = set.render("lead.created", {
    partner_name: PARTNER,
    recipient_name: "Dana",
    lead_name: "Jane of sunrise.example.evil.example",
    lead_email: "jane@example.com",
    lead_address: "1 Main St (see WWW.SUNRISE.EXAMPLE/quote or evil_sunrise.example today), Austin, TX 78701",
    lead_url: "https://console.example/#/leads/1",
  });
  for (const body of [r.html, r.text]) {
    assert.ok(body.includes(PARTNER), "the partner's name as written");
    assert.ok(!body.includes(`sunrise${JOINER}.${JOINER}example)`), "never broken");
    assert.ok(
      body.includes("WWW.SUNRISE.EXAMPLE/quote"),
      "the partner's domain in another form, written as is",
    );
    assert.ok(
      body.includes(`sunrise${JOINER}.${JOINER}example${JOINER}.${JOINER}evil`),
      "a longer host unlinkable",
    );
    assert.ok(body.includes(`evil_sunrise${JOINER}.${JOINER}example`), "a look-alike unlinkable");
    assert.ok(!/evil\.example|_sunrise\.example/.test(body), "no typed domain linkable");
  }
  const report = (await templates("homeowner/")).render("savings_report", {
    partner_name: PARTNER,
    first_name: "Jane",
    website: "https://www.sunrise.example/",
    has_system: false,
    no_system_reason: "www.sunrise.example reviews roofs like yours.",
  });
  for (const [part, body] of Object.entries(report)) assert.ok(body.includes(PARTNER), `report's ${part}`);
  assert.ok(report.text.includes("www.sunrise.example reviews"), "generated text naming the partner's site");
});

Deno.test("the hold email writes the partner's domain as is and breaks the typed address's", () => {
  const m = holdEmail({
    from: "notifications@example.com",
    to: "quinn@example.com",
    partnerName: PARTNER,
    address: "4521 Oak Hollow Dr (evil.example), Jacksonville, FL 32210",
    start: new Date("2026-11-25T15:00:00Z"),
    end: new Date("2026-11-25T17:00:00Z"),
    timezone: "America/New_York",
    expiresAt: new Date("2026-11-25T03:53:19Z"),
    confirmUrl: "https://example.com/confirm?token=a.1.b",
  });
  for (const body of [m.subject, m.text, m.html]) assert.ok(body.includes(PARTNER), body);
  for (const body of [m.text, m.html]) assert.ok(body.includes(`evil${JOINER}.${JOINER}example`), body);
});
