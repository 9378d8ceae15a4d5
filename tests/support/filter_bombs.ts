// PDFs whose one page's content stream decodes to `n` spaces through a chain of filters that the preflight's inflate
// budget did not follow (security pass 12): Flate behind ASCIIHex or ASCII85, Flate behind Flate, LZW, RunLength.
// Small files (a few KB to a few MB) that a PDF reader decodes to hundreds of megabytes or more.
import zlib from "node:zlib";

const enc = new TextEncoder();

/** A one-page PDF whose content stream is `data` under the `filters` (in decoding order). */
export function pdfWithContent(data: Uint8Array, filters: string[]): Uint8Array {
  const filter = filters.length === 0
    ? "[]"
    : filters.length === 1
    ? `/${filters[0]}`
    : `[${filters.map((f) => `/${f}`).join(" ")}]`;
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let size = 0;
  const put = (b: Uint8Array | string) => {
    const u = typeof b === "string" ? enc.encode(b) : b;
    parts.push(u);
    size += u.length;
  };
  put("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  const obj = (n: number, body: string) => {
    offsets[n] = size;
    put(`${n} 0 obj\n${body}\nendobj\n`);
  };
  obj(1, "<< /Type /Catalog /Pages 2 0 R >>");
  obj(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  obj(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>");
  offsets[4] = size;
  put(`4 0 obj\n<< /Length ${data.length} /Filter ${filter} >>\nstream\n`);
  put(data);
  put("\nendstream\nendobj\n");
  const xref = size;
  put(`xref\n0 5\n0000000000 65535 f \n`);
  for (let i = 1; i <= 4; i++) put(`${String(offsets[i]).padStart(10, "0")} 00000 n \n`);
  put(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** `n` spaces in zlib's format (CompressionStream "deflate"), fed 16 MB at a time (never `n` bytes at once). */
export async function deflatedSpaces(n: number): Promise<Uint8Array> {
  const piece = new Uint8Array(Math.min(n, 16 << 20)).fill(0x20);
  const cs = new CompressionStream("deflate");
  const writer = cs.writable.getWriter();
  const read = new Response(cs.readable).arrayBuffer();
  for (let left = n; left > 0; left -= piece.length) {
    await writer.write(piece.subarray(0, Math.min(left, piece.length)));
  }
  await writer.close();
  return new Uint8Array(await read);
}

const hex = (b: Uint8Array) =>
  enc.encode(Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("") + ">");

/** ASCII85 (Adobe), with its `~>` end. */
function ascii85(b: Uint8Array): Uint8Array {
  let s = "";
  for (let i = 0; i < b.length; i += 4) {
    const n = Math.min(4, b.length - i);
    let v = 0;
    for (let j = 0; j < 4; j++) v = v * 256 + (j < n ? b[i + j] : 0);
    if (v === 0 && n === 4) {
      s += "z";
      continue;
    }
    const c: string[] = [];
    for (let j = 0; j < 5; j++) {
      c.unshift(String.fromCharCode(33 + (v % 85)));
      v = Math.floor(v / 85);
    }
    s += c.slice(0, n + 1).join("");
  }
  return enc.encode(s + "~>");
}

/** RunLength: 2 bytes give 128 spaces. */
function runLength(n: number): Uint8Array {
  const runs = Math.ceil(n / 128);
  const out = new Uint8Array(runs * 2 + 1);
  for (let i = 0; i < runs; i++) {
    out[2 * i] = 257 - 128;
    out[2 * i + 1] = 0x20;
  }
  out[runs * 2] = 128; // EOD
  return out;
}

/**
 * LZW (PDF's, EarlyChange 1) of about `n` spaces: after a clear code, the codes 32, 258, 259, … each give one more
 * space than the one before (each names the entry the decoder is about to add), so one table's 3,836 codes give
 * 7.4 million spaces from about 5 KB. Widths as the decoder reads them: 9 bits, one more when the next entry + 1
 * reaches 512, 1024, 2048.
 */
function lzwSpaces(n: number): Uint8Array {
  const out: number[] = [];
  let acc = 0, accBits = 0, width = 9;
  const emit = (code: number) => {
    acc = (acc << width) | code;
    accBits += width;
    while (accBits >= 8) {
      out.push((acc >> (accBits - 8)) & 0xff);
      accBits -= 8;
      acc &= (1 << accBits) - 1;
    }
  };
  for (let left = n; left > 0;) {
    emit(256); // clear: 9 bits from the next code on, next entry 258
    width = 9;
    emit(0x20);
    left -= 1;
    for (let next = 258; left > 0 && next < 4094;) {
      emit(next);
      left -= next - 256;
      next++;
      if (((next + 1) & next) === 0) width = Math.min(Math.log2(next + 1) + 1, 12);
    }
  }
  emit(257);
  if (accBits > 0) out.push((acc << (8 - accBits)) & 0xff);
  return Uint8Array.from(out);
}

/** The bombs, by name: each a one-page PDF whose content decodes to `n` spaces. */
export async function filterBombs(n: number): Promise<Record<string, Uint8Array>> {
  const flate = await deflatedSpaces(n);
  return {
    "ASCIIHex + Flate": pdfWithContent(hex(flate), ["ASCIIHexDecode", "FlateDecode"]),
    "ASCII85 + Flate": pdfWithContent(ascii85(flate), ["ASCII85Decode", "FlateDecode"]),
    "Flate + Flate": pdfWithContent(zlib.deflateSync(flate, { level: 9 }), ["FlateDecode", "FlateDecode"]),
    "RunLength": pdfWithContent(runLength(n), ["RunLengthDecode"]),
    "LZW": pdfWithContent(lzwSpaces(n), ["LZWDecode"]),
  };
}
