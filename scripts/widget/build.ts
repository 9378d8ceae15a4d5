// Builds the lead widget (widget/src) into widget/dist: app.js (bundled, minified), app.css, index.html (served
// by the local stack), and widget/dist/cdn/ (the hosted shape, scripts/widget/cdn.ts).
// CLI: deno run -A scripts/widget/build.ts ; the local stack calls buildWidget() on start.
import * as esbuild from "esbuild";
import { writeCdnBuild } from "./cdn.ts";

const root = new URL("../../widget/", import.meta.url);
export const widgetDist = new URL("dist/", root);

export interface BuildResult {
  files: { name: string; bytes: number }[];
  ms: number;
}

export async function buildWidget(opts: { minify?: boolean } = {}): Promise<BuildResult> {
  const started = performance.now();
  const minify = opts.minify ?? true;
  await Deno.mkdir(widgetDist, { recursive: true });
  try {
    await esbuild.build({
      entryPoints: [new URL("src/main.ts", root).pathname],
      outfile: new URL("app.js", widgetDist).pathname,
      bundle: true,
      minify,
      format: "iife",
      target: ["es2020", "chrome100", "safari15", "firefox100"],
      legalComments: "none",
      define: { API_BASE: JSON.stringify(Deno.env.get("WIDGET_API_BASE") ?? "") },
      logLevel: "silent",
    });
    // the partner's embed script, when the widget has one (widget/src/embed.ts)
    const embed = new URL("src/embed.ts", root);
    if (await Deno.stat(embed).then(() => true, () => false)) {
      await esbuild.build({
        entryPoints: [embed.pathname],
        outfile: new URL("embed.js", widgetDist).pathname,
        bundle: true,
        minify,
        format: "iife",
        target: ["es2020", "chrome100", "safari15", "firefox100"],
        legalComments: "none",
        logLevel: "silent",
      });
    }
    await esbuild.build({
      entryPoints: [new URL("src/styles.css", root).pathname],
      outfile: new URL("app.css", widgetDist).pathname,
      bundle: true,
      minify,
      logLevel: "silent",
    });
  } finally {
    await esbuild.stop();
  }
  await Deno.copyFile(new URL("index.html", root), new URL("index.html", widgetDist));
  // the hosted shape (widget/dist/cdn/: hashed names, CSP in the document, SRI, embed snippet)
  const apiOrigin = Deno.env.get("WIDGET_API_ORIGIN");
  const cdn = await writeCdnBuild(widgetDist, { apiOrigin, publicBase: Deno.env.get("WIDGET_PUBLIC_BASE") });
  const files = [];
  for (const name of ["index.html", "app.js", "app.css"]) {
    files.push({ name, bytes: (await Deno.stat(new URL(name, widgetDist))).size });
  }
  for (const f of Object.values(cdn.files)) files.push({ name: `cdn/${f.path}`, bytes: f.bytes });
  return { files, ms: Math.round(performance.now() - started) };
}

if (import.meta.main) {
  const r = await buildWidget({ minify: !Deno.args.includes("--dev") });
  for (const f of r.files) console.log(`widget/dist/${f.name}\t${f.bytes} B`);
  console.log(`built in ${r.ms} ms`);
}
