// The load generator of bench/notifications.ts, run in a Worker so the client's own work does not stall
// the service's event loop (in production Pub/Sub pushes from elsewhere). The same client drives the
// push endpoint and the baselines (a bare Hono handler, a Hono handler doing one INSERT and one SELECT),
// so their ratios compare like with like. Each of its `concurrency` lanes is one kept-alive connection of
// http_client.ts (requests as bytes made before the measured part, answers read no further than the status and
// the short JSON body): `fetch` cost 0.10–0.27 ms of this thread's CPU per request on the same two cores as
// the service, which the in-process raw peer never pays (BENCH_CLIENT=fetch: fetch, as before, for comparison).
import { pushBody } from "./notifications_body.ts";
import { type Answer, KeepAliveConnection, postBytes } from "./http_client.ts";

interface Job {
  url: string;
  token: string;
  jobIds: string[];
  count: number;
  concurrency: number;
  /** How long to run at most (the count is the other bound). */
  maxSeconds?: number;
  /** The message id of request i (deliveries queued on the embedded bus); fresh ids without it. */
  messageIds?: string[];
  /** "tcp" (default): http_client.ts; "fetch": the runtime's fetch, as the bench used before push6. */
  client?: "tcp" | "fetch";
}

// This thread's CPU (user + system, ms): the client's own cost, which the service's figures do not include
// but which runs on the same cores (the in-process raw peer has no client).
const threadCpuMs = () => {
  try {
    const f = Deno.readTextFileSync("/proc/thread-self/stat").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN;
  }
};

const body = (jobId: string, messageId?: string) => JSON.stringify(pushBody(jobId, messageId));

self.onmessage = async (e: MessageEvent<Job>) => {
  const { url, token, jobIds, count, concurrency, messageIds } = e.data;
  const deadline = performance.now() + (e.data.maxSeconds ?? 60) * 1000;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  // The bodies are made before the measured part: the client's work during it is only the requests.
  const target = new URL(url);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const bodies = Array.from({ length: count }, (_, i) => body(jobIds[i % jobIds.length], messageIds?.[i]));
  let lanes: ((i: number) => Promise<Answer>)[];
  let close = () => {};
  if (e.data.client === "fetch") {
    lanes = Array.from({ length: concurrency }, () => async (i: number) => {
      const res = await fetch(url, { method: "POST", headers, body: bodies[i] });
      return { status: res.status, body: await res.text() };
    });
  } else {
    const requests = bodies.map((b) => postBytes(target, headers, b));
    const conns = Array.from({ length: concurrency }, () => new KeepAliveConnection(target));
    lanes = conns.map((c) => (i: number) => c.request(requests[i]));
    close = () => conns.forEach((c) => c.close());
  }
  const cpu0 = threadCpuMs();
  const started = performance.now();
  await Promise.all(lanes.map(async (lane) => {
    while (next < count && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      const res = await lane(i);
      latencies.push(performance.now() - t0);
      const json = JSON.parse(res.body);
      const key = `${res.status} ${json.status ?? json.error?.code}${
        json.reason ? ` (${String(json.reason).slice(0, 80)})` : ""
      }`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  close();
  self.postMessage({ latencies, statuses, seconds, clientCpuMs: threadCpuMs() - cpu0 });
};
