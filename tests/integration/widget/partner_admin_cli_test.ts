import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";

const cli = new URL("../../../scripts/widget/partner_admin.ts", import.meta.url).pathname;

async function run(url: string, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", cli, ...args],
    env: { DATABASE_URL: url, LOG_LEVEL: "error" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("partner-admin CLI sets (validated, sanitised) and shows a partner's widget configuration", async () => {
  const p = await testPlatform();
  try {
    await p.sql`insert into public.organizations (name, slug) values ('Sunny Roofs', 'sunny-roofs')`;
    const panel = await Deno.makeTempFile({ suffix: ".html" });
    await Deno.writeTextFile(panel, `<p onclick="x()">Local since 1999</p><script>alert(1)</script>`);
    const set = await run(p.db.url, [
      "set",
      "--org",
      "sunny-roofs",
      "--states",
      "ca,az",
      "--roof-types",
      "Tile,Metal",
      "--info-file",
      panel,
      "--primary",
      "#123456",
    ]);
    assert.equal(set.code, 0, set.stderr);
    const shown = JSON.parse((await run(p.db.url, ["show", "--org", "sunny-roofs"])).stdout);
    assert.deepEqual(shown.serving_states, ["AZ", "CA"]);
    assert.deepEqual(shown.roof_types, ["Tile", "Metal"]);
    assert.equal(shown.widget_info, "<p>Local since 1999</p>");
    assert.equal(shown.theme.primary, "#123456");
    const keep = await run(p.db.url, ["set", "--org", "sunny-roofs", "--accent", "#abcdef"]);
    assert.equal(keep.code, 0, keep.stderr);
    const after = JSON.parse((await run(p.db.url, ["show", "--org", "sunny-roofs"])).stdout);
    assert.deepEqual(after.serving_states, ["AZ", "CA"], "unset fields keep their value");
    assert.deepEqual(after.theme, { primary: "#123456", accent: "#abcdef" });
    const bad = await run(p.db.url, ["set", "--org", "sunny-roofs", "--states", "XX"]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /serving_states/);
    assert.match((await run(p.db.url, ["show", "--org", "nobody"])).stderr, /No organisation/);

    // The report's cover logo comes from a PNG file; a file that is not an image is refused; "none" removes it.
    const logo = new URL("../../fixtures/widget/partner-logo.png", import.meta.url).pathname;
    const withLogo = await run(p.db.url, ["set", "--org", "sunny-roofs", "--report-logo", logo]);
    assert.equal(withLogo.code, 0, withLogo.stderr);
    assert.equal(JSON.parse(withLogo.stdout).report_logo, true);
    const [stored] = await p
      .sql`select report_logo from public.widget_configs w join public.organizations o on o.id = w.organization_id where o.slug = 'sunny-roofs'`;
    assert.match(stored.report_logo, /^data:image\/png;base64,iVBORw0KGgo/);
    const notImage = await run(p.db.url, ["set", "--org", "sunny-roofs", "--report-logo", panel]);
    assert.equal(notImage.code, 1);
    assert.match(notImage.stderr, /report_logo/);
    const none = await run(p.db.url, ["set", "--org", "sunny-roofs", "--report-logo", "none"]);
    assert.equal(JSON.parse(none.stdout).report_logo, false);
    await Deno.remove(panel);
  } finally {
    await p.close();
  }
});
