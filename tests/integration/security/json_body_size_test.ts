// Security pass 6: the services that take uploads (widget-service, utility-bill-service, contract-approval-service)
// had one body limit for every route, the upload's: the public widget token's `POST /widget-service/property` or
// `PUT /property/{id}` took a JSON body of up to 100 MB, parsed it on the event loop and stored it whole in the
// property's free-form `details` (and answered it back), again on every PUT. Over real HTTP: JSON bodies are bounded
// by MAX_BODY_BYTES (1 MB) on every service, only multipart bodies get the upload limit, and `details` holds at most
// 16 KB of JSON, merges included.
import assert from "node:assert/strict";
import { address, widgetEnv } from "../widget/helpers.ts";
import { serveApp } from "../../support/http.ts";
import { createApp as billApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { MAX_PROPERTY_DETAILS_BYTES } from "../../../shared/widget/schemas.ts";

const filler = (bytes: number) => "x".repeat(bytes);

Deno.test("upload services: a JSON body over MAX_BODY_BYTES is 413 even where uploads may be larger", async () => {
  const e = await widgetEnv();
  const bills = serveApp(billApp(e.p).fetch);
  try {
    const limit = e.p.config.maxBodyBytes;
    const big = filler(limit + 1024);
    const property = await e.call(e.widget, "POST", "/property", { address, details: { note: big } });
    assert.equal(property.status, 413, JSON.stringify(property.json).slice(0, 200));
    assert.equal(property.json.error.code, "payload_too_large");
    const poll = await fetch(`${bills.url}/utility-bill-service/poll-utility-bill-status`, {
      method: "POST",
      headers: { ...e.widget.headers, "content-type": "application/json" },
      body: JSON.stringify({ transactionId: crypto.randomUUID(), pad: big }),
    });
    assert.equal(poll.status, 413);
    assert.equal((await poll.json()).error.code, "payload_too_large");
    const [{ n }] = await e.p.sql`select count(*)::int as n from public.properties`;
    assert.equal(n, 0, "nothing stored");

    // An upload larger than the JSON limit still reaches the route (a file that is not a document: 400, not 413).
    const ok = await e.call(e.widget, "POST", "/property", { address });
    assert.equal(ok.status, 201);
    const form = new FormData();
    form.append("files", new File([new Uint8Array(limit * 2)], "big.pdf", { type: "application/pdf" }));
    const upload = await e.call(e.widget, "POST", `/property/${ok.json.data.property_uuid}/upload`, form);
    assert.notEqual(upload.status, 413, JSON.stringify(upload.json));
    assert.ok(upload.status < 500, JSON.stringify(upload.json));
  } finally {
    await bills.close();
    await e.close();
  }
});

Deno.test("widget property details: at most 16 KB of JSON, merges included (400 details_too_large)", async () => {
  const e = await widgetEnv();
  try {
    const third = Math.floor(MAX_PROPERTY_DETAILS_BYTES / 3);
    const tooBig = await e.call(e.widget, "POST", "/property", {
      address,
      details: { note: filler(MAX_PROPERTY_DETAILS_BYTES) },
    });
    assert.equal(tooBig.status, 400);
    assert.match(tooBig.json.error.message, /details/);

    const created = await e.call(e.widget, "POST", "/property", { address, details: { a: filler(third) } });
    assert.equal(created.status, 201);
    const id = created.json.data.property_uuid;
    const put = (details: Record<string, string>) => e.call(e.widget, "PUT", `/property/${id}`, { details });
    assert.equal((await put({ b: filler(third) })).status, 200);
    // Each PUT is small; their sum is not.
    const third3 = await put({ c: filler(third) });
    assert.equal(third3.status, 400, JSON.stringify(third3.json).slice(0, 200));
    assert.equal(third3.json.error.code, "details_too_large");
    // Replacing a key keeps within the bound.
    assert.equal((await put({ b: "short" })).status, 200);
    const [row] = await e.p.sql`select details from public.properties where id = ${id}`;
    assert.deepEqual(Object.keys(row.details).sort(), ["a", "b"]);
    assert.ok(JSON.stringify(row.details).length <= MAX_PROPERTY_DETAILS_BYTES);
  } finally {
    await e.close();
  }
});
