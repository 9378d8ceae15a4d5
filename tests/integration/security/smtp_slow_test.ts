// Security pass 12: the embedded inbox's SMTP listener had one time limit, smtp-server's idle timeout (60 s without a
// byte): a client trickling a byte every few seconds held its place for ever, and 50 of them (MAX_CLIENTS) from one
// address shut the inbox for everyone. Now a session deadline and a bound per address. Real TCP on 127.0.0.1.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { startSmtpListener } from "../../../shared/inbox/smtp_listener.ts";

const dec = new TextDecoder();

/** The next reply line(s) the server sends, or null once it closed the connection. */
async function reply(conn: Deno.Conn): Promise<string | null> {
  const buf = new Uint8Array(1024);
  const n = await conn.read(buf).catch(() => null);
  return n === null ? null : dec.decode(buf.subarray(0, n));
}

Deno.test("smtp: a client that trickles bytes is closed at the session deadline", async () => {
  const p = await testPlatform();
  const smtp = await startSmtpListener(p.sql, { port: 0, sessionSeconds: 2 });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: smtp.port });
  try {
    assert.match((await reply(conn))!, /^220 /);
    const t0 = performance.now();
    // One byte every 300 ms (never idle), never a whole command; for at most 8 s.
    let answered = false;
    const trickle = (async () => {
      for (let i = 0; i < 26 && !answered; i++) {
        await new Promise((r) => setTimeout(r, 300));
        if (answered) return;
        await conn.write(new TextEncoder().encode("E")).catch(() => (answered = true));
      }
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const closing = await Promise.race([
      reply(conn),
      new Promise<string>((r) => (timer = setTimeout(() => r("still open after 8 s"), 8000))),
    ]);
    answered = true;
    clearTimeout(timer);
    const held = performance.now() - t0;
    await trickle;
    assert.match(closing ?? "(closed)", /^421 .*time limit/, `after ${Math.round(held)} ms`);
    assert.ok(held < 6000, `held ${Math.round(held)} ms`);
    console.log(`trickling client closed after ${Math.round(held)} ms (session limit 2 s)`);
  } finally {
    conn.close();
    await smtp.close();
    await p.close();
  }
});

Deno.test("smtp: one address may hold at most maxPerAddress connections", async () => {
  const p = await testPlatform();
  const smtp = await startSmtpListener(p.sql, { port: 0, maxPerAddress: 3 });
  const conns: Deno.Conn[] = [];
  try {
    const greetings: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await Deno.connect({ hostname: "127.0.0.1", port: smtp.port });
      conns.push(c);
      greetings.push(((await reply(c)) ?? "(closed)").slice(0, 3));
    }
    assert.deepEqual(greetings, ["220", "220", "220", "421", "421"]);
    // A place freed is a place again.
    conns[0].close();
    conns.shift();
    await new Promise((r) => setTimeout(r, 200));
    const again = await Deno.connect({ hostname: "127.0.0.1", port: smtp.port });
    conns.push(again);
    assert.match((await reply(again))!, /^220 /);
  } finally {
    for (const c of conns) {
      try {
        c.close();
      } catch { /* closed by the server */ }
    }
    await smtp.close();
    await p.close();
  }
});
