// The widget as a partner hosts it: widget/dist/cdn/ holds content-hashed, immutable assets, an index.html
// with its Content-Security-Policy in the document (a static host or bucket sets no headers for us) and
// Subresource Integrity on every asset, a manifest, and the embed snippet partners paste.
//   app.<hash>.js, app.<hash>.css   cache forever (the name changes with the content)
//   index.html                      no-cache; references the hashed assets with integrity="sha384-..."
//   embed.<hash>.js                 when widget/src/embed.ts exists (the embed script), same rules
//   manifest.json                   { files: { name -> { path, integrity, bytes } }, csp }
//   embed.html                      the snippet: the embed script with SRI, or an iframe
// `npm run widget:build` writes it next to the local build; `npm run deploy:supabase` uploads it.
import { encodeHex } from "./hex.ts";

export interface CdnFile {
  path: string;
  integrity: string;
  bytes: number;
}

export interface CdnBuild {
  dir: URL;
  files: Record<string, CdnFile>;
  csp: string;
}

/** What the hosted copy shows until its script has run and checked who frames it (fail closed, security pass 17). */
export const FRAME_NOTICE = {
  title: "This estimate cannot be shown here",
  text:
    "Open the solar savings tool on your solar partner's own website, in a browser that runs its scripts.",
};

/**
 * The widget document's policy: its own assets only; API calls to the configured API origin, else to its own origin
 * only. Without an API origin the copy allowed `connect-src https:`, so `?api=https://<attacker>` made the copy, on the
 * platform's or partner's host, take its partner's name, panel and `frame_origins` (the frame check's list) from the
 * attacker and send the homeowner's data there (security pass 17).
 */
export function widgetCsp(apiOrigin?: string): string {
  const connect = apiOrigin ? `'self' ${apiOrigin}` : "'self'";
  const img = apiOrigin ? `'self' https: data: ${apiOrigin}` : "'self' https: data:"; // partner logos come from the API
  return `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src ${img}; connect-src ${connect}; font-src 'self' data:; base-uri 'none'; form-action 'none'`;
}

async function digest(bytes: Uint8Array, alg: "SHA-256" | "SHA-384"): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest(alg, bytes as BufferSource));
}

function base64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

async function hashed(dir: URL, name: string, bytes: Uint8Array): Promise<CdnFile> {
  const short = encodeHex(await digest(bytes, "SHA-256")).slice(0, 12);
  const [base, ext] = [name.slice(0, name.lastIndexOf(".")), name.slice(name.lastIndexOf(".") + 1)];
  const path = `${base}.${short}.${ext}`;
  await Deno.writeFile(new URL(path, dir), bytes);
  return { path, integrity: `sha384-${base64(await digest(bytes, "SHA-384"))}`, bytes: bytes.length };
}

/**
 * The unsubscribe confirmation as a static page (notification-service redirects here when UNSUBSCRIBE_PAGE_URL
 * is set, because hosted functions serve HTML as text/plain): the fragment (#unsubscribed, #used, #invalid)
 * picks the message with CSS :target, so the page needs no script.
 */
const UNSUBSCRIBE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Email preferences</title>
<style>
  body { font-family: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; background: #f3f5f7; color: #1f2933; margin: 0; }
  main { max-width: 480px; margin: 10vh auto; background: #fff; padding: 32px; border-radius: 8px; border: 1px solid #e1e6eb; }
  h1 { font-size: 22px; margin-top: 0; }
  section { display: none; }
  section:target { display: block; }
  main:not(:has(section:target)) #none { display: block; }
</style>
</head>
<body>
<main>
  <section id="none"><h1>Email preferences</h1><p>Open this page from an unsubscribe link in one of our emails.</p></section>
  <section id="unsubscribed"><h1>You are unsubscribed</h1><p>You will no longer receive these emails.</p></section>
  <section id="used"><h1>Link already used</h1><p>This unsubscribe link has already been used.</p></section>
  <section id="invalid"><h1>Link not valid</h1><p>This unsubscribe link is not valid. It may have been altered.</p></section>
</main>
</body>
</html>
`;

const escapeAttr = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** Writes widget/dist/cdn/ from the built app.js / app.css (and embed.js when built). */
export async function writeCdnBuild(
  dist: URL,
  opts: { apiOrigin?: string; publicBase?: string; dir?: URL } = {},
): Promise<CdnBuild> {
  // another folder than dist's cdn/: a build for one deployment that the local stack's own build (which rewrites
  // cdn/ when it starts) must not replace
  const dir = opts.dir ?? new URL("cdn/", dist);
  return await withFolderLock(dir, () => writeCdnFolder(dist, dir, opts));
}

/**
 * Runs `fn` holding `<folder>.lock` (created exclusively; one left by a build that died is taken over after
 * 30 s): the local stack builds the widget once it is healthy while tests or `npm run widget:build` may build at
 * the same time, and a build that removed the folder while another wrote it failed ("writefile …/cdn/app.<hash>.css:
 * No such file or directory").
 */
async function withFolderLock<T>(folder: URL, fn: () => Promise<T>): Promise<T> {
  const lock = new URL(`${folder.pathname.replace(/\/$/, "")}.lock`, "file://");
  for (;;) {
    try {
      (await Deno.open(lock, { createNew: true, write: true })).close();
      break;
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
      const age = await Deno.stat(lock).then((s) => Date.now() - (s.mtime?.getTime() ?? Date.now()), () => 0);
      if (age > 30_000) await Deno.remove(lock).catch(() => {});
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  try {
    return await fn();
  } finally {
    await Deno.remove(lock).catch(() => {});
  }
}

async function writeCdnFolder(
  dist: URL,
  dir: URL,
  opts: { apiOrigin?: string; publicBase?: string },
): Promise<CdnBuild> {
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  await Deno.mkdir(dir, { recursive: true });
  const files: Record<string, CdnFile> = {};
  for (const name of ["app.js", "app.css", "embed.js"]) {
    const bytes = await Deno.readFile(new URL(name, dist)).catch(() => undefined);
    if (bytes) files[name] = await hashed(dir, name, bytes);
  }
  const csp = widgetCsp(opts.apiOrigin);
  // data-frame-check: browsers ignore frame-ancestors in a <meta> tag, so the widget checks who frames it
  // (widget/src/frame_guard.ts, security pass 16). It fails closed (pass 17): the app's element is `hidden` and the
  // notice shown until the script runs (a blocked or failed script leaves the notice), and the form is drawn only
  // under <html data-frame-allowed>, which the script sets once the check passed (styles.css).
  const html = `<!doctype html>
<html lang="en" data-frame-check>
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>Solar savings estimate</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${files["app.css"].path}" integrity="${
    files["app.css"].integrity
  }" crossorigin="anonymous">
</head>
<body>
  <div id="app" class="booting" aria-busy="true" hidden><div class="boot" aria-hidden="true"></div></div>
  <main id="frame-notice" class="screen center"><div class="notice">
    <div class="notice-icon" aria-hidden="true">!</div>
    <h1>${FRAME_NOTICE.title}</h1>
    <p>${FRAME_NOTICE.text}</p>
  </div></main>
  <script src="${files["app.js"].path}" integrity="${
    files["app.js"].integrity
  }" crossorigin="anonymous" defer></script>
</body>
</html>
`;
  await Deno.writeTextFile(new URL("index.html", dir), html);
  const base = (opts.publicBase ?? "https://YOUR-CDN/widget/").replace(/\/?$/, "/");
  const api = opts.apiOrigin ? `&api=${encodeURIComponent(`${opts.apiOrigin}/functions`)}` : "";
  const snippet = files["embed.js"]
    ? `<script src="${base}${files["embed.js"].path}" integrity="${
      files["embed.js"].integrity
    }" crossorigin="anonymous" data-token="PARTNER_TOKEN" defer></script>\n`
    : `<iframe src="${base}index.html?token=PARTNER_TOKEN${api}" title="Solar savings estimate" width="100%" height="640" style="border:0" loading="lazy" referrerpolicy="no-referrer"></iframe>\n`;
  await Deno.writeTextFile(new URL("embed.html", dir), snippet);
  await Deno.writeTextFile(new URL("unsubscribe.html", dir), UNSUBSCRIBE_PAGE);
  await Deno.writeTextFile(new URL("manifest.json", dir), JSON.stringify({ files, csp }, null, 2) + "\n");
  return { dir, files, csp };
}
