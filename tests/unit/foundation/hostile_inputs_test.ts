// Hostile-input findings of the 2026-11-24 sweep (docs/security.md "Found and fixed"), unit level: bodies that are not
// UTF-8, file names a header cannot carry, webhook URLs that hide a private IPv4 address in an IPv6 form, and
// property checks (fast-check) of the JSON text guard and the IPv6 parser.
import assert from "node:assert/strict";
import fc from "fast-check";
import { loadCoreConfig } from "../../../shared/config.ts";
import { noDatabase } from "../../support/db.ts";
import { createPlatform } from "../../../shared/platform.ts";
import { createServiceApp } from "../../../shared/http/app.ts";
import { contentDisposition } from "../../../shared/http/headers.ts";
import { setLogLevel } from "../../../shared/log.ts";
import { inspectJsonText } from "../../../shared/validation/json_guard.ts";
import { ipv6Groups, isPrivateAddress, webhookUrlProblem } from "../../../shared/partner/webhook_url.ts";

setLogLevel("error");

Deno.test("a JSON body that is not UTF-8 is 400 invalid_text; UTF-8 text (é, emoji) passes intact", async () => {
  const p = createPlatform(noDatabase(), loadCoreConfig());
  const app = createServiceApp(p, "demo-service", { gatewayAuth: false });
  app.post("/echo", async (c) => c.json(await c.req.json()));
  const post = (body: BodyInit) =>
    app.fetch(
      new Request("http://x/demo-service/echo", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      }),
    );
  for (
    const bytes of [
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d], // {"a":"é"} in Latin-1
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d], // a lone continuation byte
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0x22, 0x7d], // an overlong NUL
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d], // a UTF-8-encoded surrogate
    ]
  ) {
    const r = await post(new Uint8Array(bytes));
    assert.equal(r.status, 400, JSON.stringify(bytes));
    assert.equal((await r.json()).error.code, "invalid_text");
  }
  const ok = await post(JSON.stringify({ a: "café 😀 請求書" }));
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { a: "café 😀 請求書" });
});

Deno.test("Content-Disposition of any file name is a valid header: ASCII fallback and the full name in filename*", () => {
  const cases = [
    "請求書.pdf",
    'a"b\\c\r\nSet-Cookie: x=1.pdf',
    "bill 😀.png",
    "\ud83d".repeat(3) + "x.pdf", // lone surrogates (never from the database, but a name may be cut anywhere)
    "😀".repeat(150), // cut at 200 code units in the middle of a pair
    "",
    "%41.pdf",
  ];
  for (const name of cases) {
    const value = contentDisposition("inline", name);
    // The Response constructor throws on a value that is not a byte string (the 500 this fixes).
    const h = new Response("x", { headers: { "content-disposition": value } }).headers.get(
      "content-disposition",
    )!;
    assert.equal(h, value);
    assert.ok(!/[\r\n]/.test(h), h);
    const quoted = h.match(/filename="([^"]*)"/)?.[1];
    assert.ok(quoted !== undefined && /^[\x20-\x7e]*$/.test(quoted) && !/["\\]/.test(quoted), h);
    const star = h.match(/filename\*=UTF-8''([^;]*)$/)?.[1];
    if (star) {
      assert.ok(/^[A-Za-z0-9%!#$&+.^_`|~-]*$/.test(star), `filename* is a token: ${star}`);
      assert.equal(decodeURIComponent(star), name.slice(0, 200).toWellFormed().replace(/[\r\n]/g, ""));
    }
  }
  assert.equal(contentDisposition("attachment", "bill.pdf"), 'attachment; filename="bill.pdf"');
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 300 }), (name) => {
      const value = contentDisposition("inline", name);
      new Headers({ "content-disposition": value });
      return !/[\r\n]/.test(value);
    }),
    { numRuns: 500 },
  );
});

Deno.test("webhook URLs: a private IPv4 address in any IPv6 form is refused; public addresses pass", () => {
  const refused = [
    "https://[::ffff:127.0.0.1]/hook", // written [::ffff:7f00:1] by the URL parser
    "https://[0:0:0:0:0:ffff:169.254.169.254]/",
    "https://[::ffff:a9fe:a9fe]/",
    "https://[::127.0.0.1]/",
    "https://[::ffff:0:10.0.0.1]/",
    "https://[64:ff9b::192.168.1.1]/",
    "https://[64:ff9b:1::1]/",
    "https://[2002:c0a8:101::1]/", // 6to4 of 192.168.1.1
    "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", // Teredo
    "https://[fec0::1]/",
    "https://[ff02::1]/",
    "https://[fe80::1%25eth0]/",
    "https://[fd00::1]/",
    "https://[::1]/",
    "https://[::]/",
    "https://[2001:db8::1]/",
    "https://198.18.0.1/",
  ];
  for (const u of refused) {
    let parsed = true;
    try {
      new URL(u);
    } catch {
      parsed = false;
    }
    assert.ok(webhookUrlProblem(u, false) !== null, `${u} (${parsed ? new URL(u).hostname : "unparsed"})`);
  }
  for (
    const u of ["https://[2606:4700::1111]/", "https://[::ffff:8.8.8.8]/", "https://[64:ff9b::808:808]/"]
  ) {
    assert.equal(webhookUrlProblem(u, false), null, u);
  }
  // DNS answers (resolvesPrivately) are judged by the same test.
  assert.ok(isPrivateAddress("::ffff:7f00:1") && isPrivateAddress("::ffff:127.0.0.1"));
  assert.ok(!isPrivateAddress("2a00:1450:4001:80b::200e"));
});

Deno.test("ipv6Groups agrees with the URL parser on every address; private IPv4 stays private in every embedding", () => {
  const group = fc.integer({ min: 0, max: 0xffff });
  fc.assert(
    fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), (g) => {
      const host = new URL(`https://[${g.map((x) => x.toString(16)).join(":")}]/`).hostname;
      assert.deepEqual(ipv6Groups(host), g);
    }),
    { numRuns: 500 },
  );
  const privateV4 = fc.oneof(
    fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
  );
  fc.assert(
    fc.property(privateV4, ([a, b, c, d]) => {
      const v4 = `${a}.${b}.${c}.${d}`;
      const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
      for (const form of [`::ffff:${v4}`, `::${v4}`, `64:ff9b::${v4}`, `2002:${hex}::1`, `::ffff:0:${v4}`]) {
        assert.ok(webhookUrlProblem(`https://[${form}]/`, false), form);
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("json guard (property): depth is found exactly as JSON.parse nests; valid text never flagged", () => {
  const depthOf = (v: unknown): number =>
    v !== null && typeof v === "object"
      ? 1 + Math.max(0, ...Object.values(v as Record<string, unknown>).map(depthOf))
      : 0;
  fc.assert(
    fc.property(
      fc.jsonValue({ maxDepth: 8, stringUnit: "binary" }),
      fc.integer({ min: 1, max: 8 }),
      (v, max) => {
        const text = JSON.stringify(v);
        const problem = inspectJsonText(text, max);
        // Judged on the values (keys included), not the text: a string may hold a backslash followed by "u0000".
        const strings = (x: unknown): string[] =>
          typeof x === "string"
            ? [x]
            : x !== null && typeof x === "object"
            ? Object.entries(x as Record<string, unknown>).flatMap(([k, y]) => [k, ...strings(y)])
            : [];
        const clean = strings(v).every((t) => !t.includes("\u0000") && t.isWellFormed());
        const deep = depthOf(v) > max;
        // Both wrong: the guard names whichever comes first in the text.
        const expected: (string | undefined)[] = deep && clean
          ? ["too_deeply_nested"]
          : deep
          ? ["too_deeply_nested", "invalid_text"]
          : clean
          ? [undefined]
          : ["invalid_text"];
        assert.ok(expected.includes(problem?.code), `${problem?.code} for ${text}`);
      },
    ),
    { numRuns: 3000 },
  );
});

Deno.test("a unique violation, serialization failure or deadlock that escapes a domain is 409, not 500", async () => {
  const p = createPlatform(noDatabase(), loadCoreConfig());
  const app = createServiceApp(p, "demo-service", { gatewayAuth: false });
  const pgError = (code: string) =>
    Object.assign(new Error("duplicate key value"), { name: "PostgresError", code });
  app.get("/raise/:code", (c) => {
    throw pgError(c.req.param("code"));
  });
  const cases: [string, number, string, string | null][] = [
    ["23505", 409, "already_exists", null],
    ["40001", 409, "concurrent_update", "1"],
    ["40P01", 409, "concurrent_update", "1"],
    ["23503", 500, "internal_error", null], // a foreign key the domain did not check is still a server bug
  ];
  for (const [code, status, errorCode, retryAfter] of cases) {
    const r = await app.fetch(new Request(`http://x/demo-service/raise/${code}`));
    assert.equal(r.status, status, code);
    const body = await r.json();
    assert.equal(body.error.code, errorCode, code);
    assert.ok(!JSON.stringify(body).includes("duplicate key"), "the driver's text stays in the log");
    assert.equal(r.headers.get("retry-after"), retryAfter, code);
  }
});
