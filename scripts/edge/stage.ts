// Copies exactly what `supabase functions deploy <fn>` ships into a fresh folder: the function folder (with its
// deno.json and deno.lock), every local module it imports by relative path (static and literal dynamic imports,
// as the bundler follows them), and the config.toml static_files of that function. Never node_modules, never
// the repository's deno.json or package.json.
import { dirname, join, relative } from "node:path";
import { repoRoot } from "./runtime.ts";

async function graphOf(fn: string): Promise<{ modules: { specifier: string }[] }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", `supabase/functions/${fn}/index.ts`],
    cwd: repoRoot,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`deno info ${fn}: ${new TextDecoder().decode(out.stderr).slice(-600)}`);
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/** Repository-relative paths of the local modules in a function's graph (from the local Deno's `deno info`). */
export async function localGraph(fn: string): Promise<string[]> {
  const files = new Set<string>();
  for (const m of (await graphOf(fn)).modules) {
    if (!m.specifier.startsWith("file://")) continue;
    const path = decodeURIComponent(new URL(m.specifier).pathname);
    if (path.includes("/node_modules/")) continue;
    files.add(relative(repoRoot, path));
  }
  return [...files].sort();
}

/** Names of the npm packages whose modules are in a function's graph (static and literal dynamic imports). */
export async function npmPackages(fn: string): Promise<string[]> {
  const names = new Set<string>();
  for (const m of (await graphOf(fn)).modules) {
    const rest = m.specifier.split("/node_modules/").slice(1).pop();
    if (rest) names.add(rest.split("/").slice(0, rest.startsWith("@") ? 2 : 1).join("/"));
  }
  return [...names].sort();
}

/** static_files globs of one function in supabase/config.toml (paths relative to supabase/). */
export async function staticFiles(fn: string): Promise<string[]> {
  const toml = await Deno.readTextFile(join(repoRoot, "supabase/config.toml"));
  const section = toml.split(/^\[/m).find((s) => s.startsWith(`functions.${fn}]`));
  const m = section?.match(/^static_files\s*=\s*\[([^\]]*)\]/m);
  if (!m) return [];
  const globs = [...m[1].matchAll(/"([^"]+)"/g)].map((g) => g[1]);
  const files: string[] = [];
  for (const g of globs) {
    const abs = join(repoRoot, "supabase", g);
    const dir = dirname(abs);
    const re = new RegExp(
      "^" + abs.slice(dir.length + 1).replace(/[.+^${}()|[\]\\]/g, "\\$&").replaceAll("*", "[^/]*") + "$",
    );
    for await (const e of Deno.readDir(dir)) {
      if (e.isFile && re.test(e.name)) files.push(relative(repoRoot, join(dir, e.name)));
    }
  }
  return files.sort();
}

async function copy(from: string, to: string) {
  await Deno.mkdir(dirname(to), { recursive: true });
  await Deno.copyFile(from, to);
}

export interface Staged {
  /** Root of the copy (mirrors the repository layout). */
  root: string;
  /** The function folder inside the copy (its deno.json is the config the runtime uses). */
  fnDir: string;
  files: string[];
}

/** Stages `fn` under `into/<fn>/`. */
export async function stageFunction(fn: string, into: string): Promise<Staged> {
  const root = join(into, fn);
  const files = new Set<string>([...await localGraph(fn), ...await staticFiles(fn)]);
  for await (const e of Deno.readDir(join(repoRoot, "supabase/functions", fn))) {
    if (e.isFile) files.add(`supabase/functions/${fn}/${e.name}`);
  }
  for (const f of files) await copy(join(repoRoot, f), join(root, f));
  return { root, fnDir: join(root, "supabase/functions", fn), files: [...files].sort() };
}
