// Which way to read one PDF page (issue #11, docs/documents.md "PDFs whose text layer lies"): its text layer, or
// render + OCR, or both and keep the better. Plain functions over facts pdf_text.ts gathers; read_text.ts acts on them.

/** A page with fewer non-space characters than this in its text layer has (next to) no text. */
export const MIN_TEXT_CHARS = 40;
/**
 * Text layers shorter than this (non-space characters) are "small": a header, a stamp, a page number or an
 * invisible OCR layer of a few lines. A bill page printed as text has 600 to 3,000.
 */
export const SMALL_TEXT_CHARS = 600;
/** An image covering at least this share of the page is the page (a scan), not a logo or a chart. */
export const SCAN_COVER = 0.5;
/** A page without text or images that fills at least this many paths draws its text as outlines (curves). */
export const OUTLINE_PATHS = 60;

/** What a page paints besides its text, from its operator list (pdf_text.ts paintFacts). */
export interface PaintFacts {
  hasImages: boolean;
  /** The largest image's share of the page's area, 0..1 (clipped to the page). */
  imageCover: number;
  /** Filled paths (constructPath with a fill), counted up to a bound. */
  fillPaths: number;
}

/**
 * How much of a text layer reads as text, 0..1: the share of its characters that are no private-use, replacement,
 * control or unassigned code points, times the share of its tokens that look like a word or a number (letters
 * with a vowel or a capital run, digits with their separators, common punctuation around them). A font without a
 * usable ToUnicode map gives private-use characters (pdf.js) or letter salad of symbols; an invisible OCR layer
 * over a poor scan gives tokens of mixed letters, digits and signs.
 */
export function textQuality(lines: string[]): number {
  const chars = [...lines.join("").replace(/\s/g, "")];
  if (!chars.length) return 0;
  const bad = chars.filter((c) => /[\p{Co}\p{Cn}\p{Cc}\p{Cs}\uFFFD]/u.test(c)).length;
  const tokens = lines.join(" ").split(/\s+/).filter(Boolean);
  const good = tokens.filter(looksLikeText).length;
  return (1 - bad / chars.length) * (tokens.length ? good / tokens.length : 0) * commonWords(tokens);
}

/**
 * Words every page of a bill in English or Spanish uses some of (function words, and a bill's own: account,
 * amount, due, kWh …). Letter salad (a custom encoding read as the standard one: "Dffrxqw Ghwdlov") has word
 * shapes but none of these.
 */
const COMMON = new Set(
  ("the of and to a in for is on you your with by at this are be or from as an if we our will not have has it " +
    "that all no per due total amount account service charges charge bill billing date energy electric " +
    "electricity usage meter balance payment period kwh rate customer current previous new read days delivery " +
    "supply tax month please pay call page number " +
    "de la el en y su por para los las del que con se es al una un tu sus cuenta pago fecha")
    .split(" "),
);
/** Of at least this many letter tokens, at least this share is common words on a page of text (0..1 below). */
const COMMON_AMONG = 20;
const COMMON_SHARE = 0.05;

/** 1 when a page's Latin letter tokens include common words as text does (or are too few to tell); less below. */
function commonWords(tokens: string[]): number {
  const words = tokens.map((t) => t.replace(EDGE, "")).filter((t) =>
    /^[A-Za-z]{1,20}$/.test(t) && /[a-z]/.test(t)
  );
  if (words.length < COMMON_AMONG) return 1;
  const share = words.filter((w) => COMMON.has(w.toLowerCase())).length / words.length;
  return Math.min(1, share / COMMON_SHARE);
}

/** Punctuation that wraps or ends a word or a number ("(Total:", "$12.50,", "kWh)"). */
const EDGE = /^[\s"'“‘(\[{<«*#•·–—-]+|[\s"'”’)\]}>»:;,.!?*%†‡]+$/gu;
const WORD =
  /^(?=.*[aeiouyAEIOUYàâäéèêëîïôöùûüÀÂÄÉÈÊËÎÏÔÖÙÛÜ]|\p{Lu}{2,6}$|[^A-Za-z]+$)\p{L}[\p{L}\p{M}'’.-]*$/u;
const NUMBER = /^[-+$€£(]*\d[\d,.:/-]*[a-zA-Z]{0,3}$/;

function looksLikeText(token: string): boolean {
  const t = token.replace(EDGE, "");
  if (!t) return /^[-–—:/|&$%.,()]+$/.test(token); // a dash, a bar, an ampersand between words
  return WORD.test(t) || NUMBER.test(t) || /^\p{L}{1,2}$/u.test(t) ||
    /^[\p{L}\d]+(?:[-/&.@][\p{L}\d]+)+$/u.test(t);
}

/** A text layer of at least this quality is read as it is; below it, the page is read by OCR too. */
export const GOOD_TEXT = 0.6;
/**
 * Over a full-page image, a text layer below this quality is read by OCR too: it is likely an invisible OCR layer
 * of a scan ("searchable" PDF), and a poor engine's ("Accourit Detai1s $119.2O") still has word shapes. Text pages of
 * real and synthetic bills score 0.79 and up, with no full-page image under them.
 */
export const SCAN_TEXT = 0.9;

export type PageReading =
  /** the text layer */
  | "text"
  /** render + OCR only (no usable text layer) */
  | "ocr"
  /** render + OCR, and keep whichever of the two reads better (pickReading) */
  | "both";

/**
 * How to read a page: its text layer when it has enough text of good quality and no full-page image under a
 * small text layer; OCR when it has no text and paints a scan or outlines of glyphs; both (keep the better) when
 * its text layer is poor, or is small over a full-page image (a stamp or header over a scan, or a template drawn
 * as an image under real text: OCR then reads about the same, and the text layer stays).
 */
export function pageReading(lines: string[], paint: PaintFacts | undefined): PageReading {
  const chars = lines.join("").replace(/\s/g, "").length;
  if (chars < MIN_TEXT_CHARS) {
    if (!paint) return "text";
    return paint.hasImages || paint.fillPaths >= OUTLINE_PATHS ? "ocr" : "text";
  }
  if (textQuality(lines) < GOOD_TEXT) return "both";
  if (
    paint && paint.imageCover >= SCAN_COVER && (chars < SMALL_TEXT_CHARS || textQuality(lines) < SCAN_TEXT)
  ) {
    return "both";
  }
  return "text";
}

/**
 * Of a text layer and the page's OCR, the one to keep: OCR when the text layer is poor and OCR reads better, when
 * OCR reads well and finds clearly more text (at least twice the characters: a scan under a stamp), or when OCR
 * reads clearly better (by 0.1) about as much text (70 % of the characters or more: an invisible OCR layer).
 */
export function pickReading(text: string[], ocr: string[]): "text" | "ocr" {
  const tq = textQuality(text), oq = textQuality(ocr);
  const count = (ls: string[]) => ls.join("").replace(/\s/g, "").length;
  if (tq < GOOD_TEXT) return oq > tq && count(ocr) >= MIN_TEXT_CHARS ? "ocr" : "text";
  if (oq >= GOOD_TEXT && count(ocr) >= 2 * count(text)) return "ocr";
  return oq >= tq + 0.1 && count(ocr) >= 0.7 * count(text) ? "ocr" : "text";
}
