// What a homeowner types (or a script posts) into the public widget's one-line fields.
import assert from "node:assert/strict";
import { Address, ContactInput } from "../../../shared/widget/schemas.ts";

const contact = (first_name: string, last_name = "") =>
  ContactInput.safeParse({ first_name, last_name, email: "a@example.com" });

Deno.test("one-line widget fields: control characters become spaces, invisible and bidi characters go", () => {
  assert.equal(contact("Bob\r\nBcc: evil").data?.first_name, "Bob Bcc: evil");
  // A web or email address is no name (docs/security.md, fourth pass).
  assert.equal(contact("Bob\r\nBcc: x@evil.example").success, false);
  assert.equal(contact("\u202Eevil\u202C").data?.first_name, "evil", "no right-to-left override");
  assert.equal(contact("Ann", "\u2066Lee\u2069\uFEFF").data?.last_name, "Lee");
  // A name of nothing but invisible characters is no name.
  assert.equal(contact("\u200B").success, false);
  assert.equal(contact("\u200B \u200F").success, false);
  // Real names keep every letter, accent, emoji and joiner.
  assert.equal(contact("Zoë 🙂 e\u0301").data?.first_name, "Zoë 🙂 e\u0301");
  assert.equal(contact("👨‍👩‍👧 李小龍").data?.first_name, "👨‍👩‍👧 李小龍");
  assert.equal(contact("O'Brien-Łukasz").data?.first_name, "O'Brien-Łukasz");
  const a = Address.parse({ line1: "100 Main St\t\u200B", city: "Miami", state: "FL", zip: "33128" });
  assert.equal(a.line1, "100 Main St");
});
