// DejaVu Sans (assets/fonts, Bitstream Vera / DejaVu licence): Unicode coverage, embedded as subsets so a
// report carries only the glyphs it uses. Each weight is embedded on first use.
import { PDFDocument, type PDFFont } from "pdf-lib";
import fontkit from "@pdf-lib/fontkit";

const FILES = { regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf", italic: "DejaVuSans-Oblique.ttf" } as const;
type Face = keyof typeof FILES;
const bytes = new Map<Face, Uint8Array>();

// Parsing a 700 KB font costs tens of ms; the parsed font is reused by every document (each document still
// gets its own subset), so fontkit.create is cached per font file.
const parsed = new Map<Uint8Array, unknown>();
const cachingFontkit = {
  ...fontkit,
  create(data: Uint8Array, postscriptName?: string) {
    if (postscriptName) return fontkit.create(data, postscriptName);
    let f = parsed.get(data);
    if (!f) parsed.set(data, f = fontkit.create(data));
    return f;
  },
} as typeof fontkit;

function fontBytes(face: Face): Uint8Array {
  let b = bytes.get(face);
  if (!b) {
    b = Deno.readFileSync(new URL(`../../assets/fonts/${FILES[face]}`, import.meta.url));
    bytes.set(face, b);
  }
  return b;
}

export class FontSet {
  private readonly embedded = new Map<Face, Promise<PDFFont>>();
  private readonly ready = new Map<Face, PDFFont>();
  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(cachingFontkit);
  }

  static faceOf(bold: boolean, italic: boolean): Face {
    return bold ? "bold" : italic ? "italic" : "regular"; // no bold-italic face shipped: bold wins
  }

  /** Embeds the faces a layout will need; call before measuring with get(). */
  async load(...faces: Face[]): Promise<void> {
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
