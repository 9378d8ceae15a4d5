// `npm run deploy:supabase` with a recording stand-in for the Supabase CLI: links, sets the allowed secrets (no
// SUPABASE_*, the project's defaults added), pushes the migrations, deploys every function without the
// platform JWT check, and uploads the widget's CDN build and the CJK font slices of the PDF reports.
import assert from "node:assert/strict";
import { join } from "node:path";
import { functionNames, repoRoot } from "../../scripts/edge/runtime.ts";

const REF = "abcdefghijklmnopqrst";

async function deploy(envFile: string, extra: string[] = []) {
  const log = await Deno.makeTempFile({ prefix: "fake-cli-" });
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      join(repoRoot, "scripts/deploy/supabase.ts"),
      "--project-ref",
      REF,
      "--env-file",
      envFile,
      ...extra,
    ],
    cwd: repoRoot,
    env: {
      SUPABASE_CLI: `${Deno.execPath()} run -A ${join(repoRoot, "tests/edge/fake_supabase_cli.ts")}`,
      FAKE_CLI_LOG: log,
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const calls = (await Deno.readTextFile(log)).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
  await Deno.remove(log);
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
    calls,
  };
}

Deno.test("deploy:supabase: link, allowed secrets, db push, every function, widget upload", async () => {
  const env = await Deno.makeTempFile({ suffix: ".env" });
  await Deno.writeTextFile(
    env,
    [
      "# production secrets",
      "SUPABASE_URL=https://example.supabase.co",
      "SUPABASE_SERVICE_ROLE_KEY=service-key",
      "INTERNAL_SERVICE_TOKEN=tok-1",
      "EMAIL_WEBHOOK_SECRET=whsec_abc",
      'UNSUBSCRIBE_SECRET="unsub"',
      "APPOINTMENT_CONFIRM_SECRET=appt-1",
      "BILL_MODEL=gemini",
    ].join("\n"),
  );
  try {
    const r = await deploy(env);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    const argv = r.calls.map((c) => c.args.join(" "));
    assert.equal(argv[0], `link --project-ref ${REF}`);
    const secrets = r.calls.find((c) => c.args[0] === "secrets");
    assert.ok(secrets, "secrets set");
    assert.ok(!/^SUPABASE_/m.test(secrets.envFile), "no SUPABASE_* secret is sent");
    for (
      const line of [
        "INTERNAL_SERVICE_TOKEN=tok-1",
        "UNSUBSCRIBE_SECRET=unsub",
        "BILL_MODEL=gemini",
        `PUBLIC_URL=https://${REF}.supabase.co`,
      ]
    ) {
      assert.ok(secrets.envFile.includes(line), line);
    }
    assert.match(r.stdout, /skipping SUPABASE_URL/);
    assert.ok(argv.includes("db push --include-all"));
    for (const fn of await functionNames()) {
      assert.ok(argv.includes(`functions deploy ${fn} --no-verify-jwt --project-ref ${REF}`), fn);
    }
    assert.ok(
      argv.some((a) =>
        /^storage cp -r widget\/dist\/cdn ss:\/\/\/widget\/[0-9a-f]{12} --experimental$/.test(a)
      ),
      argv.join("\n"),
    );
    // the CJK slices of the PDFs (shared/pdf/cjk.ts) go to widget/fonts/cjk/: every slice the index names
    const fonts = r.calls.find((c) => c.args[0] === "storage" && c.args[4] === "ss:///widget/fonts/cjk");
    assert.ok(fonts, argv.join("\n"));
    const index = JSON.parse(await Deno.readTextFile(join(repoRoot, "assets/fonts/cjk-slices.json")));
    for (const [key, font] of Object.entries(index.fonts) as [string, { slices: Record<string, string> }][]) {
      for (const slice of Object.keys(font.slices)) {
        assert.ok(fonts.files.includes(`noto-sans-${key}-${slice}-400-normal.woff`), `${key} ${slice}`);
      }
    }
    assert.ok(fonts.files.includes("OFL.txt"));
    assert.match(r.stdout, /queue_worker_url/);
    const embed = await Deno.readTextFile(join(repoRoot, "widget/dist/cdn/embed.html"));
    assert.ok(embed.includes(`https://${REF}.supabase.co/storage/v1/object/public/widget/`), embed);
  } finally {
    await Deno.remove(env);
  }
});

Deno.test("deploy:supabase: refuses to deploy without the required secrets, before changing anything but the link", async () => {
  const env = await Deno.makeTempFile({ suffix: ".env" });
  await Deno.writeTextFile(env, "INTERNAL_SERVICE_TOKEN=tok-1\n");
  try {
    const r = await deploy(env);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Missing in .*EMAIL_WEBHOOK_SECRET, UNSUBSCRIBE_SECRET, APPOINTMENT_CONFIRM_SECRET/);
    assert.deepEqual(r.calls.map((c) => c.args[0]), ["link"]);
  } finally {
    await Deno.remove(env);
  }
});
