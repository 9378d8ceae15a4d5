// The small, accessible HTML pages a person sees after clicking an unsubscribe link.
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function page(title: string, message: string, link?: { href: string; label: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
  body { font-family: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; background: #f3f5f7; color: #1f2933; margin: 0; }
  main { max-width: 480px; margin: 10vh auto; background: #fff; padding: 32px; border-radius: 8px; border: 1px solid #e1e6eb; }
  h1 { font-size: 22px; margin-top: 0; }
  a { color: #0b6e4f; font-weight: 600; }
  a:focus { outline: 3px solid #f5b700; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>${esc(title)}</h1>
  <p>${esc(message)}</p>
  ${link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : ""}
</main>
</body>
</html>`;
}
