// The extensions' demo data on a start: side by side (each seed is a few sequential statements, each its own
// commit; one after the other they were most of the seed phase of a first start, issue #16), except that a seed
// starts only once the seeds named in its `seedAfter` are done (the operations area's technician row reads the
// notifications area's technician login).
import type { Platform } from "../platform.ts";
import type { DemoContext, StackExtension } from "./extension.ts";

export async function runSeeds(extensions: StackExtension[], p: Platform, demo: DemoContext): Promise<void> {
  const byName = new Map(extensions.map((e) => [e.name, e]));
  const running = new Map<string, Promise<void>>();
  const run = (e: StackExtension, chain: string[]): Promise<void> => {
    const known = running.get(e.name);
    if (known) return known;
    if (chain.includes(e.name)) throw new Error(`seedAfter cycle: ${[...chain, e.name].join(" → ")}`);
    const before = (e.seedAfter ?? []).map((name) => {
      const dep = byName.get(name);
      if (!dep) throw new Error(`${e.name}: seedAfter names no extension "${name}"`);
      return run(dep, [...chain, e.name]);
    });
    const done = Promise.all(before).then(() => e.seed?.(p, demo));
    running.set(e.name, done);
    return done;
  };
  await Promise.all(extensions.map((e) => run(e, [])));
}
