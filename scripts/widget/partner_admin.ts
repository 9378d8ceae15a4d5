// `npm run widget-admin -- <command>`: a partner's widget configuration (logo, serving states, roof types,
// side-panel HTML, colours). DATABASE_URL, else the local stack's embedded PostgreSQL. The same rules as
// PUT /widget-service/widget-config apply (validated; widget_info HTML sanitised).
import { parseArgs } from "node:util";
import { connect } from "../../shared/db/client.ts";
import { createPlatform } from "../../shared/platform.ts";
import { loadCoreConfig } from "../../shared/config.ts";
import { saveWidgetConfig, WidgetConfigInput } from "../../shared/widget/config.ts";
import { errorText } from "../../shared/log.ts";
import { describeZodError } from "../../shared/http/validation.ts";
import { ZodError } from "zod";
import { Buffer } from "node:buffer";

const usage = `Usage: npm run widget-admin -- <command> --org <slug> [options]
  show  --org demo-solar                      prints the configuration as JSON
  set   --org demo-solar [--file config.json] [--states CA,NY] [--roof-types "Shingle,Tile"]
        [--info-file panel.html] [--logo https://...] [--primary #0f766e] [--accent #f59e0b]
        [--report-logo logo.png | --report-logo none]   (the savings report's cover logo, PNG or JPEG)
        (options override the file; unset fields keep their current value)`;

const { positionals, values } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: {
    org: { type: "string" },
    file: { type: "string" },
    states: { type: "string" },
    "roof-types": { type: "string" },
    "info-file": { type: "string" },
    logo: { type: "string" },
    primary: { type: "string" },
    accent: { type: "string" },
    "report-logo": { type: "string" },
  },
});

const sql = connect(
  Deno.env.get("DATABASE_URL") ?? Deno.env.get("SUPABASE_DB_URL") ??
    `postgres://postgres:postgres@127.0.0.1:${Deno.env.get("EMBEDDED_PG_PORT") ?? 54322}/postgres`,
  { max: 1 },
);
/** A PNG or JPEG file as the data: URI the report embeds ("none" removes the logo). */
async function reportLogo(path: string): Promise<string | null> {
  if (path === "none") return null;
  const bytes = await Deno.readFile(path);
  const type = /\.jpe?g$/i.test(path) ? "image/jpeg" : "image/png";
  return `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
}
const list = (s: string) => s.split(",").map((x) => x.trim()).filter(Boolean);
try {
  if (!values.org || !["show", "set"].includes(positionals[0])) throw new Error(usage);
  const [org] = await sql`select id from public.organizations where slug = ${values.org}`;
  if (!org) throw new Error(`No organisation with slug "${values.org}"`);
  const [current] =
    await sql`select logo_url, serving_states, roof_types, widget_info, theme from public.widget_configs where organization_id = ${org
      .id as string}`;
  if (positionals[0] === "show") {
    console.log(JSON.stringify(current ?? null, null, 2));
  } else {
    const fromFile = values.file ? JSON.parse(await Deno.readTextFile(values.file)) : {};
    const input = {
      ...(current ?? {}),
      ...fromFile,
      ...(values.states ? { serving_states: list(values.states) } : {}),
      ...(values["roof-types"] ? { roof_types: list(values["roof-types"]) } : {}),
      ...(values["info-file"] ? { widget_info: await Deno.readTextFile(values["info-file"]) } : {}),
      ...(values.logo ? { logo_url: values.logo } : {}),
      ...(values["report-logo"] ? { report_logo: await reportLogo(values["report-logo"]) } : {}),
      theme: {
        ...(current?.theme ?? {}),
        ...(fromFile.theme ?? {}),
        ...(values.primary ? { primary: values.primary } : {}),
        ...(values.accent ? { accent: values.accent } : {}),
      },
    };
    const p = createPlatform(sql, loadCoreConfig());
    const saved = await saveWidgetConfig(p, org.id as string, WidgetConfigInput.parse(input));
    console.log(JSON.stringify(saved, null, 2));
  }
} catch (e) {
  console.error(e instanceof ZodError ? `Invalid configuration: ${describeZodError(e)}` : errorText(e));
  Deno.exitCode = 1;
} finally {
  await sql.end();
}
