// The native tesseract (the CLI engine) started before its image is ready (shared/documents/ocr_native.ts startNativeOcr):
// it reads the image handed over later, and a start without an image is stopped cleanly (no process or
// pipe left behind: the test sanitizers check both). In a warm document worker, each page leaves the next
// page's tesseract loading its model.
import assert from "node:assert/strict";
import {
  dropNativeStandby,
  keepNativeOcrWarm,
  loadOcrConfig,
  nativeOcrAvailable,
  startNativeOcr,
  useOcrConfig,
} from "../../../shared/documents/ocr_native.ts";
import { ocrImage } from "../../../shared/documents/ocr.ts";
import { textPage } from "../../support/ocr.ts";

// These tests are about the CLI engine's processes (the resident library's handles: ocr_ffi_test.ts).
await useOcrConfig(loadOcrConfig(new Map([["DOCUMENT_OCR", "cli"]])));
const native = await nativeOcrAvailable();

/** This process's child processes (Linux /proc). */
function children(): number[] {
  const out: number[] = [];
  for (const t of Deno.readDirSync(`/proc/${Deno.pid}/task`)) {
    const list = Deno.readTextFileSync(`/proc/${Deno.pid}/task/${t.name}/children`).trim();
    if (list) out.push(...list.split(/\s+/).map(Number));
  }
  return out;
}

const command = (pid: number) => Deno.readTextFileSync(`/proc/${pid}/comm`).trim();
/**
 * A child tesseract's settings: "page" (a page's first reading) or the verification sheet's whitelist;
 * "gone" for one that has exited and is not reaped yet (no command line).
 */
function role(pid: number): string {
  const cmdline = Deno.readTextFileSync(`/proc/${pid}/cmdline`);
  if (!cmdline) return "gone";
  const args = cmdline.split("\0");
  const white = args.find((a) => a.startsWith("tessedit_char_whitelist="));
  return white ? (/[a-z]/.test(white.split("=")[1]) ? "places" : "numbers") : "page";
}
const byRole = (r: string) => children().filter((p) => role(p) === r);
/** Waits (up to 10 s: a loaded machine starts and reaps processes slowly) until `ok()` holds; then returns. */
async function eventually(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
}

Deno.test({
  name: "startNativeOcr: started first, the image handed over later is read",
  ignore: !native,
  fn: async () => {
    const pending = startNativeOcr();
    const image = textPage().pgm; // prepared while tesseract loads its model
    const r = await pending.read(image);
    const words = r.lines.flatMap((l) => l.words.map((w) => w.text));
    assert.ok(words.includes("182.44") && words.includes("40125"), words.join(" "));
    assert.ok(r.confidence > 60, String(r.confidence));
  },
});

Deno.test({
  name: "startNativeOcr: cancelled before an image (the page could not be prepared), the process is stopped",
  ignore: !native,
  fn: async () => {
    const pending = startNativeOcr();
    await pending.cancel();
  },
});

Deno.test({
  name:
    "keepNativeOcrWarm: each page leaves the next page's tesseract loading its model and the next page takes it; " +
    "one killed while waiting is replaced, one kept waiting too long is stopped; outside a worker nothing is left running",
  ignore: !native,
  fn: async () => {
    const png = textPage().png;
    const read = async () => {
      const r = await ocrImage(png);
      assert.ok(r.lines.join(" ").includes("40125"), r.lines.join(" | "));
    };
    await read();
    assert.deepEqual(children(), []);
    keepNativeOcrWarm();
    try {
      await read();
      await eventually(() => byRole("page").length >= 1);
      const [first, ...more] = byRole("page");
      assert.deepEqual(more, []);
      assert.match(command(first), /tesseract/);
      await read(); // reads with `first`, leaves another one ready
      await eventually(() => byRole("page").some((p) => p !== first));
      const [second] = byRole("page");
      assert.ok(second && second !== first, `${first} then ${second}`);
      Deno.kill(second, "SIGKILL");
      await new Promise((r) => setTimeout(r, 100));
      await read(); // the dead one is not used
      await eventually(() => byRole("page").length === 1);
      assert.equal(byRole("page").length, 1);
      // one that waits longer than it is kept for is stopped (and reaped) by the worker itself
      keepNativeOcrWarm(true, 300);
      await read();
      await eventually(() => byRole("page").length === 1);
      assert.equal(byRole("page").length, 1);
      await new Promise((r) => setTimeout(r, 400));
      await eventually(() => children().length === 0);
      assert.deepEqual(children(), []);
    } finally {
      keepNativeOcrWarm(false);
      await dropNativeStandby();
    }
    // (Deno reaps a stopped child a moment after its output is read)
    await eventually(() => children().length === 0);
    assert.deepEqual(children(), []);
  },
});

Deno.test({
  name:
    "keepNativeOcrWarm: the verification sheets' tesseracts wait with the next page's (two for numbers, one for " +
    "places); a page without a city line leaves its place reader, model loaded, to the next page",
  ignore: !native,
  fn: async () => {
    const png = textPage().png;
    keepNativeOcrWarm();
    try {
      await ocrImage(png);
      await eventually(() =>
        byRole("page").length === 1 && byRole("numbers").length === 2 && byRole("places").length === 1
      );
      assert.deepEqual(
        [byRole("page").length, byRole("numbers").length, byRole("places").length],
        [1, 2, 1],
        children().map(role).join(" "),
      );
      const [places] = byRole("places");
      const r = await ocrImage(png); // number words, no city line
      assert.ok(r.lines.join(" ").includes("40125"), r.lines.join(" | "));
      assert.deepEqual(byRole("places"), [places]);
      // those the page used are replaced
      await eventually(() => byRole("numbers").length === 2);
      assert.equal(byRole("numbers").length, 2);
    } finally {
      keepNativeOcrWarm(false);
      await dropNativeStandby();
    }
    await eventually(() => children().length === 0);
    assert.deepEqual(children(), []);
  },
});
