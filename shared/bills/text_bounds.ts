import type { DocumentText } from "../documents/document_text.ts";
import { DocumentTooComplex } from "../documents/engine/errors.ts";

// The bill reader's parser (embedded/) runs in the service's process, on text a stranger's PDF chose: its cost
// grows with the lines and words it is given, so a PDF of a few hundred kilobytes holding tens of thousands of
// one-word lines held the event loop for seconds per page (docs/security.md "Pass 5"). A bill has far less text:
// the 623 PDFs of the test sets have at most 213 characters on a line, 169 lines and ~400 words on a page.

/**
 * The most text a bill may have: lines, words (text items or OCR words) and characters in all (about ten times
 * the most of the test sets: 169 lines, 981 words, 8,926 characters), characters on a line.
 */
export const BILL_TEXT_BOUNDS = { lines: 2000, pieces: 10000, chars: 100_000, lineChars: 500 } as const;

/**
 * The document's text for the bill reader: 422 document_too_complex over BILL_TEXT_BOUNDS' lines, words or characters, and
 * every line and word cut to `lineChars` characters (a line that long is no bill's, and the reader's patterns
 * are not all linear in a line's length).
 */
export function boundedBillText(text: DocumentText, bounds = BILL_TEXT_BOUNDS): DocumentText {
  let lines = 0, pieces = 0, chars = 0, cut = false;
  for (const p of text.pages) {
    lines += p.lines.length;
    for (const l of p.lines) chars += Math.min(l.length, bounds.lineChars);
    pieces += p.pieces.length;
    cut ||= p.lines.some((l) => l.length > bounds.lineChars) ||
      p.pieces.some((w) => w.text.length > bounds.lineChars);
  }
  if (lines > bounds.lines) {
    throw new DocumentTooComplex(`The bill has ${lines} lines of text; a bill has at most ${bounds.lines}`);
  }
  if (pieces > bounds.pieces) {
    throw new DocumentTooComplex(`The bill has ${pieces} words of text; a bill has at most ${bounds.pieces}`);
  }
  if (chars > bounds.chars) {
    throw new DocumentTooComplex(
      `The bill has ${chars} characters of text; a bill has at most ${bounds.chars}`,
    );
  }
  if (!cut) return text;
  const short = (s: string) => {
    if (s.length <= bounds.lineChars) return s;
    // never half of a surrogate pair (PostgreSQL refuses a lone one)
    const high = /[\ud800-\udbff]/.test(s[bounds.lineChars - 1]);
    return s.slice(0, high ? bounds.lineChars - 1 : bounds.lineChars);
  };
  const pages = text.pages.map((p) => ({
    ...p,
    lines: p.lines.map(short),
    pieces: p.pieces.map((w) => w.text.length > bounds.lineChars ? { ...w, text: short(w.text) } : w),
  }));
  return { pages, text: pages.map((p) => p.lines.join("\n")).join("\n") };
}
