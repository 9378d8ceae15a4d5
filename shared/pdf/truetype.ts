// A TrueType font read directly from its tables, for the text of a PDF that needs no OpenType shaping: the
// glyph of each character from the cmap, its advance from hmtx, and a subset of the glyf outlines written the
// way fontkit writes one (the same bytes: tests/unit/savings/pdf_truetype_test.ts). pdf-lib's
// CustomFontSubsetEmbedder takes it in place of a fontkit font, so the PDF objects are the ones it always wrote.
//
// Why not fontkit for everything: on a cold isolate (each new Edge Runtime worker) loading fontkit's 1.5 MB
// bundle, its data tables (brotli dictionary, Unicode tries) and decoding the font's tables with its generic
// struct reader cost more CPU than the rest of a render. Reading the few tables needed here with a DataView
// costs well under a millisecond. Text that shaping could change (other scripts, combining marks) is still
// laid out by fontkit: `withShaper` attaches it when a document has such text (shared/pdf/fonts.ts).

export interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

/** The part of a fontkit font that shapes text: its glyphs are those of this same font file. */
export interface Shaper {
  layout(text: string, features?: unknown): { glyphs: Glyph[] };
}

interface Table {
  offset: number;
  length: number;
}

// U+25A1 WHITE SQUARE, drawn for a character the font lacks; control and format characters stay glyph 0
const MISSING_MARK = 0x25a1;
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]$/u;

const TAG_ORDER = ["head", "hhea", "loca", "maxp", "cvt ", "prep", "glyf", "hmtx", "fpgm"] as const;

// Flags of a composite glyph component (glyf table).
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

export class TrueTypeFace {
  readonly unitsPerEm: number;
  readonly postscriptName: string;
  readonly ascent: number;
  readonly descent: number;
  /** As fontkit gives them: undefined for an OS/2 table before version 2 (pdf-lib then uses ascent and 0). */
  readonly capHeight: number | undefined;
  readonly xHeight: number | undefined;
  readonly italicAngle: number;
  readonly bbox: { minX: number; minY: number; maxX: number; maxY: number };
  readonly cff = undefined;
  // what pdf-lib's deriveFontFlags reads
  readonly "OS/2": { sFamilyClass: number };
  readonly post: { isFixedPitch: number };
  readonly head: { macStyle: { italic: boolean } };

  private readonly view: DataView;
  private readonly tables = new Map<string, Table>();
  private readonly numGlyphs: number;
  private readonly numberOfMetrics: number;
  private readonly longLoca: boolean;
  private readonly lookup: (cp: number) => number;
  private readonly byCodePoint = new Map<number, Glyph>();
  private shaper?: Shaper;

  constructor(readonly data: Uint8Array) {
    const v = this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const n = v.getUint16(4);
    for (let i = 0; i < n; i++) {
      const e = 12 + i * 16;
      const tag = String.fromCharCode(v.getUint8(e), v.getUint8(e + 1), v.getUint8(e + 2), v.getUint8(e + 3));
      this.tables.set(tag, { offset: v.getUint32(e + 8), length: v.getUint32(e + 12) });
    }
    const head = this.table("head").offset;
    this.unitsPerEm = v.getUint16(head + 18);
    this.bbox = {
      minX: v.getInt16(head + 36),
      minY: v.getInt16(head + 38),
      maxX: v.getInt16(head + 40),
      maxY: v.getInt16(head + 42),
    };
    this.head = { macStyle: { italic: (v.getUint16(head + 44) & 2) !== 0 } };
    this.longLoca = v.getInt16(head + 50) === 1;
    const hhea = this.table("hhea").offset;
    this.ascent = v.getInt16(hhea + 4);
    this.descent = v.getInt16(hhea + 6);
    this.numberOfMetrics = v.getUint16(hhea + 34);
    this.numGlyphs = v.getUint16(this.table("maxp").offset + 4);
    const os2 = this.tables.get("OS/2");
    const os2Version = os2 ? v.getUint16(os2.offset) : 0;
    this["OS/2"] = { sFamilyClass: os2 ? v.getInt16(os2.offset + 30) : 0 };
    this.xHeight = !os2 ? 0 : os2Version >= 2 ? v.getInt16(os2.offset + 86) : undefined;
    this.capHeight = !os2 ? this.ascent : os2Version >= 2 ? v.getInt16(os2.offset + 88) : undefined;
    const post = this.table("post").offset;
    this.italicAngle = v.getInt32(post + 4) / 65536;
    this.post = { isFixedPitch: v.getUint32(post + 12) };
    this.postscriptName = this.readPostscriptName();
    this.lookup = this.cmapLookup();
  }

  private table(tag: string): Table {
    const t = this.tables.get(tag);
    if (!t) throw new Error(`TrueType font without a ${tag} table`);
    return t;
  }

  private readPostscriptName(): string {
    const t = this.tables.get("name");
    if (!t) return "";
    const v = this.view;
    const count = v.getUint16(t.offset + 2);
    const strings = t.offset + v.getUint16(t.offset + 4);
    let found = "";
    for (let i = 0; i < count; i++) {
      const r = t.offset + 6 + i * 12;
      const [platform, , , nameId, length, offset] = [0, 2, 4, 6, 8, 10].map((o) => v.getUint16(r + o));
      if (nameId !== 6) continue;
      const start = strings + offset;
      if (platform === 3 || platform === 0) {
        let s = "";
        for (let j = 0; j < length; j += 2) s += String.fromCharCode(v.getUint16(start + j));
        return s;
      }
      if (!found) {
        for (let j = 0; j < length; j++) found += String.fromCharCode(v.getUint8(start + j));
      }
    }
    return found;
  }

  /** The glyph id of a code point, from the (3,10) format 12 or the (3,1) format 4 subtable. */
  private cmapLookup(): (cp: number) => number {
    const v = this.view;
    const cmap = this.table("cmap").offset;
    const subtables = new Map<string, number>();
    for (let i = 0, n = v.getUint16(cmap + 2); i < n; i++) {
      const r = cmap + 4 + i * 8;
      subtables.set(`${v.getUint16(r)},${v.getUint16(r + 2)}`, cmap + v.getUint32(r + 4));
    }
    for (const key of ["3,10", "0,6", "0,4", "3,1", "0,3", "0,2", "0,1", "0,0"]) {
      const at = subtables.get(key);
      if (at === undefined) continue;
      const format = v.getUint16(at);
      if (format === 12) {
        const groups = v.getUint32(at + 12);
        return (cp) => {
          let lo = 0, hi = groups - 1;
          while (lo <= hi) {
            const mid = (lo + hi) >> 1, g = at + 16 + mid * 12;
            if (cp < v.getUint32(g)) hi = mid - 1;
            else if (cp > v.getUint32(g + 4)) lo = mid + 1;
            else return v.getUint32(g + 8) + cp - v.getUint32(g);
          }
          return 0;
        };
      }
      if (format === 4) {
        const segX2 = v.getUint16(at + 6);
        const ends = at + 14, starts = ends + segX2 + 2, deltas = starts + segX2, ranges = deltas + segX2;
        return (cp) => {
          if (cp > 0xffff) return 0;
          let lo = 0, hi = segX2 / 2 - 1;
          while (lo <= hi) {
            const mid = (lo + hi) >> 1;
            if (cp > v.getUint16(ends + mid * 2)) lo = mid + 1;
            else if (cp < v.getUint16(starts + mid * 2)) hi = mid - 1;
            else {
              const delta = v.getInt16(deltas + mid * 2), rangeOffset = v.getUint16(ranges + mid * 2);
              if (rangeOffset === 0) return (cp + delta) & 0xffff;
              const g = v.getUint16(
                ranges + mid * 2 + rangeOffset + (cp - v.getUint16(starts + mid * 2)) * 2,
              );
              return g === 0 ? 0 : (g + delta) & 0xffff;
            }
          }
          return 0;
        };
      }
    }
    throw new Error("TrueType font without a Unicode cmap (format 4 or 12)");
  }

  advanceOf(gid: number): number {
    const hmtx = this.table("hmtx").offset;
    return this.view.getUint16(hmtx + Math.min(gid, this.numberOfMetrics - 1) * 4);
  }

  private bearingOf(gid: number): number {
    const hmtx = this.table("hmtx").offset;
    return gid < this.numberOfMetrics
      ? this.view.getInt16(hmtx + gid * 4 + 2)
      : this.view.getInt16(hmtx + this.numberOfMetrics * 4 + (gid - this.numberOfMetrics) * 2);
  }

  glyphForCodePoint(cp: number): Glyph {
    let g = this.byCodePoint.get(cp);
    if (!g) {
      const id = this.lookup(cp);
      g = { id, advanceWidth: this.advanceOf(id), codePoints: [cp] };
      this.byCodePoint.set(cp, g);
    }
    return g;
  }

  glyphsForString(text: string): Glyph[] {
    const out: Glyph[] = [];
    for (const ch of text) out.push(this.glyphForCodePoint(ch.codePointAt(0)!));
    return out;
  }

  /** Lets text that OpenType shaping could change be laid out by fontkit (see UNSHAPED in fonts.ts). */
  withShaper(shaper: Shaper): void {
    this.shaper = shaper;
  }

  get shaped(): boolean {
    return this.shaper !== undefined;
  }

  /** What pdf-lib's embedder calls: the glyphs of a text, shaped only when it may need it and can be. */
  layout(text: string, features?: unknown): { glyphs: Glyph[] } {
    if (this.shaper && !UNSHAPED.test(text)) {
      return {
        glyphs: this.shaper.layout(text, features).glyphs.map((g) =>
          this.visible({ id: g.id, advanceWidth: g.advanceWidth, codePoints: [...(g.codePoints ?? [])] })
        ),
      };
    }
    return { glyphs: this.glyphsForString(text).map((g) => this.visible(g)) };
  }

  /**
   * A character the font has no glyph for (a Chinese name in DejaVu Sans) is drawn as a white square, measured
   * and drawn with that square's advance. Glyph 0 (.notdef) had no entry in the PDF's widths, so viewers drew it
   * 1 em wide while the layout had measured its own advance, and the text after it overlapped. (The square maps
   * to U+25A1 in the text layer: a PDF maps a glyph to one text, so it cannot stand for each missing character.)
   */
  private visible(g: Glyph): Glyph {
    if (
      g.id !== 0 || !g.codePoints.length ||
      g.codePoints.every((cp) => INVISIBLE.test(String.fromCodePoint(cp)))
    ) {
      return g;
    }
    const square = this.glyphForCodePoint(MISSING_MARK);
    return square.id === 0 ? g : square;
  }

  createSubset(): TrueTypeSubset {
    return new TrueTypeSubset(this);
  }

  /** Bytes of one glyph's outline in the glyf table (empty for a glyph without contours). */
  glyphBytes(gid: number): Uint8Array {
    const v = this.view;
    const loca = this.table("loca").offset, glyf = this.table("glyf").offset;
    const at = (i: number) => this.longLoca ? v.getUint32(loca + i * 4) : v.getUint16(loca + i * 2) * 2;
    if (gid >= this.numGlyphs) return new Uint8Array(0);
    return this.data.subarray(glyf + at(gid), glyf + at(gid + 1));
  }

  tableBytes(tag: string): Uint8Array | undefined {
    const t = this.tables.get(tag);
    return t && this.data.subarray(t.offset, t.offset + t.length);
  }

  metricsOf(gid: number): { advance: number; bearing: number } {
    return { advance: this.advanceOf(gid), bearing: this.bearingOf(gid) };
  }
}

/**
 * Text that OpenType shaping cannot change in DejaVu Sans: Latin letters, digits and punctuation (no
 * combining marks, no scripts that join), super- and subscripts (CO₂), letterlike symbols, number forms, arrows, mathematical operators, technical symbols, box drawing,
 * geometric shapes, miscellaneous symbols and dingbats (✓). For it, the glyphs are the cmap's one-to-one
 * mapping, which is what shaping yields apart from ligatures (drawn as their letters instead: the same text,
 * still extractable); tests/unit/savings/pdf_truetype_test.ts checks every code point of these ranges
 * against fontkit's shaping.
 */
export const UNSHAPED =
  /^[\u0020-\u007E\u00A0-\u024F\u2010-\u2027\u2030-\u205E\u2070-\u209F\u20AC\u2100-\u23FF\u2500-\u27BF]*$/;

/** A subset of a TrueType face in fontkit's TTFSubset layout (pdf-lib's CustomFontSubsetEmbedder drives it). */
export class TrueTypeSubset {
  readonly cff = undefined;
  private readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly face: TrueTypeFace) {
    this.includeGlyph(0); // the missing glyph comes first
  }

  includeGlyph(glyph: number | { id: number }): number {
    const gid = typeof glyph === "object" ? glyph.id : glyph;
    let id = this.mapping.get(gid);
    if (id === undefined) {
      this.glyphs.push(gid);
      this.mapping.set(gid, id = this.glyphs.length - 1);
    }
    return id;
  }

  /** The glyph ids of the original font in the subset, in subset order (components included by encode()). */
  get glyphIds(): readonly number[] {
    return this.glyphs;
  }

  /** The subset font file: head, hhea, loca, maxp, cvt, prep, glyf, hmtx, fpgm (what a PDF needs). */
  encode(): Uint8Array {
    const f = this.face;
    const glyf: Uint8Array[] = [];
    const offsets: number[] = [];
    const metrics: { advance: number; bearing: number }[] = [];
    let offset = 0;
    for (let i = 0; i < this.glyphs.length; i++) {
      const gid = this.glyphs[i];
      let bytes = f.glyphBytes(gid);
      if (bytes.length >= 10 && new DataView(bytes.buffer, bytes.byteOffset).getInt16(0) < 0) {
        bytes = bytes.slice(); // a composite glyph: renumber its components, adding them to the subset
        const v = new DataView(bytes.buffer);
        let p = 10, flags: number;
        do {
          flags = v.getUint16(p);
          v.setUint16(p + 2, this.includeGlyph(v.getUint16(p + 2)));
          p += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
          if (flags & WE_HAVE_A_SCALE) p += 2;
          else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) p += 4;
          else if (flags & WE_HAVE_A_TWO_BY_TWO) p += 8;
        } while (flags & MORE_COMPONENTS);
      }
      glyf.push(bytes);
      offsets.push(offset);
      metrics.push(f.metricsOf(gid));
      offset += bytes.length;
    }
    offsets.push(offset);
    const longLoca = offset > 0xffff;

    const head = f.tableBytes("head")!.slice();
    new DataView(head.buffer).setInt16(50, longLoca ? 1 : 0);
    const hhea = f.tableBytes("hhea")!.slice();
    new DataView(hhea.buffer).setUint16(34, metrics.length);
    const maxp = f.tableBytes("maxp")!.slice();
    new DataView(maxp.buffer).setUint16(4, glyf.length);
    const loca = new Uint8Array(offsets.length * (longLoca ? 4 : 2));
    const lv = new DataView(loca.buffer);
    offsets.forEach((o, i) => longLoca ? lv.setUint32(i * 4, o) : lv.setUint16(i * 2, o >>> 1));
    const hmtx = new Uint8Array(metrics.length * 4);
    const hv = new DataView(hmtx.buffer);
    metrics.forEach((m, i) => {
      hv.setUint16(i * 4, m.advance);
      hv.setInt16(i * 4 + 2, m.bearing);
    });
    const glyfBytes = new Uint8Array(offset);
    let at = 0;
    for (const g of glyf) {
      glyfBytes.set(g, at);
      at += g.length;
    }
    const parts: Record<(typeof TAG_ORDER)[number], Uint8Array | undefined> = {
      head,
      hhea,
      loca,
      maxp,
      "cvt ": f.tableBytes("cvt "),
      prep: f.tableBytes("prep"),
      glyf: glyfBytes,
      hmtx,
      fpgm: f.tableBytes("fpgm"),
    };
    const present = TAG_ORDER.filter((t) => parts[t]);
    const headerSize = 12 + 16 * present.length;
    const total = present.reduce((s, t) => s + parts[t]!.length, headerSize);
    const out = new Uint8Array(total);
    const v = new DataView(out.buffer);
    // fontkit's Directory: tag "true", checksums left at 0, tables in the order above, no padding
    out.set([0x74, 0x72, 0x75, 0x65], 0);
    const power = 2 ** Math.floor(Math.log2(present.length));
    v.setUint16(4, present.length);
    v.setUint16(6, power * 16);
    v.setUint16(8, Math.log2(power));
    v.setUint16(10, present.length * 16 - power * 16);
    let data = headerSize;
    present.forEach((tag, i) => {
      const e = 12 + i * 16, bytes = parts[tag]!;
      for (let c = 0; c < 4; c++) v.setUint8(e + c, tag.charCodeAt(c));
      v.setUint32(e + 4, 0);
      v.setUint32(e + 8, data);
      v.setUint32(e + 12, bytes.length);
      out.set(bytes, data);
      data += bytes.length;
    });
    return out;
  }

  /** What pdf-lib's embedder reads the font file from: a stream that emits the encoded subset once. */
  encodeStream(): {
    on(event: string, fn: (x?: unknown) => void): ReturnType<TrueTypeSubset["encodeStream"]>;
  } {
    const listeners = new Map<string, (x?: unknown) => void>();
    const stream = {
      on: (event: string, fn: (x?: unknown) => void) => {
        listeners.set(event, fn);
        return stream;
      },
    };
    queueMicrotask(() => {
      try {
        const bytes = this.encode();
        listeners.get("data")?.(bytes);
        listeners.get("end")?.();
      } catch (e) {
        listeners.get("error")?.(e);
      }
    });
    return stream;
  }
}
