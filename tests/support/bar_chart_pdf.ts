// A one-page PDF drawn as a utility draws a usage history without values: filled bars (pdf-lib's rectangles, each
// placed by a translation), a value axis of "N kWh" ticks, the months' initials under the bars and the two years.
// The bars' heights follow the axis exactly, so a reader's estimate can be checked against the values drawn.
import { fill, PDFDocument, rectangle, rgb, StandardFonts } from "pdf-lib";

export interface BarChartSpec {
  /** kWh of each bar, oldest first. */
  values: number[];
  /** Year and month (1-12) of the first bar. */
  first: { year: number; month: number };
  /** kWh between two ticks; the axis has `ticks` + 1 labels from 0. */
  tickStep: number;
  ticks?: number;
  /** Extra filled squares (2 × 2 points) painted below the chart: a hostile page. */
  specks?: number;
  /** Lines of bill text above the chart. */
  lines?: string[];
}

const INITIALS = "JFMAMJJASOND";
/** Where the chart's zero and its bars are (PDF points, y up). */
export const CHART = { zeroY: 550, tickPt: 12, x0: 380, step: 15, barWidth: 6 };

export async function barChartPdf(spec: BarChartSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  (spec.lines ?? []).forEach((l, i) => page.drawText(l, { x: 40, y: 740 - 12 * i, size: 9, font }));
  const ticks = spec.ticks ?? 5;
  const perPt = spec.tickStep / CHART.tickPt;
  for (let t = 0; t <= ticks; t++) {
    const label = `${(t * spec.tickStep).toLocaleString("en-US")} kWh`;
    const w = font.widthOfTextAtSize(label, 6);
    // each label centred on its tick: the digits' middle a third of the size above the baseline
    page.drawText(label, { x: 368 - w, y: CHART.zeroY + t * CHART.tickPt - 2.1, size: 6, font });
  }
  const { year, month } = spec.first;
  spec.values.forEach((v, i) => {
    const x = CHART.x0 + i * CHART.step;
    page.drawRectangle({
      x,
      y: CHART.zeroY,
      width: CHART.barWidth,
      height: v / perPt,
      color: rgb(0.4, 0.75, 0.2),
    });
    page.drawText(INITIALS[(month - 1 + i) % 12], { x: x + 1, y: CHART.zeroY - 9, size: 7, font });
  });
  const lastKey = year * 12 + month - 1 + spec.values.length - 1;
  page.drawText(String(year), { x: CHART.x0 - 17, y: CHART.zeroY - 13, size: 6, font });
  page.drawText(String(Math.floor(lastKey / 12)), {
    x: CHART.x0 + spec.values.length * CHART.step - 5,
    y: CHART.zeroY - 13,
    size: 6,
    font,
  });
  if (spec.specks) {
    for (let i = 0; i < spec.specks; i += 1000) {
      const ops = [];
      for (let j = i; j < Math.min(spec.specks, i + 1000); j++) {
        ops.push(rectangle(40 + (j % 250) * 2, 40 + Math.floor(j / 250), 2, 2), fill());
      }
      page.pushOperators(...ops);
    }
  }
  return await doc.save();
}
