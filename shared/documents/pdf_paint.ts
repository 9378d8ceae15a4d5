// What a PDF page paints besides its text (issue #11, pdf_page_read.ts): whether it paints images and how much of
// the page the largest one covers (a scan under a stamp), and how many paths it fills (text drawn as outlines).
// Read from pdf.js's operator list with the current transformation matrix followed as pdf_shapes.ts does; bounded
// by the operators looked at.
import { fillOps, type Matrix, type ShapeOps, walkOps } from "./pdf_shapes.ts";
import type { PaintFacts } from "./pdf_page_read.ts";

/** The pdf.js operator codes this reader follows. */
export interface PaintOps extends ShapeOps {
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
}

/**
 * The paint facts of one page's operator list; `view` is the page's box in user space ([x0, y0, x1, y1]). An
 * image is painted into the unit square through the current matrix: its cover is that square's bounding box
 * clipped to the page, over the page's area.
 */
export function paintedOn(
  list: { fnArray: ArrayLike<number>; argsArray: unknown[] },
  ops: PaintOps,
  view: [number, number, number, number],
  maxOps: number,
): PaintFacts {
  const fills = fillOps(ops);
  const images = new Set([ops.paintImageXObject, ops.paintInlineImageXObject, ops.paintImageMaskXObject]);
  const area = Math.max(1, (view[2] - view[0]) * (view[3] - view[1]));
  const facts: PaintFacts = { hasImages: false, imageCover: 0, fillPaths: 0 };
  walkOps(list, ops, maxOps, (fn, args, ctm, i) => {
    if (images.has(fn)) {
      facts.hasImages = true;
      facts.imageCover = Math.max(facts.imageCover, unitSquareCover(ctm, view) / area);
    } else if (fn === ops.constructPath && args) {
      // pdf.js ≥ 5: [paint operator, path data, bounding box]; earlier: the paint operator follows
      const paint = typeof args[0] === "number" ? args[0] : list.fnArray[i + 1];
      if (fills.has(paint)) facts.fillPaths++;
    }
    return true;
  });
  return facts;
}

function unitSquareCover(m: Matrix, view: [number, number, number, number]): number {
  const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]];
  const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]];
  const w = Math.min(view[2], Math.max(...xs)) - Math.max(view[0], Math.min(...xs));
  const h = Math.min(view[3], Math.max(...ys)) - Math.max(view[1], Math.min(...ys));
  return w > 0 && h > 0 && Number.isFinite(w * h) ? w * h : 0;
}
