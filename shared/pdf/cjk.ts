// Chinese, Japanese and Korean text in the PDFs. The bundled DejaVu fonts have no CJK glyphs, and a full CJK font
// (5–16 MB) would not fit an edge function's bundle (10 MB). So CJK characters are drawn with Noto Sans SC, JP or
// KR (OFL-1.1, regular weight) as Google Fonts slices them by unicode-range: 88–117 WOFF files of ≈ 30 KB
// per font (@fontsource/noto-sans-{sc,jp,kr}). A document loads only the slices that hold its CJK characters,
// and pdf-lib embeds a subset of each (the glyphs used). assets/fonts/cjk-slices.json (written by
// scripts/pdf/cjk_fonts.ts) says which slice holds each code point; the slices come from the npm package where
// node_modules exists (local, a self-hosted worker), else from the object store (widget/fonts/cjk/, uploaded by
// the deploy script: Supabase Storage in the cloud). Parsed slices are cached per process or isolate. A slice
// that cannot be loaded leaves its characters as today's white squares, with a logged warning: a document never
// fails because of a font.
import { log } from "../log.ts";
import type { ObjectStore } from "../storage/types.ts";
import { TrueTypeFace } from "./truetype.ts";

export const CJK_FONTS = {
  sc: { package: "@fontsource/noto-sans-sc", slicePattern: /^noto-sans-sc-\d+-400-normal\.woff$/ },
  jp: { package: "@fontsource/noto-sans-jp", slicePattern: /^noto-sans-jp-\d+-400-normal\.woff$/ },
  kr: { package: "@fontsource/noto-sans-kr", slicePattern: /^noto-sans-kr-\d+-400-normal\.woff$/ },
} as const;
export type CjkFontKey = keyof typeof CJK_FONTS;
const sliceFile = (key: CjkFontKey, slice: string) => `noto-sans-${key}-${slice}-400-normal.woff`;

/** Where the deploy puts the slices in the object store (the public widget bucket: the fonts are OFL). */
export const CJK_BUCKET = "widget";
export const CJK_PREFIX = "fonts/cjk/";

// Hangul Jamo, CJK radicals and description characters, CJK symbols and punctuation, kana, Bopomofo, Hangul
// compatibility Jamo, Kanbun, CJK strokes, kana extensions, enclosed CJK, CJK compatibility, Ext. A, unified
// ideographs, Hangul Jamo extended A, Hangul syllables and Jamo extended B, compatibility ideographs, vertical
// and compatibility forms, half- and fullwidth forms, supplementary ideographs (Ext. B onwards).
const SOURCE =
  "\\u1100-\\u11FF\\u2E80-\\u2FDF\\u2FF0-\\u30FF\\u3100-\\u33FF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uA960-\\uA97F" +
  "\\uAC00-\\uD7FF\\uF900-\\uFAFF\\uFE10-\\uFE1F\\uFE30-\\uFE4F\\uFF00-\\uFFEF\\u{20000}-\\u{3FFFF}";
/** A CJK character (what the DejaVu fonts lack and the CJK slices hold). */
export const CJK_CHAR = new RegExp(`[${SOURCE}]`, "u");
const CJK_CHARS = new RegExp(`[${SOURCE}]`, "gu");
const KANA = /[\u3040-\u30FF\u31F0-\u31FF\uFF66-\uFF9F]/u;
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7FF\uFFA0-\uFFDC]/u;

// Characters a line may not start with (closing brackets and punctuation, small kana, iteration and prolonged
// sound marks: the simple form of kinsoku) and those it may not end with (opening brackets).
const NO_LINE_START =
  /[、。，．）」』】〕〉》〙〗’”！？：；・ー～ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々〻゛゜ゝゞヽヾ,.!?:;)\]}%]/u;
const NO_LINE_END = /[「『（【〔〈《〘〖“‘(\[{]/u;

/**
 * A word (no spaces) in the pieces a line may break between: each CJK character on its own (CJK text has no
 * spaces), a closing mark kept with the character before it and an opening one with the character after it, Latin
 * letters and digits together. A word without CJK characters is one piece.
 */
export function breakableSegments(word: string): string[] {
  if (!CJK_CHAR.test(word)) return [word];
  const out: string[] = [];
  let cur = "", open = false, prevCjk = false;
  for (const ch of word) {
    const cjk = CJK_CHAR.test(ch);
    if (cur && !open && !NO_LINE_START.test(ch) && (cjk || prevCjk || NO_LINE_END.test(ch))) {
      out.push(cur);
      cur = "";
    }
    cur += ch;
    open = NO_LINE_END.test(ch);
    prevCjk = cjk;
  }
  if (cur) out.push(cur);
  return out;
}

export function isCjkCodePoint(cp: number): boolean {
  return CJK_CHAR.test(String.fromCodePoint(cp));
}

/** `text` without its CJK characters (what the other fonts draw). */
export function withoutCjk(text: string): string {
  return text.replace(CJK_CHARS, "");
}

// ---- Which slice holds a code point (assets/fonts/cjk-slices.json)
interface SliceIndex {
  starts: number[];
  ends: number[];
  slices: string[];
}
type Manifest = Record<CjkFontKey, SliceIndex>;
let manifest: Promise<Manifest> | undefined;

async function readManifest(): Promise<Manifest> {
  const raw = JSON.parse(
    await Deno.readTextFile(new URL("../../assets/fonts/cjk-slices.json", import.meta.url)),
  ) as { fonts: Record<CjkFontKey, { slices: Record<string, string> }> };
  const out = {} as Manifest;
  for (const key of Object.keys(CJK_FONTS) as CjkFontKey[]) {
    const ranges: [number, number, string][] = [];
    for (const [slice, list] of Object.entries(raw.fonts[key]?.slices ?? {})) {
      for (const r of list.split(",")) {
        const [a, b] = r.split("-");
        ranges.push([parseInt(a, 16), parseInt(b ?? a, 16), slice]);
      }
    }
    ranges.sort((x, y) => x[0] - y[0]);
    out[key] = {
      starts: ranges.map((r) => r[0]),
      ends: ranges.map((r) => r[1]),
      slices: ranges.map((r) => r[2]),
    };
  }
  return out;
}

function sliceOf(index: SliceIndex, cp: number): string | undefined {
  let lo = 0, hi = index.starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < index.starts[mid]) hi = mid - 1;
    else if (cp > index.ends[mid]) lo = mid + 1;
    else return index.slices[mid];
  }
  return undefined;
}

// ---- Loading slices
/** The bytes of one slice file (WOFF or TrueType), or null when there are none. */
export type SliceLoader = (file: string, font: CjkFontKey) => Promise<Uint8Array | null>;

/** The slice file of the npm package, where node_modules exists (locally, a self-hosted worker). */
export const packageSliceLoader: SliceLoader = async (file, font) => {
  try {
    return await Deno.readFile(
      new URL(`../../node_modules/${CJK_FONTS[font].package}/files/${file}`, import.meta.url),
    );
  } catch {
    return null; // not installed here: an edge function ships no node_modules
  }
};

/** The slice in an object store, at widget/fonts/cjk/<file> (where the deploy script uploads them). */
export function storeSliceLoader(store: ObjectStore): SliceLoader {
  return async (file) => (await store.get(CJK_BUCKET, `${CJK_PREFIX}${file}`))?.bytes ?? null;
}

/** The package's file, else the object store's (STORAGE_PROVIDER: Supabase Storage, or files under DATA_DIR). */
export const defaultSliceLoader: SliceLoader = async (file, font) => {
  const local = await packageSliceLoader(file, font);
  if (local) return local;
  const { loadStorageConfig } = await import("../storage/index.ts");
  const c = loadStorageConfig();
  const store = c.provider === "supabase"
    ? new (await import("../storage/supabase.ts")).SupabaseObjectStore(c.url, c.serviceKey)
    : new (await import("../storage/embedded.ts")).FileObjectStore(
      `${Deno.env.get("DATA_DIR") || ".data"}/storage`,
    );
  return await storeSliceLoader(store)(file, font);
};

let loader: SliceLoader = defaultSliceLoader;
/** Replaces where slices come from (tests); also forgets the slices parsed so far. */
export function setCjkSliceLoader(l: SliceLoader = defaultSliceLoader): void {
  loader = l;
  faces.clear();
}

const LOAD_TIMEOUT_MS = 5000;
/** A slice that could not be loaded is tried again after this long (an outage should not last per isolate). */
const RETRY_AFTER_MS = 60_000;
/** Parsed slices kept per process or isolate (≈ 60–150 KB each), the least recently used dropped first. */
const MAX_CACHED = 64;
const faces = new Map<string, { face: Promise<TrueTypeFace | null>; failedAt?: number }>();

function sliceFace(font: CjkFontKey, file: string): Promise<TrueTypeFace | null> {
  const cached = faces.get(file);
  if (cached && !(cached.failedAt && Date.now() - cached.failedAt > RETRY_AFTER_MS)) {
    faces.delete(file); // most recently used last
    faces.set(file, cached);
    return cached.face;
  }
  const entry: { face: Promise<TrueTypeFace | null>; failedAt?: number } = { face: Promise.resolve(null) };
  entry.face = (async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const bytes = await Promise.race([
        loader(file, font),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${LOAD_TIMEOUT_MS} ms`)), LOAD_TIMEOUT_MS);
        }),
      ]);
      if (!bytes) throw new Error("not found");
      return new TrueTypeFace(await woffToSfnt(bytes));
    } catch (e) {
      log("warn", "pdf: a CJK font slice could not be loaded; its characters are drawn as white squares", {
        file,
        error: e instanceof Error ? e.message : String(e),
      });
      entry.failedAt = Date.now();
      return null;
    } finally {
      clearTimeout(timer);
    }
  })();
  faces.delete(file);
  faces.set(file, entry);
  for (const oldest of faces.keys()) {
    if (faces.size <= MAX_CACHED) break;
    faces.delete(oldest);
  }
  return entry.face;
}

/**
 * The slice that draws each CJK character of `texts` (font and slice): Hangul in Noto Sans KR; the other characters
 * in Noto Sans JP when the text has kana, else in Noto Sans SC (KR when it has Hangul), the other fonts where the
 * first lacks the character. Empty, without reading the index, when the texts have no CJK character.
 */
export async function cjkSlicesFor(
  texts: Iterable<string>,
): Promise<Map<number, { font: CjkFontKey; file: string }>> {
  const cps = new Set<number>();
  for (const t of texts) {
    if (!CJK_CHAR.test(t)) continue;
    for (const m of t.matchAll(CJK_CHARS)) cps.add(m[0].codePointAt(0)!);
  }
  const wanted = new Map<number, { font: CjkFontKey; file: string }>();
  if (!cps.size) return wanted;
  let index: Manifest;
  try {
    index = await (manifest ??= readManifest());
  } catch (e) {
    manifest = undefined;
    log("warn", "pdf: the CJK slice index could not be read; CJK characters are drawn as white squares", {
      error: e instanceof Error ? e.message : String(e),
    });
    return wanted;
  }
  const chars = [...cps].map((cp) => String.fromCodePoint(cp)).join("");
  const han: CjkFontKey[] = KANA.test(chars)
    ? ["jp", "sc", "kr"]
    : HANGUL.test(chars)
    ? ["kr", "sc", "jp"]
    : ["sc", "jp", "kr"];
  for (const cp of cps) {
    const order = HANGUL.test(String.fromCodePoint(cp)) ? ["kr", ...han.filter((k) => k !== "kr")] : han;
    for (const font of order as CjkFontKey[]) {
      const slice = sliceOf(index[font], cp);
      if (slice !== undefined) {
        wanted.set(cp, { font, file: sliceFile(font, slice) });
        break;
      }
    }
  }
  return wanted;
}

/** The parsed face that draws each CJK character of `texts` (cjkSlicesFor); unloadable slices are left out. */
export async function cjkFacesFor(texts: Iterable<string>): Promise<Map<number, TrueTypeFace>> {
  const wanted = await cjkSlicesFor(texts);
  const loading = new Map<string, Promise<TrueTypeFace | null>>();
  for (const { font, file } of wanted.values()) {
    if (!loading.has(file)) loading.set(file, sliceFace(font, file));
  }
  const out = new Map<number, TrueTypeFace>();
  for (const [cp, { file }] of wanted) {
    const face = await loading.get(file)!;
    if (face) out.set(cp, face);
  }
  return out;
}

// ---- WOFF 1.0 -> TrueType (each table zlib-compressed when that is smaller)
async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new DecompressionStream("deflate"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The sfnt (TrueType) bytes of a WOFF 1.0 file; TrueType bytes are returned as they are. */
export async function woffToSfnt(woff: Uint8Array): Promise<Uint8Array> {
  const v = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  const signature = v.getUint32(0);
  if (signature === 0x00010000 || signature === 0x74727565) return woff;
  if (signature !== 0x774f4646) throw new Error("not a WOFF 1.0 or TrueType font");
  const n = v.getUint16(12);
  const tables: { tag: number; data: Uint8Array; checksum: number }[] = [];
  for (let i = 0; i < n; i++) {
    const e = 44 + i * 20;
    const offset = v.getUint32(e + 4), compLength = v.getUint32(e + 8), origLength = v.getUint32(e + 12);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? await inflate(raw) : raw;
    if (data.length !== origLength) throw new Error("a WOFF table does not inflate to its length");
    tables.push({ tag: v.getUint32(e), data, checksum: v.getUint32(e + 16) });
  }
  const header = 12 + 16 * n;
  const total = tables.reduce((s, t) => s + ((t.data.length + 3) & ~3), header);
  const out = new Uint8Array(total);
  const o = new DataView(out.buffer);
  const power = 2 ** Math.floor(Math.log2(n));
  o.setUint32(0, v.getUint32(4));
  o.setUint16(4, n);
  o.setUint16(6, power * 16);
  o.setUint16(8, Math.log2(power));
  o.setUint16(10, n * 16 - power * 16);
  let at = header;
  tables.forEach((t, i) => {
    const e = 12 + i * 16;
    o.setUint32(e, t.tag);
    o.setUint32(e + 4, t.checksum);
    o.setUint32(e + 8, at);
    o.setUint32(e + 12, t.data.length);
    out.set(t.data, at);
    at += (t.data.length + 3) & ~3;
  });
  return out;
}
