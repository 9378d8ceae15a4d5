// QA pass 18: the console showed the API's validation paths ("body.url: must be an https URL",
// "body.widget_origins.0: must be an origin …") and "Something went wrong / No lead <uuid>" for a lead link that
// leads nowhere.
import assert from "node:assert/strict";
import { pageFailure, readableMessage } from "../../../console/src/messages.ts";

Deno.test("an API message is shown without its field path, as a sentence", () => {
  assert.equal(readableMessage("body.url: must be an https URL"), "Must be an https URL.");
  assert.equal(
    readableMessage("body.widget_origins.0: must be an origin: http(s)://host[:port], without a path"),
    "Entry 1: Must be an origin: http(s)://host[:port], without a path.",
  );
  assert.equal(
    readableMessage("body.email: Invalid email; body.role: must be one of partner_admin, partner_user"),
    "Invalid email. Must be one of partner_admin, partner_user.",
  );
  assert.equal(readableMessage("query.limit: too big; query.limit: too big"), "Too big.");
  // a message written for people is kept as it is
  assert.equal(readableMessage("The email or password is not right."), "The email or password is not right.");
  assert.equal(readableMessage("must use port 443, not 8443"), "must use port 443, not 8443");
});

Deno.test("a lead that is not there is said so, not as an error with its id", () => {
  const gone = pageFailure({ status: 404, message: "No lead 00000000-0000-0000-0000-000000000000" }, "lead");
  assert.equal(gone.title, "Lead not found");
  assert.doesNotMatch(gone.detail, /0000/);
  assert.equal(pageFailure({ status: 403, message: "forbidden" }, "lead").title, "Lead not found");
  assert.deepEqual(pageFailure({ status: 500, message: "Internal error" }, "page"), {
    title: "Something went wrong",
    detail: "Internal error",
  });
});
