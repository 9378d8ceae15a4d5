// A request written by hand over a raw TCP connection, its body in timed pieces: how slow-body attacks are tested.
const enc = new TextEncoder();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends `head` then each piece after its delay over a raw connection; the status line and ms until it came. */
export async function raw(port: number, head: string, pieces: [number, string][], giveUpMs: number) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const started = performance.now();
  let answer = "";
  const reading = (async () => {
    const buf = new Uint8Array(8192);
    while (!answer.includes("\r\n\r\n")) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) break;
      answer += new TextDecoder().decode(buf.subarray(0, n));
    }
    return performance.now() - started;
  })();
  await conn.write(enc.encode(head));
  const sending = (async () => {
    for (const [delay, text] of pieces) {
      await sleep(delay);
      if (answer) return;
      await conn.write(enc.encode(text)).catch(() => {});
    }
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ms = await Promise.race([
    reading,
    new Promise<number>((r) => (timer = setTimeout(() => r(-1), giveUpMs))),
  ]);
  clearTimeout(timer);
  conn.close();
  await sending;
  await reading;
  const body = answer.split("\r\n\r\n")[1] ?? "";
  return { status: Number(answer.match(/^HTTP\/1\.1 (\d+)/)?.[1] ?? 0), ms, body };
}
