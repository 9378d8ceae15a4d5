import assert from "node:assert/strict";
import { warmServices } from "../../../shared/stack/warm_services.ts";

Deno.test("warmServices: asks each service's /health, in order, and reads nothing else", async () => {
  const seen: string[] = [];
  const asked = await warmServices(
    (req) => {
      seen.push(`${req.method} ${new URL(req.url).pathname}`);
      return new Response("ok");
    },
    ["a-service", "b-service"],
    () => false,
  );
  assert.deepEqual(seen, ["GET /v1/a-service/health", "GET /v1/b-service/health"]);
  assert.deepEqual(asked, ["a-service", "b-service"]);
});

Deno.test("warmServices: stops before the next service once stop() says so (the database is up)", async () => {
  let up = false;
  const seen: string[] = [];
  const asked = await warmServices(
    (req) => {
      seen.push(new URL(req.url).pathname);
      up = true; // the database came up while the first request ran
      return new Response("ok");
    },
    ["a", "b", "c"],
    () => up,
  );
  assert.deepEqual(seen, ["/v1/a/health"]);
  assert.deepEqual(asked, ["a"]);
});

Deno.test("warmServices: a failing service is skipped, the others still asked", async () => {
  const asked = await warmServices(
    (req) => {
      if (req.url.includes("/bad/")) throw new Error("boom");
      return Promise.resolve(new Response("ok"));
    },
    ["bad", "good"],
    () => false,
  );
  assert.deepEqual(asked, ["good"]);
});
