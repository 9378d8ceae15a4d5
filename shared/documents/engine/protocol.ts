// The wire format between the service and a document worker (stdin/stdout of a subprocess, or an HTTP
// body): one frame = "DOC1" | u32 length | u32 header length | JSON header | the binary parts, in order.
// The magic lets a reader skip stray bytes a library printed on the worker's stdout. Every
// Uint8Array in a value travels as raw bytes (a {"$bin": i} placeholder in the JSON), never as base64.

export interface EngineRequest {
  id: number;
  op: string;
  args: unknown[];
  /** The module that registers `op` (registry.ts), for an operation a worker imports on first use. */
  module?: string;
}

export interface EngineFailure {
  name: string;
  message: string;
  /** DomainError kind and code, when the worker threw one. */
  kind?: string;
  code?: string;
}

export type EngineResponse = { id: number; ok: true; value: unknown } | {
  id: number;
  ok: false;
  error: EngineFailure;
};

const MAX_FRAME = 512 * 1024 * 1024;
const MAGIC = new TextEncoder().encode("DOC1");

export function encodeFrame(value: unknown): Uint8Array {
  const bins: Uint8Array[] = [];
  const json = JSON.stringify(value, (_k, v) => {
    if (v instanceof Uint8Array) return { $bin: bins.push(v) - 1 };
    return v;
  });
  const header = new TextEncoder().encode(JSON.stringify({ bins: bins.map((b) => b.length) }) + "\n" + json);
  const total = 4 + header.length + bins.reduce((n, b) => n + b.length, 0);
  const out = new Uint8Array(8 + total);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint32(4, total);
  view.setUint32(8, header.length);
  out.set(header, 12);
  let at = 12 + header.length;
  for (const b of bins) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

export function decodeFrame(frame: Uint8Array): unknown {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const headerLength = view.getUint32(0);
  const header = new TextDecoder().decode(frame.subarray(4, 4 + headerLength));
  const nl = header.indexOf("\n");
  const lengths = (JSON.parse(header.slice(0, nl)) as { bins: number[] }).bins;
  const bins: Uint8Array[] = [];
  let at = 4 + headerLength;
  for (const n of lengths) {
    bins.push(frame.slice(at, at + n));
    at += n;
  }
  return JSON.parse(
    header.slice(nl + 1),
    (
      _k,
      v,
    ) => (v && typeof v === "object" && typeof v.$bin === "number" && Object.keys(v).length === 1
      ? bins[v.$bin]
      : v),
  );
}

/** Reads length-prefixed frames from a byte stream reader; `next()` resolves undefined at end of stream. */
export class FrameReader {
  #chunks: Uint8Array[] = [];
  #size = 0;
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  #take(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const c = this.#chunks[0];
      const k = Math.min(c.length, n - at);
      out.set(c.subarray(0, k), at);
      at += k;
      if (k === c.length) this.#chunks.shift();
      else this.#chunks[0] = c.subarray(k);
    }
    this.#size -= n;
    return out;
  }

  #peek4(): Uint8Array {
    const out = this.#take(4);
    this.#chunks.unshift(out);
    this.#size += 4;
    return out;
  }

  async #fill(n: number): Promise<boolean> {
    while (this.#size < n) {
      const { done, value } = await this.reader.read();
      if (done) return false;
      this.#chunks.push(value);
      this.#size += value.length;
    }
    return true;
  }

  async next(): Promise<Uint8Array | undefined> {
    while (true) {
      if (!await this.#fill(4)) return undefined;
      const c = this.#chunks[0].length >= 4 ? this.#chunks[0] : this.#peek4();
      if (c[0] === MAGIC[0] && c[1] === MAGIC[1] && c[2] === MAGIC[2] && c[3] === MAGIC[3]) break;
      this.#take(1);
    }
    this.#take(4);
    if (!await this.#fill(4)) return undefined;
    const head = this.#take(4);
    const total = new DataView(head.buffer).getUint32(0);
    if (total > MAX_FRAME) throw new Error(`frame of ${total} bytes is over the limit`);
    if (!await this.#fill(total)) return undefined;
    return this.#take(total);
  }
}
