// widget-info names who may frame the partner's widget (`frame_origins`), for the widget's own check on a static host
// where no frame-ancestors header protects its page (docs/security.md, pass 16): the platform's origins, the partner's
// registered sites and its website's origin — never another partner's.
import assert from "node:assert/strict";
import { partnerEnv } from "../partner/helpers.ts";

Deno.test("widget-info: frame_origins are the platform's and this partner's sites only", async () => {
  const e = await partnerEnv();
  try {
    const put = async (who: typeof e.admin, body: Record<string, unknown>) =>
      assert.equal((await e.call(who, "PUT", "/partner-service/settings", body)).status, 200);
    await put(e.admin, {
      website_url: "https://www.sunny.example/about",
      widget_origins: ["https://landing.sunny.example"],
    });
    await put(e.other, { widget_origins: ["https://other.example"] });
    const info = await e.call(e.widget, "GET", "/widget-service/widget-info");
    assert.equal(info.status, 200, info.text);
    const origins: string[] = info.json.data.frame_origins;
    assert.ok(origins.includes("https://landing.sunny.example"), origins.join(" "));
    assert.ok(origins.includes("https://www.sunny.example"), "the website's origin, without its path");
    assert.ok(origins.includes(new URL(e.p.config.publicUrl).origin), "the platform's own origin");
    assert.ok(!origins.includes("https://other.example"), "never another partner's site");
    assert.ok(origins.every((o) => /^https?:\/\/[^/]+$/.test(o)), "bare origins only");
  } finally {
    await e.close();
  }
});
