// Domains throw DomainError with a kind; the HTTP layer maps each kind to its status and the usual body.
import assert from "node:assert/strict";
import { Hono } from "hono";
import { DomainError, type ErrorKind } from "../../../shared/errors.ts";
import { errorResponse } from "../../../shared/http/app.ts";
import { ApiError } from "../../../shared/http/errors.ts";

const expected: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  upstream: 502,
  unavailable: 503,
};

const app = new Hono();
app.get("/domain/:kind", (c) => {
  throw new DomainError(c.req.param("kind") as ErrorKind, "some_code", "Something went wrong");
});
app.get("/api", () => {
  throw new ApiError(418, "teapot", "An explicit status wins");
});
app.onError((e, c) => errorResponse(e, c, "test"));

Deno.test("a DomainError answers the status of its kind with the {error:{code,message}} body", async () => {
  for (const [kind, status] of Object.entries(expected)) {
    const res = await app.request(`/domain/${kind}`);
    assert.equal(res.status, status, kind);
    assert.deepEqual(await res.json(), { error: { code: "some_code", message: "Something went wrong" } });
  }
});

Deno.test("an ApiError thrown by a route keeps its explicit status", async () => {
  const res = await app.request("/api");
  assert.equal(res.status, 418);
  assert.equal((await res.json()).error.code, "teapot");
});
