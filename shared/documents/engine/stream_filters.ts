// A PDF stream's filter chain, decoded against a byte budget before pdf.js sees the file (security pass 12). The
// preflight inflated only a stream whose filters named Flate, and inflated its raw bytes: Flate behind ASCIIHex or
// ASCII85 (an error to zlib, so "a damaged stream"), Flate behind Flate (only the first layer counted), LZW (about
// 2,700 : 1) and RunLength (64 : 1) were not counted at all, and decoded in the worker until its memory watchdog
// killed it (3–16 s, 1.3 GB, for 1.5 GB of spaces from 3 KB to 2.8 MB of file). Each stage here stops at the budget;
// a stage that is not a general-purpose compression (images: DCT, JPX, JBIG2, CCITT; Crypt) ends the chain, and an
// image's size is checked from its dictionary and header instead.
import zlib from "node:zlib";

/** Thrown when the chain's output passes the budget. */
export class OverBudget extends Error {}

/** A stage's name (full or abbreviated) to its decoder; absent: the chain ends there (not counted). */
const STAGES: Record<string, "hex" | "a85" | "flate" | "lzw" | "rl"> = {
  ASCIIHexDecode: "hex",
  AHx: "hex",
  ASCII85Decode: "a85",
  A85: "a85",
  FlateDecode: "flate",
  Fl: "flate",
  LZWDecode: "lzw",
  LZW: "lzw",
  RunLengthDecode: "rl",
  RL: "rl",
};

/** The filter names of a `/Filter` value: `/FlateDecode` or `[/ASCII85Decode /FlateDecode]`. */
export function filterNames(value: string): string[] {
  return [...value.matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1]);
}

/** What a chain gave: the bytes its stages produced in all, and the last stage's output (when kept and decodable). */
export interface Decoded {
  size: number;
  bytes: Uint8Array | null;
}

/**
 * Decodes `data` through `filters` in order, each stage's output counted. Throws OverBudget past `budget`. A damaged
 * stage ends the chain with what it gave (pdf.js decides what it can read); `earlyChange` is LZW's `/EarlyChange` (1
 * unless the parameters say 0). The last stage's bytes are kept only with `keepLast` (an LZW or RunLength stage is
 * otherwise only counted); a chain that ends in a stage not decoded here (an image codec) keeps none.
 */
export function decodeChain(
  data: Uint8Array,
  filters: string[],
  budget: number,
  earlyChange = 1,
  keepLast = false,
): Decoded {
  let total = 0;
  let cur: Uint8Array | null = data;
  for (let i = 0; i < filters.length; i++) {
    const stage = STAGES[filters[i]];
    if (!stage) return { size: total, bytes: null };
    const left = budget - total;
    if (left <= 0) throw new OverBudget();
    const keep = keepLast || (i < filters.length - 1 && !!STAGES[filters[i + 1]]);
    let out: Uint8Array | number;
    try {
      out = stage === "hex"
        ? asciiHex(cur!)
        : stage === "a85"
        ? ascii85(cur!)
        : stage === "flate"
        ? inflate(cur!, left)
        : stage === "lzw"
        ? lzw(cur!, left, earlyChange, keep)
        : runLength(cur!, left, keep);
    } catch (e) {
      if (e instanceof OverBudget) throw e;
      return { size: total, bytes: null };
    }
    const n = typeof out === "number" ? out : out.length;
    total += n;
    if (total > budget) throw new OverBudget();
    if (typeof out === "number") return { size: total, bytes: null };
    cur = out;
  }
  return { size: total, bytes: cur };
}

function inflate(data: Uint8Array, budget: number): Uint8Array {
  try {
    return zlib.inflateSync(data, { maxOutputLength: budget, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch (e) {
    if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || e instanceof RangeError) {
      throw new OverBudget();
    }
    throw e;
  }
}

const HEX = new Int8Array(256).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX["0123456789abcdef".charCodeAt(i)] = i;
  HEX["0123456789ABCDEF".charCodeAt(i)] = i;
}

function asciiHex(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 2));
  let n = 0, high = -1;
  for (const b of data) {
    if (b === 0x3e) break; // '>'
    const v = HEX[b];
    if (v < 0) continue; // white space (and junk, as pdf.js skips it)
    if (high < 0) high = v;
    else {
      out[n++] = (high << 4) | v;
      high = -1;
    }
  }
  if (high >= 0) out[n++] = high << 4;
  return out.subarray(0, n);
}

function ascii85(data: Uint8Array): Uint8Array {
  let size = 0;
  for (const b of data) {
    if (b === 0x7e) break; // '~>'
    size += b === 0x7a ? 4 : 1; // 'z': four zero bytes
  }
  const out = new Uint8Array(size);
  let n = 0, count = 0, value = 0;
  const flush = (digits: number) => {
    let v = value;
    for (let i = digits; i < 5; i++) v = v * 85 + 84;
    for (let k = 0; k < digits - 1; k++) out[n++] = Math.floor(v / 256 ** (3 - k)) % 256;
  };
  for (const b of data) {
    if (b === 0x7e) break;
    if (b === 0x7a && count === 0) {
      n += 4;
      continue;
    }
    if (b < 0x21 || b > 0x75) continue;
    value = value * 85 + (b - 33);
    if (++count === 5) {
      flush(5);
      count = 0;
      value = 0;
    }
  }
  if (count > 1) flush(count);
  return out.subarray(0, n);
}

/** PDF's LZW (pdf.js's reading): the output's size counted from the table's string lengths, bytes only if `keep`. */
function lzw(data: Uint8Array, budget: number, earlyChange: number, keep: boolean): Uint8Array | number {
  const lengths = new Uint16Array(4097);
  const prev = new Uint16Array(4097);
  const first = new Uint8Array(4097);
  const values = new Uint8Array(4097);
  for (let i = 0; i < 256; i++) {
    lengths[i] = 1;
    first[i] = values[i] = i;
  }
  // Kept bytes: counted first (no buffer), so a bomb is refused before anything is allocated, then one exact buffer.
  const buf = keep ? new Uint8Array(lzw(data, budget, earlyChange, false) as number) : null;
  let n = 0, next = 258, width = 9, prevCode = -1, bits = 0, acc = 0, pos = 0;
  const seq = keep ? new Uint8Array(4097) : null;
  while (true) {
    while (bits < width) {
      if (pos >= data.length) return keep ? buf!.subarray(0, n) : n;
      acc = ((acc << 8) | data[pos++]) >>> 0;
      bits += 8;
    }
    const code = (acc >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    acc &= (1 << bits) - 1;
    if (code === 256) {
      width = 9;
      next = 258;
      prevCode = -1;
      continue;
    }
    if (code === 257) break;
    let len: number, head: number;
    if (code < 256) {
      len = 1;
      head = code;
    } else if (code >= 258 && code < next) {
      len = lengths[code];
      head = first[code];
    } else if (prevCode >= 0) {
      len = lengths[prevCode] + 1; // the previous string and its own first byte
      head = first[prevCode];
    } else break; // a code that names nothing: damaged
    if (n + len > budget) throw new OverBudget();
    if (keep) {
      // The string, from its last byte back through the table.
      if (code < next || code < 256) {
        for (let j = len - 1, q = code; j >= 0; j--) {
          seq![j] = values[q];
          q = prev[q];
        }
      } else {
        for (let j = len - 2, q = prevCode; j >= 0; j--) {
          seq![j] = values[q];
          q = prev[q];
        }
        seq![len - 1] = head;
      }
      buf!.set(seq!.subarray(0, len), n);
    }
    n += len;
    if (prevCode >= 0 && next < 4097) {
      lengths[next] = lengths[prevCode] + 1;
      first[next] = first[prevCode];
      values[next] = head;
      prev[next] = prevCode;
      next++;
      if (((next + earlyChange) & (next + earlyChange - 1)) === 0) {
        width = Math.min(Math.floor(Math.log2(next + earlyChange)) + 1, 12);
      }
    }
    prevCode = code;
  }
  return keep ? buf!.subarray(0, n) : n;
}

function runLength(data: Uint8Array, budget: number, keep: boolean): Uint8Array | number {
  let n = 0;
  for (let i = 0; i < data.length;) {
    const b = data[i];
    if (b === 128) break;
    const add = b < 128 ? b + 1 : 257 - b;
    n += add;
    if (n > budget) throw new OverBudget();
    i += b < 128 ? b + 2 : 2;
  }
  if (!keep) return n;
  const out = new Uint8Array(n);
  let at = 0;
  for (let i = 0; i < data.length && at < n;) {
    const b = data[i];
    if (b === 128) break;
    if (b < 128) {
      out.set(data.subarray(i + 1, i + 2 + b), at);
      at += b + 1;
      i += b + 2;
    } else {
      out.fill(data[i + 1] ?? 0, at, at + 257 - b);
      at += 257 - b;
      i += 2;
    }
  }
  return out;
}
