// A small drawing helper over pdf-lib: text placed from the top-left, in Helvetica.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

export class Sheet {
  private constructor(readonly doc: PDFDocument, private regular: PDFFont, private bold: PDFFont) {}
  page!: PDFPage;

  static async create(): Promise<Sheet> {
    const doc = await PDFDocument.create();
    doc.setCreator("solar-lead-platform synthetic bill generator");
    // fixed dates: the same seed gives the same bytes
    doc.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
    doc.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
    const s = new Sheet(
      doc,
      await doc.embedFont(StandardFonts.Helvetica),
      await doc.embedFont(StandardFonts.HelveticaBold),
    );
    s.addPage();
    return s;
  }

  addPage() {
    this.page = this.doc.addPage([612, 792]);
  }

  text(
    x: number,
    y: number,
    s: string,
    o: { size?: number; bold?: boolean; right?: boolean; gray?: boolean } = {},
  ) {
    const size = o.size ?? 9;
    const font = o.bold ? this.bold : this.regular;
    const w = font.widthOfTextAtSize(s, size);
    this.page.drawText(s, {
      x: o.right ? x - w : x,
      y: 792 - y,
      size,
      font,
      color: o.gray ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0),
    });
  }

  /** Label at x, value right-aligned at xr on the same baseline. */
  row(
    x: number,
    xr: number,
    y: number,
    label: string,
    value: string,
    o: { size?: number; bold?: boolean } = {},
  ) {
    this.text(x, y, label, o);
    this.text(xr, y, value, { ...o, right: true });
  }

  rule(y: number, x1 = 36, x2 = 576, dashed = false) {
    this.page.drawLine({
      start: { x: x1, y: 792 - y },
      end: { x: x2, y: 792 - y },
      thickness: 0.6,
      dashArray: dashed ? [3, 3] : undefined,
      color: rgb(0.3, 0.3, 0.3),
    });
  }

  box(x: number, y: number, w: number, h: number) {
    this.page.drawRectangle({
      x,
      y: 792 - y - h,
      width: w,
      height: h,
      borderWidth: 0.6,
      borderColor: rgb(0.3, 0.3, 0.3),
    });
  }

  async bytes(): Promise<Uint8Array> {
    return await this.doc.save({ useObjectStreams: true });
  }
}

const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MFULL = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const p2 = (n: number) => String(n).padStart(2, "0");
export const fmt = {
  mon: (d: Date) => `${M3[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`,
  full: (d: Date) => `${MFULL[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`,
  slash: (d: Date) => `${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())}/${d.getUTCFullYear()}`,
  short: (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${String(d.getUTCFullYear()).slice(2)}`,
  dash: (d: Date) => `${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}-${d.getUTCFullYear()}`,
  dmy: (d: Date) => `${d.getUTCDate()} ${M3[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
  upper: (d: Date) => `${M3[d.getUTCMonth()].toUpperCase()} ${p2(d.getUTCDate())} ${d.getUTCFullYear()}`,
  m3: (m: number) => M3[m - 1],
  money: (
    s: string,
  ) => (s.startsWith("-")
    ? `-$${Number(s.slice(1)).toLocaleString("en-US", { minimumFractionDigits: 2 })}`
    : `$${Number(s).toLocaleString("en-US", { minimumFractionDigits: 2 })}`),
  kwh: (n: number) => n.toLocaleString("en-US"),
};
