// QA pass 7: the contact step took "123" as a phone number (the partner's lead had it), and the manual usage
// field refused "1,200" with the check step's "… for each month".
import assert from "node:assert/strict";
import { phoneOk } from "../../../shared/widget/phone.ts";
import { kwhTyped } from "../../../widget/src/usage.ts";
import { t } from "../../../widget/src/locale.ts";
import { ContactInput } from "../../../shared/widget/schemas.ts";

Deno.test("a phone is empty or has an area code", () => {
  for (
    const p of [
      "",
      "  ",
      "(480) 555-0199",
      "480-555-0199",
      "+1 480 555 0199",
      "1.480.555.0199",
      "+44 20 7946 0958",
    ]
  ) {
    assert.ok(phoneOk(p), p);
  }
  for (const p of ["123", "555-0199", "call me", "480 555 0199 ext 2", "+1 480 555 0199 0000 0000"]) {
    assert.ok(!phoneOk(p), p);
  }
  // The API refuses it too (a contact posted without the widget).
  const contact = (phone: string | null) =>
    ContactInput.safeParse({ first_name: "Ann", email: "a@example.com", phone });
  assert.equal(contact("123").success, false);
  assert.equal(contact("+1 480 555 0199").success, true);
  assert.equal(contact("").success, true);
  assert.equal(contact(null).success, true);
});

Deno.test("a typed kWh figure reads as a homeowner writes it; the manual field's message is about one figure", () => {
  assert.equal(kwhTyped("1,200"), 1200);
  assert.equal(kwhTyped(" 1 200 "), 1200);
  assert.equal(kwhTyped("950.5"), 950.5);
  assert.ok(Number.isNaN(kwhTyped("abc")));
  assert.ok(Number.isNaN(kwhTyped("-5")));
  assert.doesNotMatch(t.manualInvalid, /each month/);
});
