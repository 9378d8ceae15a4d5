// The local stack's demo partner page: a partner website with the widget embedded as partners do it.
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The copy-paste embed: the embed script creates the iframe, sizes it to the widget and relays its events. */
export function embedSnippet(baseUrl: string, token: string): string {
  return `<div id="solar-widget"></div>\n<script src="${baseUrl}/widget/embed.js" data-token="${
    escape(token)
  }" data-target="#solar-widget" async></script>`;
}

/** The plain iframe (no resizing, no events), for pages that cannot run a script. */
export function iframeSnippet(baseUrl: string, token: string): string {
  return `<iframe src="${baseUrl}/widget/?token=${
    encodeURIComponent(token)
  }" width="100%" height="700" style="border:0" title="Solar savings estimate" allow="camera"></iframe>`;
}

export function demoPage(baseUrl: string, token: string): string {
  const snippet = embedSnippet(baseUrl, token);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo Solar Co — go solar</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}
header{background:#1d4ed8;color:#fff;padding:1rem 1.5rem;display:flex;align-items:center;gap:.75rem}
header img{height:36px;background:#fff;border-radius:8px;padding:4px}
main{max-width:1100px;margin:0 auto;padding:1.5rem}
h1{font-size:1.8rem;margin:.5rem 0}
.frame{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(15,23,42,.08);overflow:hidden}
pre{background:#0f172a;color:#e2e8f0;padding:1rem;border-radius:10px;overflow:auto;font-size:.85rem;white-space:pre-wrap;word-break:break-all}
</style></head><body>
<header><img src="/demo/logo.svg" alt=""><strong>Demo Solar Co</strong></header>
<main>
<h1>See what solar saves you</h1>
<p>This page plays a partner's website: the savings widget below is embedded with the copy-paste snippet.</p>
<div class="frame">${snippet}</div>
<p id="events" aria-live="polite"></p>
<script>document.addEventListener("solar-widget:lead_created", function (e) {
  document.getElementById("events").textContent = "The widget created lead " + e.detail.leadId + " (a partner's analytics would record it here).";
});</script>
<h2>Embed snippet</h2>
<pre>${escape(snippet)}</pre>
</main></body></html>`;
}

export const demoLogo =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40" role="img" aria-label="Demo Solar Co">
<circle cx="20" cy="20" r="9" fill="#f59e0b"/><g stroke="#f59e0b" stroke-width="3" stroke-linecap="round">
<path d="M20 3v5M20 32v5M3 20h5M32 20h5M8 8l3.5 3.5M28.5 28.5 32 32M8 32l3.5-3.5M28.5 11.5 32 8"/></g>
<text x="44" y="26" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#1d4ed8">Demo Solar</text></svg>`;
