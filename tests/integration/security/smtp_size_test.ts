// Security pass 10: the embedded inbox's SMTP listener (the local stack's, INBOX_SMTP_HOST may expose it) refused a
// message over INBOX_MAX_MESSAGE_BYTES only at its end, after holding every byte of it in memory: one sender streaming
// a few hundred megabytes grew the process by as much. Now nothing past the limit is kept. Real SMTP over TCP.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { MAX_RECIPIENTS, startSmtpListener } from "../../../shared/inbox/smtp_listener.ts";

const enc = new TextEncoder();

async function readReply(conn: Deno.Conn): Promise<string> {
  const buf = new Uint8Array(4096);
  let text = "";
  while (!/(^|\r\n)\d{3} [^\r\n]*\r\n$/.test(text)) {
    const n = await conn.read(buf);
    if (n === null) break;
    text += new TextDecoder().decode(buf.subarray(0, n));
  }
  return text;
}

Deno.test("a message far over the SMTP size limit is refused (552) without being held in memory", async () => {
  const p = await testPlatform();
  const smtp = await startSmtpListener(p.sql, { port: 0, maxBytes: 1024 * 1024 });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: smtp.port });
  try {
    await readReply(conn);
    for (
      const cmd of ["EHLO attacker.test", "MAIL FROM:<a@attacker.test>", "RCPT TO:<bills@inbox.test>", "DATA"]
    ) {
      await conn.write(enc.encode(`${cmd}\r\n`));
      assert.match(await readReply(conn), /^[23]\d\d/m, cmd);
    }
    const line = enc.encode("x".repeat(998) + "\r\n");
    const chunk = new Uint8Array(line.length * 64);
    for (let i = 0; i < 64; i++) chunk.set(line, i * line.length);
    const sendMb = 256;
    const base = Deno.memoryUsage().rss;
    let peak = 0;
    for (let sent = 0; sent < sendMb * 1024 * 1024; sent += chunk.length) {
      for (let at = 0; at < chunk.length;) at += await conn.write(chunk.subarray(at));
      if ((sent / chunk.length) % 64 === 0) peak = Math.max(peak, Deno.memoryUsage().rss - base);
    }
    await conn.write(enc.encode("\r\n.\r\n"));
    const reply = await readReply(conn);
    peak = Math.max(peak, Deno.memoryUsage().rss - base);
    console.log(
      `${sendMb} MB sent to a 1 MB limit: answer ${reply.trim()}; rss grew at most ${
        (peak / 1048576).toFixed(0)
      } MB`,
    );
    assert.match(reply, /^552 /m);
    // Held whole, the process grows by more than what was sent (about 280 MB before the fix); bounded, it grows only by
    // the garbage the collector has not taken yet (70-100 MB here).
    assert.ok(peak < (sendMb / 2) * 1024 * 1024, `the process grew ${(peak / 1048576).toFixed(0)} MB`);
    const [{ n }] = await p.sql`select count(*)::int as n from mail.inbound_messages`;
    assert.equal(n, 0);
  } finally {
    conn.close();
    await smtp.close();
    await p.close();
  }
});

Deno.test("one message may have at most MAX_RECIPIENTS recipients (452 past it); the message is kept with those", async () => {
  const p = await testPlatform();
  const smtp = await startSmtpListener(p.sql, { port: 0 });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: smtp.port });
  try {
    await readReply(conn);
    const say = async (cmd: string) => {
      await conn.write(enc.encode(`${cmd}\r\n`));
      return await readReply(conn);
    };
    assert.match(await say("EHLO attacker.test"), /^250/m);
    assert.match(await say("MAIL FROM:<a@attacker.test>"), /^250/m);
    const replies: string[] = [];
    for (let i = 0; i < MAX_RECIPIENTS + 5; i++) replies.push(await say(`RCPT TO:<r${i}@inbox.test>`));
    assert.equal(replies.filter((r) => /^250/.test(r)).length, MAX_RECIPIENTS);
    assert.match(replies.at(-1)!, /^452 /);
    assert.match(await say("DATA"), /^354/m);
    assert.match(await say("Subject: many\r\n\r\nhello\r\n."), /^250/m);
    const [row] = await p.sql`select envelope_to from mail.inbound_messages`;
    assert.equal((row.envelope_to as string[]).length, MAX_RECIPIENTS);
  } finally {
    conn.close();
    await smtp.close();
    await p.close();
  }
});
