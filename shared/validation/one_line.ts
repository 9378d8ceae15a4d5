import { z } from "@hono/zod-openapi";

// Text a stranger typed that partners, technicians or emails show: control characters (CR, LF, tab) become spaces,
// and invisible characters that can hide or reorder what is read (zero-width space, BOM, bidi marks, overrides and
// isolates) go; a text of nothing but those is then empty. Joiners (emoji, scripts) stay.
// Security pass 10 added the rest of what draws nothing or reorders: the soft hyphen, the combining grapheme joiner,
// the Arabic letter mark (a bidi mark), Hangul and Khmer fillers and the Braille blank (a name of only those passed as
// a name and showed as blank), Mongolian selectors, the word joiner and invisible operators, the deprecated format
// characters, interlinear annotation marks, musical formatting, and the tag characters (U+E0000-E007F: invisible text
// that language models still read, "ASCII smuggling"; a subdivision flag such as England's loses its tags).
const INVISIBLE =
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u2800\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}]/gu;

/**
 * One line: controls and the Unicode line and paragraph separators (U+2028, U+2029, which some mail and text
 * programs break lines at; security pass 9) become spaces, invisible characters go.
 */
export const oneLine = (s: string): string =>
  s.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ").replace(INVISIBLE, "");

/**
 * A file name a stranger chose, as staff are shown it or save it: no control characters at all, no invisible
 * characters (a right-to-left override turned "invoice\u202Efdp.exe" into "invoiceexe.pdf" on screen; pass 7).
 */
export const shownFileName = (s: string): string => s.replace(/\p{Cc}+/gu, "").replace(INVISIBLE, "").trim();

/** Several lines (a note): line breaks stay (CR LF and CR become LF), other controls become spaces, invisible go. */
export const plainLines = (s: string): string =>
  s.replace(/\r\n?/g, "\n").replace(/[^\P{Cc}\n]+/gu, " ").replace(INVISIBLE, "");

/** A one-line text field of at most `max` characters, cleaned before its limits apply. */
export const oneLineText = (max: number) => z.string().overwrite(oneLine).trim().max(max);

/** A multi-line text field of at most `max` characters, cleaned before its limits apply. */
export const plainText = (max: number) => z.string().overwrite(plainLines).trim().max(max);
