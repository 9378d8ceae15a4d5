// Builds the partner console (console/src) into console/dist: app.js, app.css, index.html (esbuild, like the
// widget). CLI: deno run -A scripts/console/build.ts ; the local stack calls buildConsole() on start.
import * as esbuild from "esbuild";

const root = new URL("../../console/", import.meta.url);
const defaultDist = new URL("dist/", root);

export async function buildConsole(
  opts: {
    minify?: boolean;
    /** Elsewhere than console/dist (a separately hosted copy, as in tests/e2e/console/cross_origin_test.ts). */
    outDir?: URL;
    apiBase?: string;
    widgetUrl?: string;
  } = {},
): Promise<{ ms: number; files: { name: string; bytes: number }[] }> {
  const started = performance.now();
  const dist = opts.outDir ?? defaultDist;
  await Deno.mkdir(dist, { recursive: true });
  const common = {
    bundle: true,
    minify: opts.minify ?? true,
    logLevel: "silent" as const,
    legalComments: "none" as const,
  };
  try {
    await esbuild.build({
      ...common,
      entryPoints: [new URL("src/main.ts", root).pathname],
      outfile: new URL("app.js", dist).pathname,
      format: "iife",
      target: ["es2020", "chrome100", "safari15", "firefox100"],
      define: {
        API_BASE: JSON.stringify(opts.apiBase ?? Deno.env.get("CONSOLE_API_BASE") ?? ""),
        WIDGET_URL: JSON.stringify(opts.widgetUrl ?? Deno.env.get("CONSOLE_WIDGET_URL") ?? ""),
      },
    });
    await esbuild.build({
      ...common,
      entryPoints: [new URL("src/styles.css", root).pathname],
      outfile: new URL("app.css", dist).pathname,
    });
  } finally {
    await esbuild.stop();
  }
  await Deno.copyFile(new URL("index.html", root), new URL("index.html", dist));
  const files = [];
  for (const name of ["index.html", "app.js", "app.css"]) {
    files.push({ name, bytes: (await Deno.stat(new URL(name, dist))).size });
  }
  return { ms: Math.round(performance.now() - started), files };
}

if (import.meta.main) {
  const r = await buildConsole({ minify: !Deno.args.includes("--dev") });
  for (const f of r.files) console.log(`console/dist/${f.name}\t${f.bytes} B`);
  console.log(`built in ${r.ms} ms`);
}
