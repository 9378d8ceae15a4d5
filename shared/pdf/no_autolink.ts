// Text drawn into a PDF that no viewer turns into a link (docs/security.md, pass 15): as in emails
// (shared/email/no_autolink.ts), a dot between a letter or digit and a letter ("evil.example", also "St.Louis") is drawn
// as U+2024 ONE DOT LEADER, the same dot to the eye, which viewers that find domains in a page's text (macOS Preview,
// mobile readers) do not read as a domain's dot. An invisible joiner, as emails get, is not used here: the layout path
// that shapes text with such characters draws it as a space. A dot of a number ("2.5 kW") is left alone.
// A partner's own domains (in its configured name) stay real: `keep` (security passes 16 and 17).
import { domainsIn, replaceOutside } from "../email/own_domains.ts";

export { domainsIn };

const DOMAIN_DOT = /(?<=[\p{L}\p{N}])\.(?=\p{L})/gu;

/**
 * `text` with every domain-like dot drawn as the one-dot leader, except in the host of an occurrence of one of the
 * `keep` domains (the partner's own, which a reader should be able to follow) in any form that names the same host
 * (any case, `www.`, a trailing dot, a port or a path after it; not a longer host: shared/email/own_domains.ts).
 */
export function pdfNoAutoLink(text: string, keep: readonly string[] = []): string {
  return replaceOutside(text, DOMAIN_DOT, keep, () => "\u2024");
}
