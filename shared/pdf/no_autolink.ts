// Text drawn into a PDF that no viewer turns into a link (docs/security.md, pass 15): as in emails
// (shared/email/no_autolink.ts), a dot between a letter or digit and a letter ("evil.example", also "St.Louis") is drawn
// as U+2024 ONE DOT LEADER, the same dot to the eye, which viewers that find domains in a page's text (macOS Preview,
// mobile readers) do not read as a domain's dot. An invisible joiner, as emails get, is not used here: the layout path
// that shapes text with such characters draws it as a space. A dot of a number ("2.5 kW") is left alone.
const DOMAIN_DOT = /(?<=[\p{L}\p{N}])\.(?=\p{L})/gu;

export const pdfNoAutoLink = (text: string): string => text.replace(DOMAIN_DOT, "\u2024");
