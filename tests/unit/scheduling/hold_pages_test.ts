// The homeowner's side of a widget booking (QA pass 8): the hold's email and the confirmation link's pages.
import assert from "node:assert/strict";
import { holdEmail } from "../../../shared/scheduling/hold_email.ts";
import { confirmFormPage, outcomePage } from "../../../shared/scheduling/confirm_page.ts";

const input = {
  from: "notifications@example.com",
  to: "quinn@example.com",
  partnerName: "Demo Solar Co",
  start: new Date("2026-11-25T15:00:00Z"),
  end: new Date("2026-11-25T17:00:00Z"),
  timezone: "America/New_York",
  expiresAt: new Date("2026-11-25T03:53:19Z"),
  confirmUrl: "https://example.com/confirm?token=a.1.b",
};
const mail = holdEmail(input);

Deno.test("the hold email gives the time as a person reads it, in the appointment's zone", () => {
  assert.match(mail.text, /an appointment on Wednesday, November 25, 2026, 10:00\sAM to 12:00\sPM EST\./);
  assert.match(mail.text, /before Tuesday, November 24, 2026 at 10:53\sPM EST;/);
  assert.doesNotMatch(mail.text + mail.html, /2026-11-25 10:00|America\/New_York/);
  assert.match(mail.html, /<strong>Wednesday, November 25, 2026, 10:00\sAM to 12:00\sPM EST<\/strong>/);
});

Deno.test("the confirmation pages fit a phone: scale 1, padding off the edges, a button a thumb can press", () => {
  for (const html of [confirmFormPage("a.1.b"), outcomePage("confirmed"), outcomePage("expired")]) {
    assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    assert.match(html, /body\{[^}]*padding:0 1\.25rem/);
  }
  assert.match(confirmFormPage("a.1.b"), /button\{[^}]*min-height:3rem/);
  assert.match(confirmFormPage('a"<b>'), /action="\?token=a%22%3Cb%3E"/, "the token is escaped in the form");
});

Deno.test("the confirmation page names the appointment it confirms, escaped", () => {
  const html = confirmFormPage("a.1.b", {
    partnerName: "Sun <b>& Co",
    when: "Wednesday, November 25, 2026 at 10:00 AM EST",
  });
  assert.match(
    html,
    /Your appointment with Sun &lt;b&gt;&amp; Co on <strong>Wednesday, November 25, 2026 at 10:00 AM EST<\/strong> is held for you\./,
  );
  assert.match(confirmFormPage("a.1.b", null), /the appointment you asked for/);
});

Deno.test("the hold email names the home and the partner's phone, escaped; without them it says neither (QA pass 10)", () => {
  const m = holdEmail({
    ...input,
    partnerName: "Sun & Co",
    address: "4521 Oak Hollow Dr, Apt <2>, Jacksonville, FL 32210",
    partnerPhone: "(904) 555-0117",
  });
  assert.match(m.text, /an appointment at 4521 Oak Hollow Dr, Apt <2>, Jacksonville, FL 32210 on Wednesday/);
  assert.match(m.text, /Questions or another time\? Call Sun & Co at \(904\) 555-0117\./);
  assert.match(m.html, /at <strong>4521 Oak Hollow Dr, Apt &lt;2&gt;, Jacksonville, FL 32210<\/strong> on/);
  assert.match(m.html, /Call Sun &amp; Co at <a href="tel:9045550117">\(904\) 555-0117<\/a>\./);
  assert.doesNotMatch(mail.text + mail.html, /Call | at <strong>/, "none given: neither said");
});

Deno.test("the confirmation pages name the home and the partner's phone too, escaped (QA pass 10)", () => {
  const held = {
    partnerName: "Sun & Co",
    when: "Thursday, November 26, 2026, 8:00 AM to 10:00 AM EST",
    address: "4521 Oak Hollow Dr, Apt <2>, Jacksonville, FL 32210",
    phone: "(904) 555-0117",
  };
  const call =
    /<p>Questions or another time\? Call Sun &amp; Co at <a href="tel:9045550117">\(904\) 555-0117<\/a>\.<\/p>/;
  const form = confirmFormPage("a.1.b", held);
  assert.match(
    form,
    /with Sun &amp; Co at <strong>4521 Oak Hollow Dr, Apt &lt;2&gt;, Jacksonville, FL 32210<\/strong> on <strong>Thursday/,
  );
  assert.match(form, call);
  for (const o of ["confirmed", "already_confirmed"] as const) {
    const page = outcomePage(o, held);
    assert.match(
      page,
      /with Sun &amp; Co at <strong>4521 Oak Hollow Dr, Apt &lt;2&gt;, Jacksonville, FL 32210<\/strong>: <strong>/,
    );
    assert.match(page, call);
  }
  const bare = confirmFormPage("a.1.b", { partnerName: "Sun", when: "Thursday" });
  assert.doesNotMatch(bare, /Call | at <strong>/, "neither known: neither said");
});
