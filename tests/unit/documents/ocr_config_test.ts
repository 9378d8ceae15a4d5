// The OCR settings of a document worker are read once per process, from the source given, and a bad value is a
// ConfigError naming the variable.
import assert from "node:assert/strict";
import { ConfigError } from "../../../shared/config.ts";
import { loadOcrConfig, nativeOcrAvailable, ocrConfig } from "../../../shared/documents/ocr_native.ts";

const env = (vars: Record<string, string>) => new Map(Object.entries(vars));

function configErrorOf(f: () => unknown, variable: string) {
  assert.throws(
    f,
    (e: unknown) => e instanceof ConfigError && e.variable === variable && e.message.includes(variable),
  );
}

Deno.test("OCR settings: defaults, values from a Map, and unusable values are ConfigErrors naming the variable", () => {
  assert.deepEqual(loadOcrConfig(env({})), {
    mode: "auto",
    tesseractBin: "tesseract",
    libtesseract: "libtesseract.so.5",
    tessdata: undefined,
    threads: 1,
    tmpDir: "/tmp",
    warm: true,
    verify: true,
    invert: true,
    findTables: true,
  });
  assert.deepEqual(
    loadOcrConfig(env({
      DOCUMENT_OCR: "wasm",
      TESSERACT_BIN: "/opt/tesseract",
      DOCUMENT_OCR_LIBTESSERACT: "/opt/lib/libtesseract.so.5",
      DOCUMENT_OCR_TESSDATA: "/data/tessdata",
      DOCUMENT_OCR_THREADS: "2",
      TMPDIR: "/var/tmp",
      DOCUMENT_OCR_WARM: "false",
      DOCUMENT_OCR_VERIFY: "false",
      DOCUMENT_OCR_INVERT: "false",
      DOCUMENT_OCR_FIND_TABLES: "false",
    })),
    {
      mode: "wasm",
      tesseractBin: "/opt/tesseract",
      libtesseract: "/opt/lib/libtesseract.so.5",
      tessdata: "/data/tessdata",
      threads: 2,
      tmpDir: "/var/tmp",
      warm: false,
      verify: false,
      invert: false,
      findTables: false,
    },
  );
  configErrorOf(() => loadOcrConfig(env({ DOCUMENT_OCR: "gpu" })), "DOCUMENT_OCR");
  configErrorOf(() => loadOcrConfig(env({ DOCUMENT_OCR_THREADS: "0" })), "DOCUMENT_OCR_THREADS");
  configErrorOf(() => loadOcrConfig(env({ DOCUMENT_OCR_THREADS: "many" })), "DOCUMENT_OCR_THREADS");
});

Deno.test("OCR settings: read once per process; a later env change has no effect; wasm mode never probes the binary", async () => {
  const first = ocrConfig();
  const before = Deno.env.get("TESSERACT_BIN");
  Deno.env.set("TESSERACT_BIN", "/nowhere/tesseract-later");
  try {
    assert.equal(ocrConfig(), first);
    assert.notEqual(ocrConfig().tesseractBin, "/nowhere/tesseract-later");
  } finally {
    before === undefined ? Deno.env.delete("TESSERACT_BIN") : Deno.env.set("TESSERACT_BIN", before);
  }
  // The mode passed down decides, whatever the process env says.
  assert.equal(await nativeOcrAvailable(loadOcrConfig(env({ DOCUMENT_OCR: "wasm" }))), false);
});
