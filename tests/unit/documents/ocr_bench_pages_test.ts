// bench:ocr reads the same pages in every session (scripts/bench/ocr_pages.ts, issue #16 ocr12): a fixture whose
// name sorts first must not change the set, a missing page is an error naming it, and the digest follows the bytes.
import assert from "node:assert/strict";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { filesDigest, OCR_BENCH_PAGES, ocrBenchPages, ratioWhere } from "../../../scripts/bench/ocr_pages.ts";

const fixtures = new URL("../../fixtures/bills/synthetic/", import.meta.url).pathname;

Deno.test("the pinned pages are in the fixtures, and a page sorting first does not join them", () => {
  const dir = Deno.makeTempDirSync({ prefix: "ocr-bench-pages-" });
  try {
    for (const n of OCR_BENCH_PAGES) Deno.copyFileSync(join(fixtures, n), join(dir, n));
    // a new layout named before the others (as acec was), a PNG and a JPEG
    Deno.writeFileSync(join(dir, "aaa-04.png"), new Uint8Array([1, 2, 3]));
    Deno.writeFileSync(join(dir, "aaa-08.jpg"), new Uint8Array([4, 5, 6]));
    const here = ocrBenchPages(dir);
    assert.deepEqual(here.names, [...OCR_BENCH_PAGES]);
    assert.equal(here.digest, ocrBenchPages(fixtures).digest);
    assert.match(here.digest, /^[0-9a-f]{12}$/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a changed page changes the digest; a missing one is named", () => {
  const dir = Deno.makeTempDirSync({ prefix: "ocr-bench-pages-" });
  try {
    for (const n of OCR_BENCH_PAGES) Deno.copyFileSync(join(fixtures, n), join(dir, n));
    const before = ocrBenchPages(dir);
    const page = join(dir, OCR_BENCH_PAGES[3]);
    const bytes = Deno.readFileSync(page);
    bytes[bytes.length - 1] ^= 1;
    Deno.writeFileSync(page, bytes);
    assert.notEqual(ocrBenchPages(dir).digest, before.digest);
    Deno.removeSync(join(dir, OCR_BENCH_PAGES[5]));
    assert.throws(() => ocrBenchPages(dir), new RegExp(OCR_BENCH_PAGES[5].replace(".", "\\.")));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the CPU ratio over the pages kept (a worker still holding its models)", () => {
  const ours = [100, 300, 100, 100], cli = [100, 100, 100, 100];
  assert.equal(ratioWhere(ours, cli, [true, true, true, true]), 1.5);
  // the second page loaded its models again: left out
  assert.equal(ratioWhere(ours, cli, [true, false, true, true]), 1);
  assert.ok(Number.isNaN(ratioWhere(ours, cli, [false, false, false, false])));
});

Deno.test("files are digested outside the bench's process: its own memory does not hold a copy of the model", () => {
  const dir = Deno.makeTempDirSync({ prefix: "ocr-bench-pages-" });
  try {
    const big = join(dir, "model.bin"), small = join(dir, "page.png");
    const bytes = new Uint8Array(48 << 20);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    Deno.writeFileSync(big, bytes);
    Deno.writeFileSync(small, new Uint8Array([7, 8, 9]));
    const expected = createHash("sha256").update(bytes).update(new Uint8Array([7, 8, 9])).digest("hex").slice(
      0,
      12,
    );
    const rss = Deno.memoryUsage().rss;
    assert.equal(filesDigest([big, small]), expected);
    const grown = Deno.memoryUsage().rss - rss;
    assert.ok(
      grown < 24 << 20,
      `${(grown / 1048576).toFixed(0)} MB more resident after digesting a 48 MB file`,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
