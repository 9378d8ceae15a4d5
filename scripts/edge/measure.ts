// Runs one staged function under the Edge Runtime's Deno and measures it: the bundle (the module graph the
// deploy bundler would pack), boot time, and CPU / peak memory per request from /proc.
import { join } from "node:path";

const decoder = new TextDecoder();

export interface BundleSize {
  /** The bundled graph (esbuild through `deno bundle`, unminified, dynamic imports with literal specifiers included). */
  bytes: number;
  /** npm packages the Edge Runtime's Deno resolves for the graph (name@version). */
  packages: string[];
}

export interface EdgeEnv {
  deno: string;
  denoDir: string;
}

/**
 * The network settings of this machine (proxy, extra CA certificates, npm registry) a child needs to reach the
 * npm registry, and nothing else: the function sees only the env a deploy would give it.
 */
export function networkEnv(): Record<string, string> {
  const names = [
    "HTTPS_PROXY",
    "https_proxy",
    "HTTP_PROXY",
    "http_proxy",
    "NO_PROXY",
    "no_proxy",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
    "NPM_CONFIG_REGISTRY",
  ];
  const out: Record<string, string> = { DENO_TLS_CA_STORE: "mozilla,system" };
  for (const n of names) {
    const v = Deno.env.get(n);
    if (v) out[n] = v;
  }
  return out;
}

function run(deno: string, denoDir: string, cwd: string, args: string[]) {
  return new Deno.Command(deno, {
    args,
    cwd,
    env: { ...networkEnv(), DENO_DIR: denoDir, NO_COLOR: "1" },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
}

/** Resolves the graph with the committed deno.lock (frozen: a stale lock fails) and downloads the npm packages. */
export async function install(e: EdgeEnv, fnDir: string, opts: { frozen: boolean }): Promise<void> {
  const out = await run(e.deno, e.denoDir, fnDir, [
    "install",
    "--config",
    "deno.json",
    "--entrypoint",
    "index.ts",
    ...(opts.frozen ? ["--frozen"] : []),
  ]);
  if (!out.success) throw new Error(`deno install: ${decoder.decode(out.stderr).slice(-1500)}`);
}

/**
 * What the bundler packs for index.ts: the graph bundled by esbuild (`deno bundle` of the local, newer Deno:
 * Deno 2.1 has no bundler), from the staged copy, with its own module cache. A native addon in the graph makes
 * bundling fail, which is reported as such.
 */
export async function bundleSize(e: EdgeEnv, fnDir: string, scratch: string): Promise<BundleSize> {
  const info = await run(e.deno, e.denoDir, fnDir, ["info", "--json", "--config", "deno.json", "index.ts"]);
  if (!info.success) throw new Error(`deno info: ${decoder.decode(info.stderr).slice(-1500)}`);
  const graph = JSON.parse(decoder.decode(info.stdout)) as { npmPackages?: Record<string, unknown> };
  const packages = Object.keys(graph.npmPackages ?? {}).sort();
  const outFile = join(scratch, `bundle-${crypto.randomUUID()}.js`);
  const out = await run(Deno.execPath(), join(scratch, ".deno-bundle"), fnDir, [
    "bundle",
    "--no-lock",
    "--config",
    "deno.json",
    "--platform=deno",
    "-o",
    outFile,
    "index.ts",
  ]);
  if (!out.success) {
    const err = decoder.decode(out.stderr).split("\n").filter((l) => /error/i.test(l)).slice(0, 3).join(
      " | ",
    );
    throw new Error(`not bundleable (${err.slice(0, 600)}); npm packages: ${packages.join(", ")}`);
  }
  const bytes = (await Deno.stat(outFile)).size;
  await Deno.remove(outFile);
  return { bytes, packages };
}

/** Peak V8 heap + external memory since the previous call (and now), from the entry wrapper. */
export async function heapPeak(url: string): Promise<{ peak: number; current: number }> {
  return await (await fetch(`${url}/__edge_check/heap`)).json();
}

export interface ProcUsage {
  cpuMs: number;
  rssBytes: number;
  peakRssBytes: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

export async function procUsage(pid: number): Promise<ProcUsage> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const cpuMs = (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kb = (key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0) * 1024;
  return { cpuMs, rssBytes: kb("VmRSS"), peakRssBytes: kb("VmHWM") };
}

export interface Running {
  url: string;
  pid: number;
  bootMs: number;
  /** stdout + stderr of the function so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Boots index.ts the way the Edge Runtime would run it: no node_modules, the function's deno.json, network
 * and env only, reads limited to the shipped files (and the module cache), no writes, no subprocesses, no FFI.
 */
export async function boot(
  e: EdgeEnv,
  staged: { root: string; fnDir: string },
  fn: string,
  port: number,
  env: Record<string, string>,
): Promise<Running> {
  await Deno.copyFile(new URL("./entry.ts", import.meta.url), join(staged.fnDir, "_edge_check_entry.ts"));
  const started = performance.now();
  const child = new Deno.Command(e.deno, {
    args: [
      "run",
      "--config",
      "deno.json",
      "--frozen",
      "--allow-net",
      "--allow-env",
      "--allow-sys",
      `--allow-read=${staged.root},${e.denoDir}`,
      "--no-prompt",
      "_edge_check_entry.ts",
    ],
    cwd: staged.fnDir,
    env: { ...networkEnv(), ...env, DENO_DIR: e.denoDir, NO_COLOR: "1", EDGE_CHECK_PORT: String(port) },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const drain = async (s: ReadableStream<Uint8Array>) => {
    for await (const c of s) log = (log + decoder.decode(c)).slice(-20_000);
  };
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]);
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) child.kill("SIGTERM");
    await status;
    await drained;
  };
  const deadline = Date.now() + 60_000;
  while (true) {
    if (exited) {
      await drained;
      throw new Error(`${fn} exited at boot: ${log.slice(-2000)}`);
    }
    try {
      const res = await fetch(`${url}/${fn}/health`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status === 200) break;
      if (res.status >= 500) {
        await stop();
        throw new Error(`${fn} /health answered ${res.status}: ${log.slice(-2000)}`);
      }
    } catch (err) {
      if (err instanceof Error && err.message.startsWith(fn)) throw err;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${fn} did not answer /health within 60 s: ${log.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, pid: child.pid, bootMs: Math.round(performance.now() - started), output: () => log, stop };
}
