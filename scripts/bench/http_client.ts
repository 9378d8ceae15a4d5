// The benchmarks' HTTP/1.1 client: one kept-alive TCP connection, one request at a time, requests written as
// bytes made before the measured part, answers read as far as the benchmark needs them (the status line, the
// body's length and the body as text; no Headers, Request, Response or stream objects). `fetch` spends
// 0.10–0.27 ms of CPU per request on the bench machine's two cores, which the service under test then does not
// have; the in-process raw peer pays nothing of the kind. Every HTTP load of a bench uses this same client.
import { Buffer } from "node:buffer";

const latin1 = new TextDecoder("latin1");
const utf8 = new TextDecoder();

export interface Answer {
  status: number;
  body: string;
}

/** A POST request as the bytes sent on the wire (HTTP/1.1, kept alive, a declared content length). */
export function postBytes(url: URL, headers: Record<string, string>, body: string): Uint8Array {
  const payload = new TextEncoder().encode(body);
  const head = [`POST ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`];
  for (const [k, v] of Object.entries(headers)) head.push(`${k}: ${v}`);
  head.push(`content-length: ${payload.byteLength}`, "", "");
  const h = new TextEncoder().encode(head.join("\r\n"));
  const out = new Uint8Array(h.byteLength + payload.byteLength);
  out.set(h);
  out.set(payload, h.byteLength);
  return out;
}

function indexOfHeadEnd(buf: Uint8Array, from: number, to: number): number {
  for (let i = from + 3; i < to; i++) {
    if (buf[i] === 10 && buf[i - 1] === 13 && buf[i - 2] === 10 && buf[i - 3] === 13) return i + 1;
  }
  return -1;
}

export class KeepAliveConnection {
  #conn: Deno.TcpConn | undefined;
  #buf = new Uint8Array(64 * 1024);
  #start = 0;
  #end = 0;

  constructor(private readonly url: URL) {}

  /** Sends one request (bytes from `postBytes`) and reads its whole answer. */
  async request(bytes: Uint8Array): Promise<Answer> {
    if (!this.#conn) {
      this.#conn = await Deno.connect({ hostname: this.url.hostname, port: Number(this.url.port || 80) });
      this.#conn.setNoDelay(true);
      this.#start = this.#end = 0;
    }
    for (let off = 0; off < bytes.byteLength;) off += await this.#conn.write(bytes.subarray(off));
    let headEnd: number;
    while ((headEnd = indexOfHeadEnd(this.#buf, this.#start, this.#end)) < 0) await this.#fill();
    const head = latin1.decode(this.#buf.subarray(this.#start, headEnd));
    const status = Number(head.slice(9, 12));
    this.#start = headEnd;
    const lower = head.toLowerCase();
    const length = /\r\ncontent-length:\s*(\d+)/.exec(lower);
    let body: Uint8Array;
    if (length) body = await this.#take(Number(length[1]));
    else if (/\r\ntransfer-encoding:[^\r]*chunked/.test(lower)) body = await this.#chunked();
    else throw new Error(`answer without a length (status ${status})`);
    if (/\r\nconnection:\s*close/.test(lower)) this.close();
    return { status, body: utf8.decode(body) };
  }

  close(): void {
    this.#conn?.close();
    this.#conn = undefined;
  }

  /** Reads more bytes into the buffer (compacting or growing it first when it is full). */
  async #fill(): Promise<void> {
    if (this.#end === this.#buf.byteLength) {
      if (this.#start > 0) this.#buf.copyWithin(0, this.#start, this.#end);
      else {
        const bigger = new Uint8Array(this.#buf.byteLength * 2);
        bigger.set(this.#buf);
        this.#buf = bigger;
      }
      this.#end -= this.#start;
      this.#start = 0;
    }
    const n = await this.#conn!.read(this.#buf.subarray(this.#end));
    if (n === null) throw new Error("connection closed by the server");
    this.#end += n;
  }

  async #take(n: number): Promise<Uint8Array> {
    while (this.#end - this.#start < n) await this.#fill();
    const out = this.#buf.slice(this.#start, this.#start + n);
    this.#start += n;
    if (this.#start === this.#end) this.#start = this.#end = 0;
    return out;
  }

  async #line(): Promise<string> {
    for (;;) {
      for (let i = this.#start + 1; i < this.#end; i++) {
        if (this.#buf[i] === 10 && this.#buf[i - 1] === 13) {
          const line = latin1.decode(this.#buf.subarray(this.#start, i - 1));
          this.#start = i + 1;
          return line;
        }
      }
      await this.#fill();
    }
  }

  async #chunked(): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    for (;;) {
      const size = parseInt(await this.#line(), 16);
      if (!(size >= 0)) throw new Error("bad chunk size");
      if (size === 0) {
        while ((await this.#line()) !== ""); // trailers, then the empty line
        break;
      }
      parts.push(await this.#take(size));
      await this.#line();
    }
    return Buffer.concat(parts);
  }
}
