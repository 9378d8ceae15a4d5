// A first request's cost, paid while the database starts (issue #16, cold start): each service's router is built on
// its first request (Hono compiles its matcher then), and `npm start` asks every service's /health before it
// prints the start, after the migrations and the seed. While initdb and the server start, the stack's own process
// is idle once its modules are in, so the same in-memory requests sent then move that work off the start's
// critical path. Liveness paths only: answered from memory, no query, nothing written.

type Handler = (req: Request) => Response | Promise<Response>;

/**
 * Sends GET /v1/<service>/health for each of `services` to `handler`, one after the other, and stops before the
 * next one once `stop()` says so (the database is up: from then on the process has its own work). Resolves with
 * the services asked; a request that fails is skipped (the real check after the seed reports it).
 */
export async function warmServices(
  handler: Handler,
  services: readonly string[],
  stop: () => boolean,
): Promise<string[]> {
  const asked: string[] = [];
  for (const s of services) {
    if (stop()) break;
    try {
      const res = await handler(new Request(`http://127.0.0.1/v1/${s}/health`));
      await res.body?.cancel();
      asked.push(s);
    } catch { /* the health check after the seed asks again and says what failed */ }
  }
  return asked;
}
