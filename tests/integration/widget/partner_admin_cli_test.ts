import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";

const cli = new URL("../../../scripts/widget/partner_admin.ts", import.meta.url).pathname;

async function run(url: string, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), { args: ["run", "-A", cli, ...args], env: { DATABASE_URL: url, LOG_LEVEL: "error" }, stdout: "piped", stderr: "piped" }).output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout), stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("partner-admin CLI sets (validated, sanitised) and shows a partner's widget configuration", async () => {
  const p = await testPlatform();
  try {
    await p.sql`insert into public.organizations (name, slug) values ('Sunny Roofs', 'sunny-roofs')`;
    const panel = await Deno.makeTempFile({ suffix: ".html" });
    await Deno.writeTextFile(panel, `<p onclick="x()">Local since 1999</p><script>alert(1)</script>`);
    const set = await run(p.db.url, ["set", "--org", "sunny-roofs", "--states", "ca,az", "--roof-types", "Tile,Metal", "--info-file", panel, "--primary", "#123456"]);
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
    await Deno.remove(panel);
  } finally {
    await p.close();
  }
});
