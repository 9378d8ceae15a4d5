// The load generator of bench/notifications.ts, run in a Worker so the client's own work does not stall
// the service's event loop (in production Pub/Sub pushes from elsewhere). The same client drives the
// push endpoint and the baselines (a bare Hono handler, a Hono handler doing one INSERT and one SELECT),
// so their ratios compare like with like.
import { pushBody } from "./notifications_body.ts";

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
  const bodies = Array.from({ length: count }, (_, i) => body(jobIds[i % jobIds.length], messageIds?.[i]));
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const cpu0 = threadCpuMs();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      const res = await fetch(url, { method: "POST", headers, body: bodies[i] });
      const json = await res.json();
      latencies.push(performance.now() - t0);
      const key = `${res.status} ${json.status ?? json.error?.code}${
        json.reason ? ` (${String(json.reason).slice(0, 80)})` : ""
      }`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  self.postMessage({ latencies, statuses, seconds, clientCpuMs: threadCpuMs() - cpu0 });
};
