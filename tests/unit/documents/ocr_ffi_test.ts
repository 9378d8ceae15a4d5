// The FFI engine (shared/documents/ocr_ffi.ts): the resident libtesseract reads the same words, with the same
// boxes and confidences, as the `tesseract` CLI on the same image and settings; a document worker's pages
// reuse its handles (one model load per kind of reading, not per page); the handles are freed once the
// worker has waited long enough, memory given back; and where the library cannot be opened (not installed,
// no FFI permission) the CLI reads instead, then tesseract.js.
import assert from "node:assert/strict";
import {
  dropNativeStandby,
  keepNativeOcrWarm,
  loadOcrConfig,
  nativeOcrEngine,
  type NativeOptions,
  residentOcr,
  startNativeOcr,
  tesseractArgs,
  useOcrConfig,
} from "../../../shared/documents/ocr_native.ts";
import { pgmPixels, thresholdMethod, tsvConfidence } from "../../../shared/documents/ocr_ffi.ts";
import { closeOcr, ocrEngine, ocrImage } from "../../../shared/documents/ocr.ts";
import { encodePgm } from "../../../shared/documents/ocr_preprocess.ts";
import { NUMBERS, PLACES } from "../../../shared/documents/ocr_verify.ts";
import { bandPage, libtesseractInstalled, tesseractCliInstalled, textPage } from "../../support/ocr.ts";

const settings = (vars: Record<string, string>) => loadOcrConfig(new Map(Object.entries(vars)));
const lib = libtesseractInstalled, cli = tesseractCliInstalled;
const page = () =>
  textPage(["Total amount due 182.44 dollars", "Meter reading 40125 kWh", "NORFOLK, VA 23510"]);

// The bytes glibc's malloc has handed out and not had back (mallinfo2's uordblks + hblkhd): tesseract's
// memory, not the JavaScript heap's, whose size moves with the garbage collector.
const libc = lib
  ? Deno.dlopen("libc.so.6", { mallinfo2: { parameters: [], result: { struct: Array(10).fill("usize") } } })
  : undefined;
function mallocInUse(): number {
  const f = new BigUint64Array(libc!.symbols.mallinfo2().buffer as ArrayBuffer);
  return Number(f[7] + f[4]);
}

Deno.test("pgmPixels: the pixels of an 8-bit PGM without a copy; anything else is refused", () => {
  const pgm = encodePgm({ width: 3, height: 2, data: new Uint8Array([1, 2, 3, 4, 5, 6]) });
  const p = pgmPixels(pgm);
  assert.deepEqual([p.width, p.height, [...p.data]], [3, 2, [1, 2, 3, 4, 5, 6]]);
  assert.equal(p.data.buffer, pgm.buffer);
  assert.throws(() => pgmPixels(new TextEncoder().encode("P6\n3 2\n255\n")));
  assert.throws(() => pgmPixels(new TextEncoder().encode("P5\n3 2\n255\n\x01\x02")));
});

Deno.test("tsvConfidence: a word's float confidence as the CLI's TSV prints it (six decimals, printf's rounding)", () => {
  // exact ties (a float that is a multiple of 1/128) go to the even millionth, as printf("%.6f") rounds them
  assert.equal(tsvConfidence(12353 / 128), 96.507812);
  assert.equal(tsvConfidence(12355 / 128), 96.523438);
  // any other float to the nearest millionth: what parseTsv reads back from the TSV's text
  for (const c of [96.634537, 91.2, 33.333333, 0.0000004]) {
    const f = Math.fround(c);
    assert.equal(tsvConfidence(f), Number(f.toFixed(6)), String(c));
  }
  assert.deepEqual([tsvConfidence(0), tsvConfidence(100)], [0, 100]);
});

Deno.test({
  name: "FFI engine: the same words, boxes and confidences as the CLI on the same image, for a page, the " +
    "verification sheets' settings and tiled and Sauvola thresholding",
  ignore: !lib || !cli,
  fn: async () => {
    await useOcrConfig(settings({ DOCUMENT_OCR: "ffi" }));
    try {
      assert.equal(await nativeOcrEngine(), "ffi");
      const { pgm } = page();
      const cliCfg = settings({ DOCUMENT_OCR: "cli" });
      const kinds: NativeOptions[] = [
        {},
        { adaptive: true },
        { block: true, whitelist: NUMBERS.whitelist },
        { block: true, whitelist: PLACES.whitelist },
        { sauvola: true },
        {},
      ];
      // the thresholding method switched per reading is the one the CLI is given (-c thresholding_method)
      assert.deepEqual(kinds.map(thresholdMethod), ["0", "1", "0", "0", "2", "0"]);
      for (const opts of kinds) {
        const byCli = await startNativeOcr(opts, cliCfg).read(pgm);
        const byLib = await residentOcr()!.reader(opts).read(pgm);
        assert.deepEqual(byLib, byCli, JSON.stringify(opts));
        assert.ok(byLib.lines.length >= 2, JSON.stringify(byLib));
      }
      const words = (await residentOcr()!.reader().read(pgm)).lines.flatMap((l) =>
        l.words.map((w) => w.text)
      );
      assert.ok(words.includes("182.44") && words.includes("NORFOLK,"), words.join(" "));
      // a page's handle, a number sheet's, a place sheet's: three models loaded for eight readings
      assert.equal(residentOcr()!.loads, 3);
    } finally {
      await closeOcr();
    }
  },
});

Deno.test({
  name:
    "both native engines: tesseract's inverted retry and table finder on by default (the CLI's defaults), off " +
    "when configured (DOCUMENT_OCR_INVERT, DOCUMENT_OCR_FIND_TABLES), for every kind of reading",
  ignore: !lib,
  fn: async () => {
    const kinds: NativeOptions[] = [{}, { block: true, whitelist: NUMBERS.whitelist }, {
      block: true,
      whitelist: PLACES.whitelist,
    }];
    const configured = { DOCUMENT_OCR_INVERT: "false", DOCUMENT_OCR_FIND_TABLES: "false" };
    try {
      // (off, then on again: the FFI engine sets each variable, global ones too, at every handle's Init)
      for (const [vars, on] of [[{}, true], [configured, false], [{}, true]] as const) {
        const cfg = settings({ DOCUMENT_OCR: "ffi", ...vars });
        await useOcrConfig(cfg);
        assert.equal(await nativeOcrEngine(), "ffi");
        for (const opts of kinds) {
          for (const name of ["tessedit_do_invert", "textord_tabfind_find_tables"]) {
            assert.equal(
              await residentOcr()!.boolVariable(opts, name),
              on,
              `${name} ${JSON.stringify(opts)}`,
            );
          }
        }
        // the CLI engine is given the same (-c name=0 when off; the CLI's own defaults are on)
        const args = tesseractArgs("tsv", cfg).join(" ");
        assert.equal(args.includes("-c tessedit_do_invert=0"), !on, args);
        assert.equal(args.includes("-c textord_tabfind_find_tables=0"), !on, args);
        await closeOcr();
      }
    } finally {
      await closeOcr();
    }
  },
});

Deno.test({
  name:
    "both native engines: with tesseract's retry of unsure lines inverted off (DOCUMENT_OCR_INVERT=false) a " +
    "white-on-dark header is left to the band sheet, and the page still reads it",
  ignore: !lib || !cli,
  fn: async () => {
    const { png, pgm } = bandPage();
    const header = /SERVICE PERIOD\s+METER NUMBER\s+TOTAL KWH USED\s+AMOUNT DUE/;
    const raw = async (vars: Record<string, string>) => {
      const cfg = settings(vars);
      await useOcrConfig(cfg);
      assert.equal(await nativeOcrEngine(), vars.DOCUMENT_OCR);
      const reader = vars.DOCUMENT_OCR === "ffi" ? residentOcr()!.reader() : startNativeOcr({}, cfg);
      const r = await reader.read(pgm);
      return r.lines.map((l) => l.words.map((w) => w.text).join(" ")).join("\n");
    };
    try {
      for (const engine of ["ffi", "cli"]) {
        // with the retry (the CLI's default) tesseract reads the band from the page itself; without, not
        const retried = await raw({ DOCUMENT_OCR: engine });
        assert.match(retried, /SERVICE PERIOD METER NUMBER/, `${engine}: ${retried}`);
        const plain = await raw({ DOCUMENT_OCR: engine, DOCUMENT_OCR_INVERT: "false" });
        assert.doesNotMatch(plain, /SERVICE PERIOD|METER NUMBER/, `${engine}: ${plain}`);
        // the page as the engine reads it: the band cut out, inverted and read on its own sheet
        const page = await ocrImage(png);
        assert.ok(page.lines.some((l) => header.test(l)), `${engine}: ${page.lines.join("\n")}`);
        assert.ok(page.lines.some((l) => /\$182\.44/.test(l)), page.lines.join("\n"));
        await closeOcr();
      }
    } finally {
      await closeOcr();
    }
  },
});

Deno.test({
  name:
    "FFI engine: a warm worker's pages reuse the handles (one model load per kind of reading); they are " +
    "freed after the wait, memory given back, and loaded again by the next page",
  ignore: !lib,
  fn: async () => {
    await useOcrConfig(settings({ DOCUMENT_OCR: "ffi" }));
    try {
      const { png } = page();
      assert.equal(await ocrEngine(), "tesseract-ffi");
      keepNativeOcrWarm(true, 400);
      const first = await ocrImage(png);
      assert.ok(first.lines.join(" ").includes("40125"), first.lines.join(" | "));
      const loaded = residentOcr()!;
      // the page's, the number sheet's and the place sheet's handle
      assert.deepEqual([loaded.handles, loaded.loads], [3, 3]);
      for (let i = 0; i < 3; i++) {
        const again = await ocrImage(png);
        assert.deepEqual(again.lines, first.lines);
      }
      assert.deepEqual([loaded.handles, loaded.loads], [3, 3]);
      // no page for longer than the wait: the handles are freed (the worker's idle exit follows)
      const freed = async () => {
        await new Promise((r) => setTimeout(r, 700));
        assert.equal(loaded.handles, 0);
        return mallocInUse();
      };
      // (the first pages also loaded the canvas and the preparation's code: the idle size is taken after them)
      const idle = await freed();
      const later = await ocrImage(png);
      assert.deepEqual(later.lines, first.lines);
      assert.deepEqual([loaded.handles, loaded.loads], [3, 6]);
      const held = mallocInUse();
      const released = await freed();
      const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
      const what = `malloc'd idle ${mb(idle)}, with the handles ${mb(held)}, after ${mb(released)}`;
      // the three models and their buffers (~40 MB) are given back each time: nothing grows cycle by cycle
      // (the rest moves by a few MB with what the canvas and Deno allocate meanwhile)
      assert.ok(held - released > 30 * 1048576, what);
      assert.ok(released - idle < 15 * 1048576, what);
    } finally {
      keepNativeOcrWarm(false);
      await dropNativeStandby();
      await closeOcr();
    }
  },
});

Deno.test({
  name:
    "FFI engine: a warm worker gives the pages' freed memory back once it has grown by the bound, not after " +
    "every page (each trim cost the next page its page faults); the release at idle always does",
  ignore: !lib,
  fn: async () => {
    await useOcrConfig(settings({ DOCUMENT_OCR: "ffi" }));
    try {
      const { png } = page();
      keepNativeOcrWarm(true, 60_000);
      const first = await ocrImage(png);
      const loaded = residentOcr()!;
      // the first page's trim sets the mark the growth is counted from
      assert.equal(loaded.trims, 1);
      for (let i = 0; i < 3; i++) assert.deepEqual((await ocrImage(png)).lines, first.lines);
      // three more pages of this size grow the process by far less than the bound: no trim
      assert.equal(loaded.trims, 1);
      // with no growth allowed, every page trims (the behaviour before)
      loaded.trimGrowth = 0;
      assert.deepEqual((await ocrImage(png)).lines, first.lines);
      assert.equal(loaded.trims, 2);
      // the handles freed (the worker idle): trimmed whatever the growth
      loaded.trimGrowth = Infinity;
      await dropNativeStandby();
      assert.deepEqual([loaded.handles, loaded.trims], [0, 3]);
    } finally {
      keepNativeOcrWarm(false);
      await dropNativeStandby();
      await closeOcr();
    }
  },
});

Deno.test({
  name: "FFI engine: outside a warm worker nothing is kept between pages",
  ignore: !lib,
  fn: async () => {
    await useOcrConfig(settings({ DOCUMENT_OCR: "auto" }));
    try {
      const r = await ocrImage(page().png);
      assert.ok(r.lines.join(" ").includes("182.44"), r.lines.join(" | "));
      assert.equal(residentOcr()!.handles, 0);
    } finally {
      await closeOcr();
    }
  },
});

Deno.test({
  name: "FFI engine: where libtesseract cannot be opened the CLI reads, and without the CLI tesseract.js",
  ignore: !cli,
  fn: async () => {
    try {
      await useOcrConfig(
        settings({ DOCUMENT_OCR: "ffi", DOCUMENT_OCR_LIBTESSERACT: "/nonexistent/libtesseract.so.5" }),
      );
      assert.equal(await nativeOcrEngine(), "cli");
      assert.equal(await ocrEngine(), "tesseract-native");
      const r = await ocrImage(page().png);
      assert.ok(r.lines.join(" ").includes("40125"), r.lines.join(" | "));
      assert.equal(residentOcr(), undefined);
      await useOcrConfig(
        settings({
          DOCUMENT_OCR: "auto",
          DOCUMENT_OCR_LIBTESSERACT: "/nonexistent/libtesseract.so.5",
          TESSERACT_BIN: "/nonexistent/tesseract",
        }),
      );
      assert.equal(await nativeOcrEngine(), undefined);
      assert.equal(await ocrEngine(), "tesseract.js");
      // DOCUMENT_OCR=cli never opens the library
      await useOcrConfig(settings({ DOCUMENT_OCR: "cli" }));
      assert.equal(await ocrEngine(), "tesseract-native");
      assert.equal(residentOcr(), undefined);
    } finally {
      await closeOcr();
    }
  },
});

// Last: it takes the FFI permission away from the rest of this file's process.
Deno.test({
  name: "FFI engine: without the FFI permission the CLI reads",
  ignore: !lib || !cli,
  fn: async () => {
    await Deno.permissions.revoke({ name: "ffi" });
    await useOcrConfig(settings({ DOCUMENT_OCR: "auto" }));
    try {
      assert.equal(await ocrEngine(), "tesseract-native");
      const r = await ocrImage(page().png);
      assert.ok(r.lines.join(" ").includes("182.44"), r.lines.join(" | "));
    } finally {
      await closeOcr();
    }
  },
});
