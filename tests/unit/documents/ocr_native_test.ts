// The native tesseract started before its image is ready (shared/documents/ocr_native.ts startNativeOcr):
// it reads the image handed over later, and a start without an image is stopped cleanly (no process or
// pipe left behind: the test sanitizers check both).
import assert from "node:assert/strict";
import { createCanvas } from "@napi-rs/canvas";
import { nativeOcrAvailable, startNativeOcr } from "../../../shared/documents/ocr_native.ts";
import { encodePgm, grayFromRgba } from "../../../shared/documents/ocr_preprocess.ts";

const native = await nativeOcrAvailable();

function textPage(): Uint8Array {
  const w = 900, h = 300;
  const c = createCanvas(w, h);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = "#000";
  ctx.font = "32px sans-serif";
  ctx.fillText("Total amount due 182.44 dollars", 40, 100);
  ctx.fillText("Meter reading 40125 kWh", 40, 180);
  return encodePgm(grayFromRgba(ctx.getImageData(0, 0, w, h).data, w, h));
}

Deno.test({
  name: "startNativeOcr: started first, the image handed over later is read",
  ignore: !native,
  fn: async () => {
    const pending = startNativeOcr();
    const image = textPage(); // prepared while tesseract loads its model
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
