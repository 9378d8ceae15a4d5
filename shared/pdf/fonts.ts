// DejaVu Sans (assets/fonts, Bitstream Vera / DejaVu licence): Unicode coverage, embedded as subsets so a
// report carries only the glyphs it uses. Each weight is embedded on first use.
import type { PDFDocument, PDFFont } from "pdf-lib";
import type Fontkit from "@pdf-lib/fontkit";

const FILES = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  italic: "DejaVuSans-Oblique.ttf",
} as const;
type Face = keyof typeof FILES;
const bytes = new Map<Face, Uint8Array>();

// Parsing a 700 KB font costs tens of ms; the parsed font is reused by every document (each document still
// gets its own subset), so fontkit.create is cached per font file. One catch: subsetting creates component
// glyphs (the "E" inside "É") without code points in the font's glyph cache, and a later document reusing
// that glyph would leave the character out of its ToUnicode map (text not extractable). A cached glyph
// without code points is therefore rebuilt when it is asked for with its characters.
const parsed = new Map<Uint8Array, unknown>();
// fontkit unpacks its data tables when it loads (about a tenth of the local stack's module loading,
// `npm run bench:start`): it loads with the first document that embeds a font, not with the process.
let cachingFontkit: Promise<typeof Fontkit> | undefined;
function loadFontkit(): Promise<typeof Fontkit> {
  return cachingFontkit ??= import("@pdf-lib/fontkit").then(({ default: fontkit }) =>
    ({
      ...fontkit,
      create(data: Uint8Array, postscriptName?: string) {
        if (postscriptName) return fontkit.create(data, postscriptName);
        let f = parsed.get(data);
        if (!f) parsed.set(data, f = withCodePointSafeGlyphs(fontkit.create(data)));
        return f;
      },
    }) as typeof Fontkit
  );
}

function fontBytes(face: Face): Uint8Array {
  let b = bytes.get(face);
  if (!b) {
    b = Deno.readFileSync(new URL(`../../assets/fonts/${FILES[face]}`, import.meta.url));
    bytes.set(face, b);
  }
  return b;
}

type Glyph = { advanceWidth: number };
type GlyphCache = {
  _glyphs: Record<number, { codePoints: number[] } | undefined>;
  getGlyph(id: number, chars?: number[]): unknown;
  glyphsForString(text: string): Glyph[];
  layout(text: string, ...rest: unknown[]): { glyphs: Glyph[] };
};

/**
 * Text that OpenType shaping cannot change in this font: Latin letters, digits and punctuation (no combining
 * marks, no scripts that join). For it, the glyphs are the cmap's one-to-one mapping, which is what
 * shaping yields apart from ligatures (drawn as their letters instead: the same text, still extractable).
 * Shaping is the costliest step of a document (about 0.7 ms a string in fontkit), and pdf-lib reads only
 * the glyphs of a layout, never its positions.
 */
const UNSHAPED = /^[\u0020-\u007E\u00A0-\u024F\u2010-\u2027\u2030-\u205E\u20AC]*$/;

function withCodePointSafeGlyphs<T>(font: T): T {
  const f = font as unknown as GlyphCache;
  const original = f.getGlyph.bind(f);
  f.getGlyph = (id: number, chars: number[] = []) => {
    if (chars.length && f._glyphs[id] && !f._glyphs[id]!.codePoints?.length) delete f._glyphs[id];
    return original(id, chars);
  };
  const shape = f.layout.bind(f);
  f.layout = (text: string, ...rest: unknown[]) => {
    if (rest.length > 1 || !UNSHAPED.test(text)) return shape(text, ...rest);
    const glyphs = f.glyphsForString(text);
    return {
      glyphs,
      positions: glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })),
    };
  };
  return font;
}

export class FontSet {
  private readonly embedded = new Map<Face, Promise<PDFFont>>();
  private readonly ready = new Map<Face, PDFFont>();
  private registered?: Promise<void>;
  constructor(private readonly doc: PDFDocument) {}

  static faceOf(bold: boolean, italic: boolean): Face {
    return bold ? "bold" : italic ? "italic" : "regular"; // no bold-italic face shipped: bold wins
  }

  /** Embeds the faces a layout will need; call before measuring with get(). */
  async load(...faces: Face[]): Promise<void> {
    await (this.registered ??= loadFontkit().then((fontkit) => this.doc.registerFontkit(fontkit)));
    for (const f of faces) {
      if (!this.embedded.has(f)) this.embedded.set(f, this.doc.embedFont(fontBytes(f), { subset: true }));
      this.ready.set(f, await this.embedded.get(f)!);
    }
  }

  get(bold: boolean, italic: boolean): PDFFont {
    const face = FontSet.faceOf(bold, italic);
    const f = this.ready.get(face) ?? this.ready.get("regular");
    if (!f) throw new Error(`Font ${face} not loaded`);
    return f;
  }
}
