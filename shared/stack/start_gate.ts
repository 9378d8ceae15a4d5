// `npm start` listens while its migrations run (issue #16, cold start): a request that arrives before the stack is
// ready (schema migrated, demo data seeded) is held until then instead of being refused, and answered 503 if the
// start fails or is stopped first. The services' liveness checks (GET …/health, answered from memory: is the
// process serving at all) pass while the start is held; ready still means what it did: the schema is migrated,
// the demo data seeded, and every service has answered its /health.
import { errorBody } from "../http/errors.ts";

type Handler = (req: Request, info?: Deno.ServeHandlerInfo) => Response | Promise<Response>;

export interface StartGate {
  /** The handler to serve: each request waits for `open()` (or answers 503 after `fail()`). */
  handler: Handler;
  /** Lets the held requests (and every later one) through. */
  open(): void;
  /** Answers the held requests (and every later one) 503 with `reason`. */
  fail(reason: string): void;
}

/** The services' liveness paths (GET /v1/<service>/health, /functions/v1/<service>/health): answered from memory
 * by each service's app (shared/http/health.ts), schema or not, so not held. /health/ready asks the database and
 * is held like every other path. */
export const LIVENESS = /^\/(?:functions\/)?v1\/[a-z-]+\/health$/;

export function startGate(inner: Handler, passes: (req: Request) => boolean = () => false): StartGate {
  let open!: () => void;
  let fail!: (reason: string) => void;
  let state: "held" | "open" | "failed" = "held";
  const passed = new Promise<void>((resolve, reject) => {
    open = () => (state = state === "held" ? "open" : state, resolve());
    fail = (reason) => (state = state === "held" ? "failed" : state, reject(new Error(reason)));
  });
  passed.catch(() => {}); // each held request answers the failure itself
  const refused = (e: unknown) =>
    Response.json(errorBody("not_ready", `The stack is not serving: ${(e as Error).message}`), {
      status: 503,
      headers: { "Retry-After": "2" },
    });
  return {
    handler: (req, info) =>
      state === "open" || (state === "held" && passes(req))
        ? inner(req, info)
        : passed.then(() => inner(req, info), refused),
    open: () => open(),
    fail: (reason) => fail(reason),
  };
}
