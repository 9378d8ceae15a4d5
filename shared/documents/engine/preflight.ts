// Checks made before any decoder sees a document: an image's size from its header, and a PDF's compressed
// streams inflated with a byte budget (a flate bomb stops at the budget, not at the machine's memory).
import { type ImageSize, imageSize } from "../image_size.ts";
import { sniffFileType } from "../sniff.ts";
import { DocumentTooComplex, UnreadableDocument } from "./errors.ts";
import type { DocumentLimits } from "./limits.ts";
import { decodeChain, filterNames, OverBudget } from "./stream_filters.ts";
import { MAX_SAVE_DEPTH, saveDepth } from "./content_depth.ts";

/** The image's size from its header, refused when it is over the pixel or side limit or unreadable. */
export function checkImage(bytes: Uint8Array, limits: DocumentLimits, name = "The image"): ImageSize {
  const size = imageSize(bytes);
  if (!size) throw new UnreadableDocument(`${name} is not a readable PNG or JPEG (no valid header)`);
  checkPixels(size, limits, name);
  return size;
}

export function checkPixels(size: ImageSize, limits: DocumentLimits, name = "The image"): void {
  const { width, height } = size;
  if (width > limits.maxImageSide || height > limits.maxImageSide || width * height > limits.maxImagePixels) {
    throw new DocumentTooComplex(
      `${name} is ${width}×${height} pixels; the limits are ${limits.maxImageSide} pixels a side and ${
        Math.round(limits.maxImagePixels / 1e6)
      } megapixels`,
    );
  }
}

export interface PdfFacts {
  streams: number;
  inflatedBytes: number;
  objectStreamObjects: number;
}

const latin1 = new TextDecoder("latin1");

/**
 * Walks a PDF's streams: every Flate stream is inflated against what is left of the byte budget, object
 * streams' object counts are added up, and image XObjects' declared sizes are checked, all before pdf.js
 * parses anything. Throws DocumentTooComplex over a limit.
 */
export function checkPdf(bytes: Uint8Array, limits: DocumentLimits, name = "The PDF"): PdfFacts {
  if (sniffFileType(bytes) !== "pdf") throw new UnreadableDocument(`${name} is not a PDF file`);
  const text = latin1.decode(bytes); // one char per byte: indexes are byte offsets
  const facts: PdfFacts = { streams: 0, inflatedBytes: 0, objectStreamObjects: 0 };
  let integers: Map<string, number> | undefined;
  let openSaves = 0;
  const streamRe = /stream(\r\n|\n|\r)/g;
  for (let m = streamRe.exec(text); m; m = streamRe.exec(text)) {
    if (text.slice(m.index - 3, m.index) === "end") continue;
    const dictStart = text.lastIndexOf("<<", m.index);
    const objStart = text.lastIndexOf(" obj", m.index);
    if (dictStart < 0 || dictStart < objStart) continue;
    const dict = text.slice(objStart < 0 ? dictStart : objStart, m.index);
    const start = m.index + m[0].length;
    const declared = dict.match(/\/Length\s+(\d+)(?!\s+\d+\s+R)/);
    let end = declared ? start + Number(declared[1]) : -1;
    if (end < start || end > bytes.length || !/^\s*endstream/.test(text.slice(end, end + 20))) {
      end = text.indexOf("endstream", start);
    }
    if (end < 0) end = bytes.length;
    streamRe.lastIndex = end;
    facts.streams++;
    if (/\/Type\s*\/ObjStm/.test(dict)) {
      facts.objectStreamObjects += Number(dict.match(/\/N\s+(\d+)/)?.[1] ?? 0);
      if (facts.objectStreamObjects > limits.maxPdfObjects) {
        throw new DocumentTooComplex(
          `${name} holds more than ${limits.maxPdfObjects} objects in object streams`,
        );
      }
    }
    if (/\/Subtype\s*\/Image/.test(dict)) {
      // A size may be an indirect reference (`/Width 6 0 R` → `6 0 obj 60000 endobj`): read as 6 before, a
      // 60000×60000 image passed to the decoder, bounded only by the worker's watchdog (docs/security.md, 4th pass).
      const side = (re: RegExp) => {
        const m = dict.match(re);
        if (!m) return 0;
        if (m[2] === undefined) return Number(m[1]);
        integers ??= integerObjects(text);
        return integers.get(`${m[1]} ${m[2]}`) ?? 0;
      };
      const w = side(/\/Width\s+(\d+)(?:\s+(\d+)\s+R)?/);
      const h = side(/\/Height\s+(\d+)(?:\s+(\d+)\s+R)?/);
      if (w && h) checkPixels({ width: w, height: h }, limits, `An image in ${name}`);
      // A JPEG is decoded at the size its own header gives, whatever the dictionary says.
      if (/\/DCTDecode|\/DCT\b/.test(dict)) {
        const jpeg = imageSize(bytes.subarray(start, end));
        if (jpeg) checkPixels(jpeg, limits, `An image in ${name}`);
      }
    }
    const image = /\/Subtype\s*\/Image/.test(dict);
    const filters = filtersOf(dict, text);
    let content: Uint8Array | null = image ? null : bytes.subarray(start, end);
    if (filters.length) {
      // The whole chain against the budget (pass 12: Flate behind ASCIIHex/ASCII85/Flate, LZW and RunLength were not).
      try {
        const decoded = decodeChain(
          bytes.subarray(start, end),
          filters,
          limits.maxInflatedBytes - facts.inflatedBytes,
          /\/EarlyChange\s+0\b/.test(dict) ? 0 : 1,
          !image,
        );
        facts.inflatedBytes += decoded.size;
        content = image ? null : decoded.bytes;
      } catch (e) {
        if (e instanceof OverBudget) throw tooMuch(name);
        throw e;
      }
    }
    if (content) {
      // Open `q`s, across the file's streams (a page's contents may be many): pdf.js's text read is quadratic in them.
      const depth = saveDepth(content, openSaves);
      if (depth.max > MAX_SAVE_DEPTH) {
        throw new DocumentTooComplex(
          `${name} nests the graphics state more than ${MAX_SAVE_DEPTH} levels deep`,
        );
      }
      openSaves = depth.open;
    }
  }
  return facts;
}

/** A stream's filter names from its dictionary, `/Filter 7 0 R` read from object 7. */
function filtersOf(dict: string, text: string): string[] {
  const m = dict.match(/\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+|(\d{1,10})\s+(\d{1,5})\s+R)/);
  if (!m) return [];
  if (m[2] === undefined) return filterNames(m[1]);
  const at = text.search(new RegExp(`(?:^|[^\\d])${m[2]}\\s+${m[3]}\\s+obj\\b`));
  if (at < 0) return [];
  const body = text.slice(at, text.indexOf("endobj", at) >>> 0 || at + 4096).slice(0, 4096);
  const value = body.match(/obj\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/);
  return value ? filterNames(value[1]) : [];
}

/**
 * The file's objects that are a bare integer (`12 0 obj 60000 endobj`), by "number generation". Found from each
 * " obj" with anchored patterns over a few characters either side, so a long run of digits costs one pass.
 */
function integerObjects(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (let at = text.indexOf(" obj"); at >= 0; at = text.indexOf(" obj", at + 4)) {
    const id = text.slice(Math.max(0, at - 24), at).match(/(?:^|[^\d])(\d{1,10})\s+(\d{1,5})$/);
    const value = id && text.slice(at + 4, at + 40).match(/^\s*(\d{1,10})\s*endobj/);
    if (id && value) out.set(`${id[1]} ${id[2]}`, Number(value[1]));
  }
  return out;
}

const tooMuch = (name: string) =>
  new DocumentTooComplex(
    `${name}'s compressed content inflates past the engine's limit (DOCUMENT_MAX_INFLATED_MB)`,
  );
