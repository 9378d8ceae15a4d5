// A V8 CPU profile of this process's main isolate (node:inspector, in process), for the benchmarks: start,
// stop and a summary of where the samples fell (self time by function and by file). Used by
// bench/notifications.ts with BENCH_CPU_PROFILE=<file.cpuprofile> (the push loads only; the load generator is
// a Worker, another isolate, so its work is not in the profile). The file opens in Chrome DevTools.
import { Session } from "node:inspector";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function startCpuProfile(): Promise<() => Promise<Profile>> {
  const s = new Session();
  s.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      s.post(method, params ?? {}, (e: Error | null, r?: object) => (e ? reject(e) : resolve(r as T)))
    );
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 100 });
  await post("Profiler.start");
  return async () => {
    const { profile } = await post<{ profile: Profile }>("Profiler.stop");
    s.disconnect();
    return profile;
  };
}

// Not the service's work: the thread waiting, and the profiler's own calls (node:inspector's `post`).
const notBusy = (f: ProfileNode["callFrame"]) => f.functionName === "(idle)" || f.url.includes("inspector");

/**
 * The top `n` functions by self time and by total time (with their callees; each function counted once per
 * sample however deep it recurs), and the top folders by self time, as lines of text. Shares are of the busy
 * samples: the idle thread and the profiler's own calls are left out.
 */
export function summarize(profile: Profile, n = 30): string[] {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const parent = new Map<number, number>();
  for (const x of profile.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const fn = new Map<string, number>();
  const total = new Map<string, number>();
  const file = new Map<string, number>();
  const where = (f: ProfileNode["callFrame"]) =>
    f.url.replace(/^.*\/(node_modules|shared|supabase|scripts)\//, "$1/") || "(native)";
  const name = (f: ProfileNode["callFrame"]) =>
    `${f.functionName || "(anonymous)"}  ${where(f)}:${f.lineNumber + 1}`;
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
  let busy = 0;
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    if (notBusy(f)) continue;
    busy += us;
    add(fn, name(f), us);
    add(file, where(f).replace(/\/[^/]*$/, "") || where(f), us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = name(byId.get(at)!.callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      add(total, k, us);
    }
  }
  total.delete(name({ functionName: "(root)", url: "", lineNumber: -1 }));
  const top = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) =>
      `  ${(100 * us / (busy || 1)).toFixed(1).padStart(5)} %  ${k}`
    );
  return [
    `busy ${
      (busy / 1000).toFixed(0)
    } ms sampled (idle and the profiler's own calls left out); by function, self time:`,
    ...top(fn),
    "by function, total time (with callees):",
    ...top(total),
    "by folder, self time:",
    ...top(file),
  ];
}
