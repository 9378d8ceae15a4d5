// Text drawn into a PDF that no viewer turns into a link (docs/security.md, pass 15): as in emails
// (shared/email/no_autolink.ts), a dot between a letter or digit and a letter ("evil.example", also "St.Louis") is drawn
// as U+2024 ONE DOT LEADER, the same dot to the eye, which viewers that find domains in a page's text (macOS Preview,
// mobile readers) do not read as a domain's dot. An invisible joiner, as emails get, is not used here: the layout path
// that shapes text with such characters draws it as a space. A dot of a number ("2.5 kW") is left alone.
// A partner's own domains (in its configured name) stay real: `keep` (security pass 16).
const DOMAIN_DOT = /(?<=[\p{L}\p{N}])\.(?=\p{L})/gu;
const HAS_DOMAIN_DOT = new RegExp(DOMAIN_DOT.source, "u");
/** A word with domain-like dots ("sunrise.example", "www.sunrise-solar.example"). */
const DOMAIN = /[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/**
 * `text` with every domain-like dot drawn as the one-dot leader, except inside an occurrence (any case, as a whole
 * word) of one of the `keep` domains: the partner's own, which a reader should be able to follow.
 */
export function pdfNoAutoLink(text: string, keep: readonly string[] = []): string {
  if (!keep.length) return text.replace(DOMAIN_DOT, "\u2024");
  const kept = new Set(keep.map((d) => d.toLowerCase()));
  return text.replace(
    DOMAIN,
    (word) => kept.has(word.toLowerCase()) ? word : word.replace(DOMAIN_DOT, "\u2024"),
  );
}

/** The domain-like words of a partner's configured name or website ("Sunrise Solar (sunrise.example)"). */
export function domainsIn(...texts: (string | null | undefined)[]): string[] {
  return texts.flatMap((t) =>
    [...(t ?? "").matchAll(DOMAIN)].map((m) => m[0]).filter((w) => HAS_DOMAIN_DOT.test(w))
  );
}
