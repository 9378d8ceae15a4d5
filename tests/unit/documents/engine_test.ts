import assert from "node:assert/strict";
import { decodeFrame, encodeFrame, FrameReader } from "../../../shared/documents/engine/protocol.ts";
import { parseTsv } from "../../../shared/documents/ocr_native.ts";
import { SubprocessPool } from "../../../shared/documents/engine/pool.ts";
import { DocumentEngine } from "../../../shared/documents/engine/engine.ts";
import { PdfInputError } from "../../../shared/pdf/blocks.ts";

const fixture = (path: string) => Deno.readFileSync(new URL(`../../fixtures/${path}`, import.meta.url));

Deno.test("frames carry binary parts as raw bytes and survive stray output between them", async () => {
  const value = {
    op: "text",
    args: [[{ filename: "a.pdf", bytes: new Uint8Array([1, 2, 3]) }], { n: 1 }],
    big: new Uint8Array(300_000).fill(7),
  };
  const a = encodeFrame(value), b = encodeFrame({ id: 2, ok: true, value: "x" });
  const noise = new TextEncoder().encode("Estimating resolution as 171\n");
  const all = new Uint8Array([...noise, ...a, ...noise, ...b]);
  // delivered in small uneven chunks, as a pipe does
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < all.length; i += 4093) c.enqueue(all.slice(i, i + 4093));
      c.close();
    },
  });
  const reader = new FrameReader(stream.getReader());
  const first = decodeFrame((await reader.next())!) as typeof value;
  assert.deepEqual(first.args[0], value.args[0]);
  assert.equal(first.big.length, 300_000);
  assert.deepEqual(decodeFrame((await reader.next())!), { id: 2, ok: true, value: "x" });
  assert.equal(await reader.next(), undefined);
});

Deno.test("tesseract TSV becomes lines of words with boxes and a mean confidence", () => {
  const tsv = [
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
    "4\t1\t1\t1\t1\t0\t10\t20\t200\t30\t-1\t",
    "5\t1\t1\t1\t1\t1\t10\t20\t80\t30\t96.5\tAmount",
    "5\t1\t1\t1\t1\t2\t120\t20\t90\t30\t90.5\t$140.56",
    "4\t1\t1\t1\t2\t0\t10\t60\t50\t30\t-1\t",
    "5\t1\t1\t1\t2\t1\t10\t60\t50\t30\t95\t ",
  ].join("\n");
  const r = parseTsv(tsv);
  assert.equal(r.lines.length, 1, "a line with no words is dropped");
  assert.deepEqual(r.lines[0].words.map((w) => w.text), ["Amount", "$140.56"]);
  assert.deepEqual(r.lines[0].words[1].bbox, { x0: 120, y0: 20, x1: 210, y1: 50 });
  assert.equal(r.confidence, 93.5);
});

Deno.test("pool: work runs in a worker subprocess, renderer errors come back as themselves, idle workers exit", async () => {
  const pool = new SubprocessPool({
    workers: 1,
    queueMax: 2,
    workerMaxMb: 512,
    timeoutMs: 60_000,
    textTimeoutMs: 60_000,
    idleMs: 300,
  });
  const engine = new DocumentEngine(pool);
  try {
    const pdf = await engine.renderHtmlToPdf("<h1>Hello</h1><p>from a worker</p>");
    assert.equal(new TextDecoder().decode(pdf.subarray(0, 5)), "%PDF-");
    assert.equal(await engine.pageCount(pdf), 1);
    await assert.rejects(engine.renderHtmlToPdf('<img src="https://example.com/x.png">'), PdfInputError);
    const info = await engine.validateImage(fixture("bills/synthetic/aps-04.png"));
    assert.deepEqual(info, { format: "png", width: 1275, height: 1650 });
    assert.equal(pool.stats.spawned, 1, "one worker served every call");
    assert.equal(pool.stats.workers, 1);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(pool.stats.workers, 0, "the idle worker exited");
    assert.equal(await engine.pageCount(pdf), 1, "a new worker starts on demand");
  } finally {
    await engine.close();
  }
});
