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

/** The top `n` functions and files by self time, as lines of text. */
export function summarize(profile: Profile, n = 30): string[] {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    const where = f.url.replace(/^.*\/(node_modules|shared|supabase|scripts)\//, "$1/") || "(native)";
    const k = `${f.functionName || "(anonymous)"}  ${where}:${f.lineNumber + 1}`;
    fn.set(k, (fn.get(k) ?? 0) + us);
    const fk = where.replace(/\/[^/]*$/, "") || where;
    file.set(fk, (file.get(fk) ?? 0) + us);
  }
  const top = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) =>
      `  ${(100 * us / total).toFixed(1).padStart(5)} %  ${k}`
    );
  return [
    `self time, ${(total / 1000).toFixed(0)} ms sampled; by function:`,
    ...top(fn),
    "by folder:",
    ...top(file),
  ];
}
