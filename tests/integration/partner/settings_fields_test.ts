// PUT /partner-service/settings saves the fields it is given and keeps the others (docs/security.md, pass 15). The
// console now has two forms on it: "Emails to homeowners" (reply-to, phone, website) and the Widget page's "Sites that
// may show the widget" (widget_origins). Saving the sites set the omitted contact fields to null: the partner's reply-to
// address, phone and website (whose origin may frame the widget) were lost. A field given as null is still cleared.
import assert from "node:assert/strict";
import { partnerEnv } from "./helpers.ts";

Deno.test("saving the widget's sites keeps the contact details; saving the details keeps the sites", async () => {
  const e = await partnerEnv();
  try {
    const put = (body: unknown) => e.call(e.admin, "PUT", "/partner-service/settings", body);
    const details = {
      reply_to_email: "hello@sunny-roofs.example",
      phone: "+1 512 555 0100",
      website_url: "https://www.sunny-roofs.example/",
    };
    assert.equal((await put(details)).status, 200);
    const sites = await put({ widget_origins: ["https://landing.sunny-roofs.example"] });
    assert.equal(sites.status, 200, sites.text);
    assert.deepEqual(
      [sites.json.data.reply_to_email, sites.json.data.phone, sites.json.data.website_url],
      [details.reply_to_email, details.phone, details.website_url],
      "the sites form wiped no contact detail",
    );
    const again = await put({ ...details, phone: null });
    assert.deepEqual(again.json.data.widget_origins, ["https://landing.sunny-roofs.example"]);
    assert.equal(again.json.data.phone, null, "null clears a field");
    // A partner user reads them and cannot change them; another partner sees none of them.
    assert.equal(
      (await e.call(e.user, "PUT", "/partner-service/settings", { widget_origins: [] })).status,
      403,
    );
    assert.deepEqual(
      (await e.call(e.other, "GET", "/partner-service/settings")).json.data.widget_origins,
      [],
    );
  } finally {
    await e.close();
  }
});

Deno.test("the website and the phone are one line each: CR/LF, quotes or spaces are 400, real values pass", async () => {
  const e = await partnerEnv();
  try {
    const put = (body: unknown) => e.call(e.admin, "PUT", "/partner-service/settings", body);
    for (
      const body of [
        { website_url: "https://x.example/\r\nBcc: victim@example.com" },
        { website_url: 'https://x.example/" onmouseover="alert(1)' },
        { website_url: "https://x.example/a b" },
        { website_url: "https://" },
        { phone: "(800)\r\n555-0100" },
        { phone: "555\t0100" },
      ]
    ) {
      const r = await put(body);
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
    }
    const ok = await put({
      website_url: "https://www.sunny-roofs.example/solar?utm=x#top",
      phone: "+1 (512) 555-0100",
    });
    assert.equal(ok.status, 200, ok.text);
  } finally {
    await e.close();
  }
});
