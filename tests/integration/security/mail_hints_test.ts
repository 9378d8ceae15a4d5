// Security pass 10: anyone can email the bill inbox, and the email agent looks for a bill's facts in every message's
// text with patterns that put optional parts between `\s*`s. Over a long run of spaces they backtracked cubically:
// "due" and 2,000 spaces took 15 s, 4,000 spaces 112 s, "account" and 4,000 spaces 23 s, all on the event loop of the
// function checking the inbox. The text is now squeezed (one character per run of white space, its first 64 KB) before
// the patterns run. The message goes through the same parse the inbox check uses (mailparser).
import assert from "node:assert/strict";
import { parseMail } from "../../../shared/email-agent/parse.ts";
import { mailHints } from "../../../shared/email-agent/hints.ts";

const message = (body: string) =>
  new TextEncoder().encode(
    `From: stranger@attacker.test\r\nTo: bills@inbox.test\r\nSubject: Your bill\r\nMessage-ID: <${crypto.randomUUID()}@attacker.test>\r\n` +
      `MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );

Deno.test("a stranger's email of long white-space runs after 'due' or 'account' is read in milliseconds", async () => {
  for (
    const [what, body] of [
      ["due + 2,000 spaces", "due " + " ".repeat(2_000) + "x"],
      ["account + 2,000 spaces", "account" + " ".repeat(2_000) + "x"],
      ["due + 2,000 tabs and line breaks", "due" + "\t \n".repeat(700) + "x"],
      ["'account' + 50 spaces, 20,000 times", ("account" + " ".repeat(50)).repeat(20_000)],
      ["due + 5 MB of spaces", "due " + " ".repeat(5_000_000) + "x"],
    ]
  ) {
    const mail = await parseMail(message(body));
    const t0 = performance.now();
    const hints = mailHints(`${mail.subject}\n${mail.text}`);
    const ms = performance.now() - t0;
    console.log(`${what}: ${ms.toFixed(1)} ms`);
    assert.equal(hints.dueDate, null, what);
    assert.ok(ms < 500, `${what}: ${ms.toFixed(0)} ms`);
  }
});

Deno.test("the facts are still found across runs of white space", () => {
  const h = mailHints(
    "Account    Number :   4455 6677 88\n\n\n\nAmount  due:   $1,234.56\nDue\t\tdate:  Dec 15, 2026\n" +
      "Service   address:   123 Main Street,   Austin,  TX   78701",
  );
  assert.deepEqual(h, {
    accountNumber: "4455667788",
    amountDue: "1234.56",
    dueDate: "Dec 15, 2026",
    serviceAddress: { line1: "123 Main Street", city: "Austin", state: "TX", zip: "78701" },
  });
});
