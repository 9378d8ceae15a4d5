// A partner's own domains in the emails and PDFs the platform writes for it (docs/security.md, passes 16 and 17).
// Typed text is drawn so that no mail program or PDF viewer links a domain in it (no_autolink.ts here and in
// shared/pdf/), but the partner's own domains — the domain-like words of its organization's name, which the operator
// records and no partner route changes — are drawn as written wherever they occur, in any of the forms that name the
// same host: any case, `www.` added or dropped, a trailing dot, a port, a path, a query or a fragment after it.
// Not its own (still drawn unlinkable): a longer host that ends or starts with it (`sunrise.example.evil.example`,
// `evil_sunrise.example`, `shop.sunrise.example`: a subdomain may be served by someone else, a hosted shop or a
// dangling record, and the text cannot tell), a look-alike (`sunr1se.example`, an `xn--` form, full-width letters or
// ideographic dots), and a host followed by `@` or `:` and anything but a port (`sunrise.example:x@evil.example`, whose
// link goes to evil.example). Only the host's dots are kept: a path's domain-like dots (`/quote.html`) stay unlinkable,
// as some linkers end a link at punctuation that a path may hold and would start a new one after it.

const DOT = "[.\\u3002\\uFF0E\\uFF61]";
// A label as a linker might read one: letters, digits, marks, dashes, and what some read into a host (`_`, `%`, format
// characters such as joiners), so that `evil_sunrise.example` is one host, not `sunrise.example` after an underscore.
const LABEL = "[\\p{L}\\p{N}\\p{M}\\p{Cf}_%-]+";
const HOST = new RegExp(`${LABEL}(?:${DOT}${LABEL})+`, "gu");
// What may follow an own host: a trailing dot, a port, then nothing more of a host or of a user name.
const AFTER = /^\.?(?::\d{1,5})?(?:$|[^\p{L}\p{N}\p{M}\p{Cf}_%@:\\-])/u;
const DOT_BEFORE = /[.\u3002\uFF0E\uFF61]$/u;
/** A word with domain-like dots ("sunrise.example", "www.sunrise-solar.example"). */
const DOMAIN = /[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const HAS_DOMAIN_DOT = /(?<=[\p{L}\p{N}])\.(?=\p{L})/u;

/** The domain-like words of a partner's configured name ("Sunrise Solar (sunrise.example)"). */
export function domainsIn(...texts: (string | null | undefined)[]): string[] {
  return texts.flatMap((t) =>
    [...(typeof t === "string" ? t : "").matchAll(DOMAIN)].map((m) => m[0]).filter((w) =>
      HAS_DOMAIN_DOT.test(w)
    )
  );
}

const bare = (host: string) => host.toLowerCase().replace(/\.$/, "").replace(/^www\./, "");

/**
 * The [start, end) ranges of `text` that are hosts of the `own` domains (in the forms above), whose dots are drawn as
 * written. Empty when `own` is.
 */
export function ownHostRanges(text: string, own: readonly string[]): [number, number][] {
  if (!own.length) return [];
  const kept = new Set(own.map(bare));
  const ranges: [number, number][] = [];
  for (const m of text.matchAll(HOST)) {
    const start = m.index!, end = start + m[0].length;
    // a dot before is a longer host a linker may read on (`evil..sunrise.example`); `@` before is an address at the
    // partner's domain or a link to it (`https://x@sunrise.example` goes there)
    if (DOT_BEFORE.test(text.slice(Math.max(0, start - 1), start))) continue;
    if (kept.has(bare(m[0])) && AFTER.test(text.slice(end))) ranges.push([start, end]);
  }
  return ranges;
}

/** `text` with `dot` applied to every match of `pattern` (a domain-like dot) outside the own hosts' ranges. */
export function replaceOutside(
  text: string,
  pattern: RegExp,
  own: readonly string[],
  dot: (d: string) => string,
): string {
  const ranges = ownHostRanges(text, own);
  return text.replace(
    pattern,
    (d: string, offset: number) => ranges.some(([s, e]) => offset >= s && offset < e) ? d : dot(d),
  );
}
