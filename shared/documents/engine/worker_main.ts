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
import { ops } from "./ops.ts";

// stdout carries frames only: libraries' chatter goes to stderr.
console.log =
  console.info =
  console.debug =
  console.warn =
    console.error;

const out = Deno.stdout.writable.getWriter();
const reader = new FrameReader(Deno.stdin.readable.getReader());
while (true) {
  const frame = await reader.next();
  if (!frame) break;
  const req = decodeFrame(frame) as EngineRequest;
  let res: EngineResponse;
  try {
    const fn = (ops as Record<string, (...a: unknown[]) => Promise<unknown>>)[req.op];
    if (!fn) throw new Error(`unknown operation ${req.op}`);
    res = { id: req.id, ok: true, value: await fn(...req.args) };
  } catch (e) {
    res = { id: req.id, ok: false, error: toFailure(e) };
  }
  await out.write(encodeFrame(res));
}
Deno.exit(0);
