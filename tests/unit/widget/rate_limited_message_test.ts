// A rate-limited request (429) is said in the homeowner's words, with the wait in minutes from Retry-After (QA pass
// 16: the widget showed the server's "Too many properties were created from here; try again in 718 s").
import assert from "node:assert/strict";
import { ApiError, parse } from "../../../widget/src/api.ts";
import { errorMessage } from "../../../widget/src/errors.ts";

const rejected = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("not rejected");
};

Deno.test("widget: a 429 says when to try again, in minutes, never the server's wording", async () => {
  const body = JSON.stringify({
    error: {
      code: "property_rate_limited",
      message: "Too many properties were created from here; try again in 718 s",
    },
  });
  const e = await rejected(parse(429, body, "718"));
  assert.ok(e instanceof ApiError);
  assert.equal(e.retryAfter, 718);
  assert.equal(errorMessage(e), "Too many tries from this connection. Please try again in 12 minutes.");
  assert.equal(
    errorMessage(await rejected(parse(429, body, "45"))),
    "Too many tries from this connection. Please try again in a minute.",
  );
  assert.equal(
    errorMessage(await rejected(parse(429, body, null))),
    "Too many tries from this connection. Please try again later.",
  );
  // other 4xx answers keep their own message
  assert.equal(
    errorMessage(new ApiError(400, "invalid_zip", "Type a 5-digit ZIP code.")),
    "Type a 5-digit ZIP code.",
  );
});
