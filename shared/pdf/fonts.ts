// DejaVu Sans (assets/fonts, Bitstream Vera / DejaVu licence): Unicode coverage, embedded as subsets so a
// report carries only the glyphs it uses. Each weight is embedded on first use.
//
// The fonts are read by shared/pdf/truetype.ts (cmap, metrics, glyf subset), parsed once per process or
// isolate and reused by every document; pdf-lib's own subset embedder writes them into each document. fontkit
// is loaded only for a document with text that OpenType shaping could change (other scripts, combining marks:
// see UNSHAPED), and its parsed fonts are then cached the same way.
import { CustomFontSubsetEmbedder, type PDFDocument, PDFFont } from "pdf-lib";
import type Fontkit from "@pdf-lib/fontkit";
import { loadFontkit } from "./fontkit_loader.ts";
import { type Shaper, TrueTypeFace, UNSHAPED } from "./truetype.ts";

export { UNSHAPED };

const FILES = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  italic: "DejaVuSans-Oblique.ttf",
} as const;
type Face = keyof typeof FILES;
const faces = new Map<Face, TrueTypeFace>();

/** The parsed face of a font file, shared by every document of this process. */
export function faceOf(face: Face): TrueTypeFace {
  let f = faces.get(face);
  if (!f) {
    f = new TrueTypeFace(Deno.readFileSync(new URL(`../../assets/fonts/${FILES[face]}`, import.meta.url)));
    faces.set(face, f);
  }
  return f;
}

// fontkit unpacks its data tables when it loads (and costs more CPU on a cold isolate than the rest of a
// render): it loads with the first document that has text to shape, never with the process.
let shaping: Promise<typeof Fontkit> | undefined;
async function attachShaper(face: TrueTypeFace): Promise<void> {
  if (face.shaped) return;
  const fontkit = await (shaping ??= loadFontkit());
  if (face.shaped) return;
  face.withShaper(withCodePointSafeGlyphs(fontkit.create(face.data)) as unknown as Shaper);
}

type GlyphCache = {
  _glyphs: Record<number, { codePoints: number[] } | undefined>;
  getGlyph(id: number, chars?: number[]): unknown;
};

// fontkit caches glyphs by id with the code points of their first use; a glyph cached without code points
// (a component reached by id) would leave its characters out of the document's ToUnicode map, so it is rebuilt
// when it is asked for with its characters.
function withCodePointSafeGlyphs<T>(font: T): T {
  const f = font as unknown as GlyphCache;
  const original = f.getGlyph.bind(f);
  f.getGlyph = (id: number, chars: number[] = []) => {
    if (chars.length && f._glyphs[id] && !f._glyphs[id]!.codePoints?.length) delete f._glyphs[id];
    return original(id, chars);
  };
  return font;
}

/**
 * True when every text can be drawn with the fonts' one-to-one glyphs (no fontkit needed). Line breaks and tabs
 * of the source text are never drawn (layout splits words at white space), so they need no shaping.
 */
export function unshaped(texts: Iterable<string>): boolean {
  for (const t of texts) {
    if (!UNSHAPED.test(t) && !UNSHAPED.test(t.replace(/[\t\n\r\f]/g, " "))) return false;
  }
  return true;
}

export class FontSet {
  private readonly ready = new Map<Face, PDFFont>();
  private shape = false;
  constructor(private readonly doc: PDFDocument) {}

  static faceOf(bold: boolean, italic: boolean): Face {
    return bold ? "bold" : italic ? "italic" : "regular"; // no bold-italic face shipped: bold wins
  }

  /**
   * Makes text that shaping could change (see UNSHAPED) shaped by fontkit in the faces loaded, before or after
   * this call. Call it with the document's text before measuring; text it did not see is drawn unshaped.
   */
  async shapeIfNeeded(texts: Iterable<string>): Promise<void> {
    if (this.shape || unshaped(texts)) return;
    this.shape = true;
    for (const f of this.ready.keys()) await attachShaper(faceOf(f));
  }

  /** Embeds the faces a layout will need; call before measuring with get(). */
  async load(...wanted: Face[]): Promise<void> {
    for (const f of wanted) {
      if (this.ready.has(f)) continue;
      const face = faceOf(f);
      if (this.shape) await attachShaper(face);
      // what doc.embedFont(bytes, { subset: true }) does, with the parsed face in place of a fontkit font
      const embedder = await CustomFontSubsetEmbedder.for(
        { create: () => face } as unknown as typeof Fontkit,
        face.data,
      );
      const font = PDFFont.of(this.doc.context.nextRef(), this.doc, embedder);
      (this.doc as unknown as { fonts: PDFFont[] }).fonts.push(font);
      this.ready.set(f, font);
    }
  }

  get(bold: boolean, italic: boolean): PDFFont {
    const face = FontSet.faceOf(bold, italic);
    const f = this.ready.get(face) ?? this.ready.get("regular");
    if (!f) throw new Error(`Font ${face} not loaded`);
    return f;
  }
}
