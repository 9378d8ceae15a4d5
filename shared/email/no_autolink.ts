// Text a stranger or a partner typed, written into an email, that no mail program turns into a link (docs/security.md,
// pass 15). Web and email addresses and phone numbers are refused in names and addresses where they are typed
// (shared/validation/person_name.ts), but a bare domain cannot be: "St.Louis", "N.Main" and "P.O.Box" are addresses,
// "evil.example" a link in most mail programs (Gmail, Outlook and Apple Mail link a word followed by a dot and a known
// top-level domain, and top-level domains now include .box, .st and .solar). So every dot between a letter or digit and
// a letter in such text gets a zero-width non-joiner (U+200C) on each side: it shows nothing and breaks the domain
// for the linkers (the label before it no longer ends, or the top-level domain no longer matches a known one). A dot
// of a number ("$1,234.50", "2.5 kW") is left alone. The ideographic and full-width full stops count as dots: domain
// names read them as dots (IDNA), and so do linkers.
import { replaceOutside } from "./own_domains.ts";

const DOMAIN_DOT = /(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=\p{L})/gu;
const ZWNJ = "\u200C";

/**
 * `text` with every domain-like dot broken for mail programs' automatic links (invisible), except in the partner's
 * `own` domains (the domain-like words of its organization's name, in any form that names the same host:
 * own_domains.ts, security pass 17).
 */
export const noAutoLink = (text: string, own: readonly string[] = []): string =>
  replaceOutside(text, DOMAIN_DOT, own, (dot) => `${ZWNJ}${dot}${ZWNJ}`);

// The links an email means to give: the platform's own (`*_url`), and the values a template puts in an `href` (the
// partner's phone and website in the homeowner's report, the homeowner's email and phone in the partner's new-lead
// email: linked on purpose, and validated as an address or a number where they are typed).
const PLATFORM_LINK = /url$/i;

/** The keys a template links on purpose: each `{{key}}` inside an `href="…"`. */
export function linkedKeys(html: string): Set<string> {
  return new Set([...html.matchAll(/href="[^"]*\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]));
}

/**
 * The template data with every string but the links the email means to give (`linked`, and `*_url`) passed through
 * noAutoLink, arrays and nested objects included, the partner's `own` domains kept. Handlebars then escapes the HTML as
 * before.
 */
export function unlinkedData(
  data: Record<string, unknown>,
  linked: Set<string> = new Set(),
  own: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    out[k] = PLATFORM_LINK.test(k) || linked.has(k) ? v : unlinked(v, own);
  }
  return out;
}

function unlinked(v: unknown, own: readonly string[]): unknown {
  if (typeof v === "string") return noAutoLink(v, own);
  if (Array.isArray(v)) return v.map((x) => unlinked(x, own));
  if (v && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    return unlinkedData(v as Record<string, unknown>, new Set(), own);
  }
  return v;
}
