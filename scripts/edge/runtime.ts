// The Deno the Supabase Edge Runtime embeds, installed from the npm `deno` package into a cache folder outside
// node_modules (npm registry only), and the function list.
//
// Provenance of the version: supabase/edge-runtime `deno/Cargo.toml` declares `name = "deno"`, `version =
// "2.1.4"` (the Deno crate the runtime vendors since its "release deno 2.1 compatible version", PR #592; the
// hosted platform runs Deno 2.1, supabase/cli PR #4065). Change EDGE_DENO_VERSION when that file changes.
import { join } from "node:path";

export const EDGE_DENO_VERSION = "2.1.4";

const root = new URL("../../", import.meta.url);
export const repoRoot = decodeURIComponent(root.pathname).replace(/\/$/, "");

function cacheDir(): string {
  const base = Deno.env.get("SOLAR_EDGE_DENO_CACHE") ??
    join(Deno.env.get("XDG_CACHE_HOME") ?? join(Deno.env.get("HOME") ?? "/tmp", ".cache"), "solar-edge-deno");
  return join(base, EDGE_DENO_VERSION);
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

/** Path of the Edge Runtime's Deno; installs `deno@EDGE_DENO_VERSION` with npm when it is missing. */
export async function edgeDeno(): Promise<string> {
  const dir = cacheDir();
  const bin = join(
    dir,
    "node_modules",
    "@deno",
    `${Deno.build.os}-${Deno.build.arch === "aarch64" ? "arm64" : "x64"}-glibc`,
    "deno",
  );
  if (await exists(bin)) return bin;
  await Deno.mkdir(dir, { recursive: true });
  // --ignore-scripts: the binary comes with the platform package (optional dependency); the postinstall only
  // re-links it, which we do not need.
  const out = await new Deno.Command("npm", {
    args: [
      "install",
      "--prefix",
      dir,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      `deno@${EDGE_DENO_VERSION}`,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success || !(await exists(bin))) {
    throw new Error(
      `could not install deno@${EDGE_DENO_VERSION} into ${dir}: ${
        new TextDecoder().decode(out.stderr).slice(-800)
      }`,
    );
  }
  return bin;
}

/** Every deployable function: a folder under supabase/functions/ with an index.ts. */
export async function functionNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const e of Deno.readDir(join(repoRoot, "supabase/functions"))) {
    if (e.isDirectory && await exists(join(repoRoot, "supabase/functions", e.name, "index.ts"))) {
      names.push(e.name);
    }
  }
  return names.sort();
}
