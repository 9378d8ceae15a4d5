// The local stack's dev mailbox: every email of the outbox, rendered, with its attachments and buttons that
// fire signed delivery webhooks (as the provider would) back to the notification service.
import type { OutboxEmail } from "./outbox.ts";

/** The form field the mailbox's buttons carry the stack's development-page token in (checked by shared/stack/dev_guard.ts). */
export const DEV_TOKEN_FIELD = "dev_token";

const esc = (s: unknown) =>
  String(s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19) + " UTC";
const size = (
  n: number,
) => (n < 1024
  ? `${n} B`
  : n < 1024 * 1024
  ? `${(n / 1024).toFixed(1)} KB`
  : `${(n / 1024 / 1024).toFixed(1)} MB`);

const STYLE = `
  :root { --accent: #0b6e4f; --muted: #616e7c; --line: #e1e6eb; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1f2933; background: #f3f5f7; }
  header { background: var(--accent); color: #fff; padding: 12px 20px; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
  header h1 { font-size: 18px; margin: 0; }
  header a { color: #fff; }
  main { max-width: 1100px; margin: 0 auto; padding: 16px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid var(--line); }
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { font-size: 13px; color: var(--muted); font-weight: 600; }
  a { color: var(--accent); }
  .pill { display: inline-block; padding: 1px 8px; border-radius: 10px; background: #e6f4ef; color: var(--accent); font-size: 12px; }
  .muted { color: var(--muted); font-size: 13px; }
  form.inline { display: inline; }
  button { font: inherit; padding: 6px 12px; border-radius: 6px; border: 1px solid var(--accent); background: #fff; color: var(--accent); cursor: pointer; margin: 0 6px 6px 0; }
  button:hover, button:focus { background: var(--accent); color: #fff; }
  .card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px; margin-bottom: 16px; }
  iframe { width: 100%; height: 640px; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f8fafc; padding: 12px; border-radius: 6px; border: 1px solid var(--line); }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
  dt { color: var(--muted); } dd { margin: 0; word-break: break-word; }
  .flash { background: #fff8e1; border: 1px solid #f5b700; padding: 8px 12px; border-radius: 6px; margin-bottom: 12px; }
`;

function shell(title: string, body: string, refresh = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="5">' : ""}<title>${
    esc(title)
  }</title><style>${STYLE}</style></head>
<body><header><h1>Dev mailbox</h1><a href="/dev/mailbox">All emails</a><a href="/">Local stack</a>
<span class="muted" style="color:#d7efe6">Emails sent by the embedded outbox provider (EMAIL_PROVIDER=outbox). Nothing leaves this machine.</span></header>
<main>${body}</main></body></html>`;
}

export interface MailboxRow extends OutboxEmail {
  logStatus?: string | null;
}

export function mailboxListPage(emails: MailboxRow[], filter: { to?: string }): string {
  const rows = emails.map((e) =>
    `<tr>
    <td class="muted">${esc(when(e.createdAt))}</td>
    <td>${esc(e.to.join(", "))}</td>
    <td><a href="/dev/mailbox/${encodeURIComponent(e.id)}">${esc(e.subject || "(no subject)")}</a>
      ${
      e.attachments.length ? `<span class="pill" title="attachments">📎 ${e.attachments.length}</span>` : ""
    }</td>
    <td>${
      e.logStatus
        ? `<span class="pill">${esc(e.logStatus)}</span>`
        : e.lastEvent
        ? `<span class="pill">${esc(e.lastEvent)}</span>`
        : `<span class="muted" title="accepted by the outbox; no delivery event yet">sent</span>`
    }</td>
  </tr>`
  ).join("");
  return shell(
    "Dev mailbox",
    `
  <form method="get" action="/dev/mailbox" class="card" role="search">
    <label for="to">Recipient</label> <input id="to" name="to" type="email" value="${
      esc(filter.to ?? "")
    }" placeholder="someone@example.test">
    <button type="submit">Filter</button> <a href="/dev/mailbox">Clear</a>
    <span class="muted"> · JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a> · refreshes every 5 s</span>
  </form>
  ${
      emails.length
        ? `<table><caption class="muted" style="text-align:left;padding:6px 0">${emails.length} email(s), newest first</caption>
  <thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead>
  <tbody>${rows}</tbody></table>`
        : `<p class="card">No emails yet. Publish a test event: <code>npm run event -- publish job.assigned --recipient &lt;user id&gt;</code></p>`
    }`,
    true,
  );
}

export const DELIVERY_EVENTS = ["delivered", "opened", "bounced", "complained"] as const;

/** One email; `token` is the stack's development-page token, sent by the webhook buttons' forms (dev_guard.ts). */
export function mailboxEmailPage(e: MailboxRow, token: string, flash?: string): string {
  const headers = Object.entries(e.headers);
  const attachments = e.attachments.map((a) =>
    `<li><a href="/dev/mailbox/${encodeURIComponent(e.id)}/attachments/${a.position}" download="${
      esc(a.filename)
    }">${esc(a.filename)}</a>
      <span class="muted">${esc(a.contentType)}, ${size(a.size)}</span> ·
      <a href="/dev/mailbox/${
      encodeURIComponent(e.id)
    }/attachments/${a.position}?inline=1" target="_blank" rel="noopener">open</a></li>`
  ).join("");
  const buttons = DELIVERY_EVENTS.map((t) =>
    `<form class="inline" method="post" action="/dev/mailbox/${
      encodeURIComponent(e.id)
    }/events/${t}"><input type="hidden" name="${DEV_TOKEN_FIELD}" value="${
      esc(token)
    }"><button type="submit">Fire email.${t}</button></form>`
  ).join("");
  return shell(
    e.subject,
    `
  ${flash ? `<p class="flash" role="status">${esc(flash)}</p>` : ""}
  <section class="card" aria-labelledby="subject">
    <h2 id="subject" style="margin-top:0">${esc(e.subject)}</h2>
    <dl>
      <dt>From</dt><dd>${esc(e.from)}</dd>
      <dt>To</dt><dd>${esc(e.to.join(", "))}</dd>
      <dt>Reply-To</dt><dd>${esc(e.replyTo ?? "—")}</dd>
      <dt>Sent</dt><dd>${esc(when(e.createdAt))}</dd>
      <dt>Email id</dt><dd><code>${esc(e.id)}</code></dd>
      <dt>Log status</dt><dd>${esc(e.logStatus ?? "—")}${
      e.lastEvent ? ` <span class="muted">(last webhook fired: ${esc(e.lastEvent)})</span>` : ""
    }</dd>
    </dl>
  </section>
  <section class="card" aria-labelledby="hooks"><h3 id="hooks" style="margin-top:0">Delivery webhooks</h3>
    <p class="muted">Sends a signed Standard Webhooks request to the notification service, as the provider would.</p>${buttons}</section>
  ${
      attachments
        ? `<section class="card" aria-labelledby="att"><h3 id="att" style="margin-top:0">Attachments</h3><ul>${attachments}</ul></section>`
        : ""
    }
  <section class="card" aria-labelledby="html"><h3 id="html" style="margin-top:0">HTML</h3>
    <iframe title="Rendered email" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${
      esc(e.html)
    }"></iframe></section>
  <section class="card" aria-labelledby="text"><h3 id="text" style="margin-top:0">Plain text</h3><pre>${
      esc(e.text)
    }</pre></section>
  <section class="card" aria-labelledby="hdrs"><h3 id="hdrs" style="margin-top:0">Headers</h3>
    ${
      headers.length
        ? `<dl>${headers.map(([k, v]) => `<dt>${esc(k)}</dt><dd><code>${esc(v)}</code></dd>`).join("")}</dl>`
        : '<p class="muted">None</p>'
    }</section>`,
  );
}
