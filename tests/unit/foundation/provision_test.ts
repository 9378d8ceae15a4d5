// `npm test` provisions the Debian packages its tests need; where it cannot install them (no apt-get, not root
// and no password-less sudo) it stops with the exact command to run (issue 14, "the two commands").
import assert from "node:assert/strict";
import { baseRequirements, pgtapRequirement, provision } from "../../../scripts/test/provision.ts";

Deno.test("provision: nothing to do when everything is present; otherwise, unable to install, the exact command", async () => {
  provision([{ pkg: "already-here", why: "a present tool", present: () => true }]);
  const before = Deno.env.get("PATH");
  const empty = await Deno.makeTempDir();
  Deno.env.set("PATH", empty); // no apt-get, no sudo
  try {
    assert.throws(
      () =>
        provision([
          { pkg: "dovecot-imapd", why: "a real IMAP server", present: () => false },
          pgtapRequirement(99),
        ]),
      (e: Error) => {
        assert.match(
          e.message,
          /needs Debian packages that are not installed: dovecot-imapd, postgresql-99-pgtap/,
        );
        assert.match(
          e.message,
          /Run as root: apt-get update && apt-get install -y --no-install-recommends dovecot-imapd postgresql-99-pgtap$/,
        );
        return true;
      },
    );
  } finally {
    before === undefined ? Deno.env.delete("PATH") : Deno.env.set("PATH", before);
    await Deno.remove(empty);
  }
  // What the README's test command needs from a fresh Debian machine is listed, pgTAP included.
  assert.deepEqual(
    [...baseRequirements().map((r) => r.pkg), pgtapRequirement(15).pkg],
    [
      "chromium",
      "dovecot-imapd",
      "postgresql-client",
      "poppler-utils",
      "tesseract-ocr",
      "postgresql-15-pgtap",
    ],
  );
});
