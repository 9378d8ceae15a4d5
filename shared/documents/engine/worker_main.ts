// A document worker: a Deno subprocess that reads requests (protocol.ts frames) on stdin, runs one at a
// time, and answers on stdout. It exits when stdin closes (the pool closes it when the worker is idle or
// when the service stops). Its memory, time and crashes are the pool's business (pool.ts).
import {
  decodeFrame,
  encodeFrame,
  type EngineRequest,
  type EngineResponse,
  FrameReader,
} from "./protocol.ts";
import { toFailure } from "./errors.ts";
import { runDocumentOp } from "./registry.ts";
import { dropNativeStandby, keepNativeOcrWarm } from "../ocr_native.ts";
import { poolLimits } from "./limits.ts";

// stdout carries frames only: libraries' chatter goes to stderr.
console.log =
  console.info =
  console.debug =
  console.warn =
    console.error;

// A worker serves page after page: the next page's tesseract is ready while the worker waits (the resident
// libtesseract's handles, models loaded; or the CLI's next processes loading theirs), for half the worker's
// idle time: then they are released (memory back before the pool's idle exit kills the worker).
keepNativeOcrWarm(true, poolLimits().idleMs / 2);

const out = Deno.stdout.writable.getWriter();
const reader = new FrameReader(Deno.stdin.readable.getReader());
while (true) {
  const frame = await reader.next();
  if (!frame) break;
  const req = decodeFrame(frame) as EngineRequest;
  let res: EngineResponse;
  try {
    res = { id: req.id, ok: true, value: await runDocumentOp(req.op, req.args, req.module) };
  } catch (e) {
    res = { id: req.id, ok: false, error: toFailure(e) };
  }
  await out.write(encodeFrame(res));
}
await dropNativeStandby();
Deno.exit(0);
