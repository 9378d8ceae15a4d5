// Named Handlebars templates (templates/pdf/<name>.hbs) rendered to HTML, then to PDF. Strict: a variable
// the data does not have is an error naming it (400), never a silent blank.
import type Handlebars from "handlebars";
import { loadHandlebars } from "../email/handlebars_env.ts";
import { cents, kwh, num, usd, usdCents } from "../format.ts";
import { pdfNoAutoLink } from "./no_autolink.ts";

const DIR = new URL("../../templates/pdf/", import.meta.url);
const NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export class TemplateNotFoundError extends Error {}
export class TemplateDataError extends Error {}

// Handlebars is imported on the first render (handlebars_env.ts): not with the services at every start.
let hb: ReturnType<typeof Handlebars.create> | undefined;

async function environment(): Promise<ReturnType<typeof Handlebars.create>> {
  if (hb) return hb;
  const env = (await loadHandlebars()).create();
  env.registerHelper("usd", (x: unknown) => usd(Number(x)));
  env.registerHelper("usdCents", (x: unknown) => usdCents(Number(x)));
  env.registerHelper("kwh", (x: unknown) => kwh(Number(x)));
  env.registerHelper("number", (x: unknown) => num(Number(x)));
  env.registerHelper("rate", (x: unknown) => cents(Number(x)));
  env.registerHelper(
    "date",
    (x: unknown) =>
      new Date(String(x)).toLocaleDateString("en-US", {
        year: "numeric",
        month: "long",
        day: "numeric",
        timeZone: "UTC",
      }),
  );
  return hb ??= env;
}

const compiled = new Map<string, { run: HandlebarsTemplateDelegate; src: string }>();

export async function listTemplates(): Promise<string[]> {
  const names: string[] = [];
  for await (const e of Deno.readDir(DIR)) {
    if (e.isFile && e.name.endsWith(".hbs")) names.push(e.name.slice(0, -4));
  }
  return names.sort();
}

async function load(name: string): Promise<{ run: HandlebarsTemplateDelegate; src: string }> {
  if (!NAME.test(name)) throw new TemplateNotFoundError(`No PDF template named "${name}"`);
  let t = compiled.get(name);
  if (t) return t;
  let src: string;
  try {
    src = await Deno.readTextFile(new URL(`${name}.hbs`, DIR));
  } catch {
    throw new TemplateNotFoundError(
      `No PDF template named "${name}" (available: ${(await listTemplates()).join(", ")})`,
    );
  }
  t = { run: (await environment()).compile(src, { strict: true }), src };
  compiled.set(name, t);
  return t;
}

/**
 * The data's strings with their domain-like dots unlinkable (no_autolink.ts): the template's own words are drawn as
 * written (the HTML renderer's authored text), the values it is given may be a homeowner's typing (a name, an address)
 * and are never a link in a viewer (security pass 16; pass 15 broke every dot of the page, the template's too).
 */
function unlinkedValues(v: unknown, depth = 0): unknown {
  if (typeof v === "string") return pdfNoAutoLink(v);
  if (depth > 64 || !v || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map((x) => unlinkedValues(x, depth + 1));
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unlinkedValues(x, depth + 1)]));
}

/** The template's HTML for `data`; TemplateDataError names the first missing variable. */
export async function renderTemplateHtml(name: string, data: Record<string, unknown>): Promise<string> {
  const t = await load(name);
  try {
    return t.run(unlinkedValues(data) as Record<string, unknown>);
  } catch (e) {
    const m = (e as Error).message.match(/^"([^"]+)" not defined in .* - (\d+):(\d+)/);
    if (m) {
      // Handlebars names only the last segment ("name"); the source at that position has the full path.
      const path = t.src.split("\n")[Number(m[2]) - 1]?.slice(Number(m[3])).match(/^[\w.]+/)?.[0] ?? m[1];
      throw new TemplateDataError(
        `Template "${name}" needs the variable "${path}" (line ${m[2]}, column ${m[3]})`,
      );
    }
    throw new TemplateDataError(
      `Template "${name}" could not be rendered with this data: ${(e as Error).message.split("\n")[0]}`,
    );
  }
}
