// `npm run deploy:supabase -- --project-ref <ref> --env-file supabase/.env.production [--db-url <url>]`
// Deploys this repository to a Supabase project with the Supabase CLI (npm package `supabase`, run through npx
// unless SUPABASE_CLI names another command): links the project, sets the function secrets (never SUPABASE_*:
// the platform sets those and the CLI refuses them), pushes the migrations, stores the queue worker's URL and
// service token in Vault (with --db-url; otherwise it prints the SQL to run), deploys every function, builds the
// widget for this project and uploads its CDN build to the public `widget` bucket, and uploads the CJK font slices
// of the PDF reports to widget/fonts/cjk/ (shared/pdf/cjk.ts; --skip-fonts leaves them). --dry-run prints the steps.
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { functionNames, repoRoot } from "../edge/runtime.ts";
import { plannedSecrets, readEnvFile, REQUIRED_SECRETS } from "./secrets.ts";

export const SUPABASE_CLI_VERSION = "3.1.0";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    "project-ref": { type: "string" },
    "env-file": { type: "string", default: "supabase/.env.production" },
    "db-url": { type: "string" },
    "widget-base": { type: "string" },
    "skip-widget": { type: "boolean", default: false },
    "skip-fonts": { type: "boolean", default: false },
    "dry-run": { type: "boolean", default: false },
  },
});

const ref = values["project-ref"];
if (!ref || !/^[a-z0-9]{20}$/.test(ref)) {
  console.error(
    "Usage: npm run deploy:supabase -- --project-ref <20-character project ref> [--env-file FILE] [--db-url URL] [--dry-run]",
  );
  Deno.exit(2);
}
const dry = values["dry-run"];
const cli = (Deno.env.get("SUPABASE_CLI") ?? `npx --yes supabase@${SUPABASE_CLI_VERSION}`).split(" ").filter(
  Boolean,
);
const projectUrl = `https://${ref}.supabase.co`;

async function run(args: string[], opts: { env?: Record<string, string> } = {}): Promise<void> {
  console.log(`$ supabase ${args.join(" ")}`);
  if (dry) return;
  const out = await new Deno.Command(cli[0], {
    args: [...cli.slice(1), ...args],
    cwd: repoRoot,
    env: opts.env,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!out.success) {
    console.error(`supabase ${args[0]} failed (exit ${out.code})`);
    Deno.exit(1);
  }
}

// 1. the project
await run(["link", "--project-ref", ref]);

// 2. secrets
const file = await readEnvFile(resolve(repoRoot, values["env-file"]!));
const { secrets, dropped, missing } = plannedSecrets(file, projectUrl);
// hosted functions serve HTML as text/plain: unsubscribe links end on the CDN build's static page
if (values["widget-base"] && !secrets.UNSUBSCRIBE_PAGE_URL) {
  secrets.UNSUBSCRIBE_PAGE_URL = `${values["widget-base"].replace(/\/?$/, "/")}unsubscribe.html`;
}
for (const name of dropped) {
  console.log(`  skipping ${name}: Supabase sets SUPABASE_* in every function itself`);
}
if (missing.length) {
  console.error(
    `Missing in ${values["env-file"]}: ${missing.join(", ")} (required: ${REQUIRED_SECRETS.join(", ")})`,
  );
  Deno.exit(2);
}
const secretsFile = await Deno.makeTempFile({ prefix: "solar-secrets-", suffix: ".env" });
try {
  await Deno.writeTextFile(
    secretsFile,
    Object.entries(secrets).map(([k, v]) => `${k}=${v}`).join("\n") + "\n",
    { mode: 0o600 },
  );
  console.log(`  secrets: ${Object.keys(secrets).join(", ")}`);
  await run(["secrets", "set", "--env-file", secretsFile, "--project-ref", ref]);
} finally {
  await Deno.remove(secretsFile).catch(() => {});
}

// 3. the database
await run(["db", "push", "--include-all"]);

// 4. the queue: worker URL and service token in Vault, then (re)schedule the pg_cron sweep
const workerUrl = `${projectUrl}/functions/v1/queue-worker`;
const vaultSql =
  `select vault.create_secret($1, 'queue_worker_url') where not exists (select 1 from vault.secrets where name = 'queue_worker_url');
select vault.update_secret(id, $1) from vault.secrets where name = 'queue_worker_url';
select vault.create_secret($2, 'queue_worker_token') where not exists (select 1 from vault.secrets where name = 'queue_worker_token');
select vault.update_secret(id, $2) from vault.secrets where name = 'queue_worker_token';
select queue.schedule_sweep();`;
if (values["db-url"] && !dry) {
  const { default: postgres } = await import("postgres");
  const sql = postgres(values["db-url"], { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      for (const statement of vaultSql.split(";\n").map((s) => s.trim()).filter(Boolean)) {
        const params = statement.includes("$2")
          ? [secrets.INTERNAL_SERVICE_TOKEN]
          : statement.includes("$1")
          ? [workerUrl]
          : [];
        await tx.unsafe(statement.replace(/;$/, "").replaceAll("$2", "$1"), params);
      }
    });
    console.log("  Vault: queue_worker_url and queue_worker_token set; pg_cron sweep scheduled");
  } finally {
    await sql.end();
  }
} else {
  console.log(`  Vault: ${dry ? "would set" : "run in the SQL editor (no --db-url given)"}:`);
  console.log(
    vaultSql.replaceAll("$1", `'${workerUrl}'`).replaceAll("$2", "'<INTERNAL_SERVICE_TOKEN>'").split("\n")
      .map((l) => `    ${l}`).join("\n"),
  );
}

// 5. the functions (each verifies its own callers: the gateway rule, OIDC push tokens, webhook signatures)
for (const fn of await functionNames()) {
  await run(["functions", "deploy", fn, "--no-verify-jwt", "--project-ref", ref]);
}

// 6. the widget: built for this project's API, uploaded under a content version to the public bucket
if (!values["skip-widget"]) {
  const base = `${projectUrl}/storage/v1/object/public/widget/`;
  console.log(`$ npm run widget:build (WIDGET_API_ORIGIN=${projectUrl})`);
  let version = "<version>";
  if (!dry) {
    const { buildWidget, widgetDist } = await import("../widget/build.ts");
    Deno.env.set("WIDGET_API_ORIGIN", projectUrl);
    await buildWidget();
    const manifest = await Deno.readTextFile(new URL("cdn/manifest.json", widgetDist));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(manifest)));
    version = Array.from(digest.slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
    const { writeCdnBuild } = await import("../widget/cdn.ts");
    await writeCdnBuild(widgetDist, {
      apiOrigin: projectUrl,
      publicBase: values["widget-base"] ?? `${base}${version}/`,
    });
  }
  await run(["storage", "cp", "-r", "widget/dist/cdn", `ss:///widget/${version}`, "--experimental"]);
  console.log(`  widget assets: ${base}${version}/`);
  console.log(
    `  embed snippet: widget/dist/cdn/embed.html (index.html must come from a host that serves text/html: docs/deploy.md)`,
  );
}
// 7. the CJK font slices of the PDF reports (Noto Sans SC/JP/KR from node_modules, 8.9 MB: too big for a
// function's bundle); a report loads the few it needs from Storage (shared/pdf/cjk.ts), squares without them
if (!values["skip-fonts"]) {
  const { CJK_BUCKET, CJK_PREFIX } = await import("../../shared/pdf/cjk.ts");
  let staged = "<staged slices>";
  if (!dry) {
    staged = await Deno.makeTempDir({ prefix: "cjk-fonts-" });
    const { sliceFiles } = await import("../pdf/cjk_fonts.ts");
    for (const f of await sliceFiles()) await Deno.copyFile(f.path, `${staged}/${f.name}`);
  }
  await run([
    "storage",
    "cp",
    "-r",
    staged,
    `ss:///${CJK_BUCKET}/${CJK_PREFIX.replace(/\/$/, "")}`,
    "--experimental",
  ]);
  if (!dry) await Deno.remove(staged, { recursive: true });
}
console.log(dry ? "Dry run: nothing was changed." : `Deployed to ${projectUrl}.`);
