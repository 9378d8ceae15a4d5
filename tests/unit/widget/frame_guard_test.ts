// The hosted widget's own frame check (widget/src/frame_guard.ts, docs/security.md pass 16): what it concludes from
// what the browser says. Chromium and Safari name every ancestor (all must be listed, as frame-ancestors does);
// Firefox names none, so a listed referrer is enough and anything else waits for embed.js's greeting.
import assert from "node:assert/strict";
import { frameVerdict } from "../../../widget/src/frame_guard.ts";

const allowed = ["https://www.partner.example", "https://cdn.platform.example"];

Deno.test("ancestors named: every one must be listed", () => {
  assert.equal(frameVerdict(allowed, ["https://www.partner.example"], null), true);
  assert.equal(frameVerdict(allowed, ["https://evil.example"], "https://www.partner.example"), false);
  // the partner's page framed by a stranger: the stranger is an ancestor too
  assert.equal(frameVerdict(allowed, ["https://www.partner.example", "https://evil.example"], null), false);
  assert.equal(frameVerdict(allowed, ["null"], null), false, "a sandboxed (opaque) framer");
  assert.equal(frameVerdict(allowed, ["https://www.partner.example.evil.example"], null), false);
  assert.equal(frameVerdict(allowed, ["http://www.partner.example"], null), false, "another scheme");
});

Deno.test("no ancestors named (Firefox): a listed referrer, else the greeting decides", () => {
  assert.equal(frameVerdict(allowed, null, "https://www.partner.example"), true);
  assert.equal(frameVerdict(allowed, null, "https://evil.example"), "ask");
  assert.equal(frameVerdict(allowed, null, null), "ask");
});

Deno.test("no ancestors named (Firefox), framed in a frame: refused, whatever the referrer (pass 17)", () => {
  // a listed partner page framed in turn by a stranger: the referrer and greeting name the partner, not the stranger
  assert.equal(frameVerdict(allowed, null, "https://www.partner.example", true), false);
  assert.equal(frameVerdict(allowed, null, null, true), false);
  // Chromium names them all: a nest of listed pages may show it
  assert.equal(
    frameVerdict(allowed, ["https://www.partner.example", "https://www.partner.example"], null, true),
    true,
  );
});

Deno.test("an opaque origin is never listed, even when the widget's own is opaque too (a sandbox it inherited)", () => {
  // a sandbox without allow-same-origin makes the widget's location.origin "null" as well, which the check adds
  const sandboxed = [...allowed, "null"];
  assert.equal(frameVerdict(sandboxed, ["null", "https://evil.example"], null), false);
  assert.equal(frameVerdict(sandboxed, null, "null"), "ask", "a null referrer decides nothing");
});
