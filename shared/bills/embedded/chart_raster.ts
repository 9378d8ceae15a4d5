// A scan's chart without printed values (issue #11, scancharts): the OCR stage finds the bars and gridlines of a
// page printing a value axis in its pixels (documents/chart_raster.ts), as boxes in the frame of the page's OCR
// words. The chart readers of text PDFs (chart_bars.ts: vertical bars, chart_hbars.ts: horizontal ones) then read
// them with every refusal of theirs (one straight axis, evenly spaced month labels in calendar order, one bar a
// label of one width on one baseline, the bill's printed months against the scale, the bill's own month never from
// its bar). Their limits are in points, and a text PDF's word sits on its baseline: a scan's words and boxes are
// given to them in points (the page taken as a letter page, DocumentPage.pixelPoints), each word moved from its
// line's middle (where OCR places it, ocr.ts ocrPieces) to where a printed word's baseline would be.
import type { FilledBox } from "../../documents/pdf_shapes.ts";
import type { StrokedPath } from "../../documents/pdf_strokes.ts";
import type { TextPiece } from "../../documents/text_layout.ts";

const MONTH_WORD = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?$/i;
const YEAR_WORD = /^(?:\d{2}|(?:19|20)\d{2})$/;
const GLUED_YEAR = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(\d{2})$/i;

/**
 * A month label's year that OCR read as a word of its own ("Nov" "22") joined to it ("Nov 22"), as a text layer
 * keeps the label: the year the next word on the label's line, a space or less after it; a label whose space OCR
 * lost ("Jul21") split ("Jul 21").
 */
function withLabelYears(pieces: TextPiece[]): TextPiece[] {
  const joined = new Set<TextPiece>();
  const out: TextPiece[] = [];
  for (const read of pieces) {
    // a label whose space OCR lost ("Jul21")
    const glued = read.text.trim().match(GLUED_YEAR);
    const p = glued ? { ...read, text: `${glued[1]} ${glued[2]}` } : read;
    if (glued) {
      out.push(p);
      continue;
    }
    if (joined.has(p)) continue;
    const year = MONTH_WORD.test(p.text.trim())
      ? pieces.find((q) =>
        q !== p && q.y === p.y && YEAR_WORD.test(q.text.trim()) && q.x >= p.x + p.width &&
        q.x - (p.x + p.width) <= 0.6 * p.height
      )
      : undefined;
    if (!year) {
      out.push(p);
      continue;
    }
    joined.add(year);
    out.push({ ...p, text: `${p.text.trim()} ${year.text.trim()}`, width: year.x + year.width - p.x });
  }
  return out;
}

const INITIAL = /^[JFMASOND]$/;
/** A stray mark OCR read at a label's side ("‘Nov", "F.", "N°"). */
const MARKS = /^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g;

/**
 * Month labels as OCR misreads them, set right where the row around them shows they are labels: a mark at a word's
 * side taken off where a month's name or initial is left ("‘Nov" → "Nov", "F." → "F"); a month's initial read in
 * lower case ("s" → "S"); a "0" among four or more initials on its line (its height, within 0.3 of it) read for the
 * letter O. The row's months must still fit the calendar (chart_bars.ts rowMonths), so a wrong guess reads nothing.
 */
function withLabelInitials(pieces: TextPiece[]): TextPiece[] {
  const cleaned = pieces.map((p) => {
    const bare = p.text.trim().replace(MARKS, "");
    if (bare === p.text.trim() || !(MONTH_WORD.test(bare) || INITIAL.test(bare.toUpperCase()))) return p;
    return { ...p, text: bare };
  }).map((p) => INITIAL.test(p.text.trim().toUpperCase()) ? { ...p, text: p.text.trim().toUpperCase() } : p);
  return cleaned.map((p) => {
    if (p.text.trim() !== "0") return p;
    const initials = cleaned.filter((q) =>
      q !== p && INITIAL.test(q.text.trim()) && Math.abs(q.y - p.y) <= 0.3 * Math.max(p.height, q.height)
    );
    return initials.length >= 4 ? { ...p, text: "O" } : p;
  });
}

/** Pieces of one OCR line closer than this (of a character's width) are pieces of one word. */
const FRAGMENT_GAP = 0.35;
const charWidth = (p: TextPiece) => p.width / Math.max(1, p.text.trim().length);

/**
 * Pieces of one word OCR split where it garbled it ("2,000" read "~" "0" "8", "500" read "5" "g" "0"), joined again
 * ("~08", "5g0"): a fragment read as a number is not a tick of its own (a "0" in the middle of an axis's row bends
 * it). Pieces level with each other (within 0.3 of their height: OCR may give each fragment a line of its own) with a
 * gap under a third of a character's width are joined.
 */
function joinedFragments(pieces: TextPiece[]): TextPiece[] {
  const sorted = [...pieces].sort((a, b) => a.x - b.x);
  const used = new Set<TextPiece>();
  const out: TextPiece[] = [];
  for (const first of sorted) {
    if (used.has(first)) continue;
    let cur = first;
    for (;;) {
      const end = cur.x + cur.width;
      const next = sorted.find((p) =>
        !used.has(p) && p !== first && p.x >= end &&
        Math.abs(p.y - cur.y) <= 0.3 * Math.min(p.height, cur.height) &&
        p.x - end < FRAGMENT_GAP * Math.min(charWidth(cur), charWidth(p))
      );
      if (!next) break;
      used.add(next);
      cur = {
        ...cur,
        text: cur.text.trim() + next.text.trim(),
        width: next.x + next.width - cur.x,
        confidence: Math.min(cur.confidence ?? 100, next.confidence ?? 100),
      };
    }
    out.push(cur);
  }
  return out;
}

/** A chart reader's tick is centred 0.35 of its label's height over the label's baseline (chart_axis.ts). */
const MIDDLE_OVER_BASELINE = 0.35;

/**
 * The pages and their shapes for the chart readers: OCR pages with shapes (or a line, traced: `strokes`) found in
 * their pixels (a size of a pixel in `pixelPoints`) in points, their words on baselines (see the file's head); text
 * pages as they are.
 */
export function chartsInPoints(
  pages: TextPiece[][],
  boxes: FilledBox[][],
  pixelPoints: number[],
  strokes: StrokedPath[][] = [],
): { pages: TextPiece[][]; boxes: FilledBox[][]; strokes: StrokedPath[][] } {
  const scaled = pages.map((pieces, i) => {
    const k = pixelPoints[i];
    if (!(k > 0) || !(boxes[i]?.length || strokes[i]?.some((s) => s.traced))) {
      return { pieces, boxes: boxes[i] ?? [], strokes: strokes[i] ?? [] };
    }
    return {
      pieces: joinedFragments(withLabelYears(withLabelInitials(pieces))).map((p) => ({
        ...p,
        x: p.x * k,
        y: (p.y + MIDDLE_OVER_BASELINE * p.height) * k,
        width: p.width * k,
        height: p.height * k,
      })),
      boxes: (boxes[i] ?? []).map((b) => ({
        x: b.x * k,
        y: b.y * k,
        width: b.width * k,
        height: b.height * k,
      })),
      // a line traced in the pixels (chart_raster_lines.ts); an OCR page has no stroked paths of its own
      strokes: (strokes[i] ?? []).filter((s) => s.traced).map((s) => ({
        ...s,
        points: s.points.map((p) => ({ x: p.x * k, y: p.y * k })),
      })),
    };
  });
  return {
    pages: scaled.map((s) => s.pieces),
    boxes: scaled.map((s) => s.boxes),
    strokes: scaled.map((s) => s.strokes),
  };
}
