// `npm start` listens while its migrations run (issue #16, cold start): a request that arrives before the stack is
// ready (schema migrated, demo data seeded) is held until then instead of being refused, and answered 503 if the
// start fails or is stopped first. Ready still means what it did: the start is printed once every service has
// answered its /health through this gate.
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

export function startGate(inner: Handler): StartGate {
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
      state === "open" ? inner(req, info) : passed.then(() => inner(req, info), refused),
    open: () => open(),
    fail: (reason) => fail(reason),
  };
}
