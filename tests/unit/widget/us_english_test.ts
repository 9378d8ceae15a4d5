// What the homeowner and the partner read is US English (widget/src/locale.ts says so): QA pass 4 found
// "Your personalised savings report" on the widget's contact step and "Main colour", "People of your organisation"
// in the partner console (the report's "programmes" were fixed by QA pass 3).
import assert from "node:assert/strict";
import { t } from "../../../widget/src/locale.ts";

const BRITISH =
  /\b(personalis\w*|organis\w*|colour\w*|programmes?|favour\w*|behaviour\w*|centre|licence|cancell(ed|ing)|catalogue|analys(e|ed|ing)|recognis\w*|summaris\w*|authoris\w*|optimis\w*|customis\w*)\b/i;

/** Every text of the widget's locale; a function is called with sample values of each parameter. */
function texts(v: unknown, at = "t"): [string, string][] {
  if (typeof v === "string") return [[at, v]];
  if (typeof v === "function") {
    const args = Array.from({ length: v.length }, () => 1);
    try {
      return texts(v(...args), at);
    } catch {
      return texts(v(...args.map(() => "Sample")), at);
    }
  }
  if (Array.isArray(v)) return v.flatMap((x, i) => texts(x, `${at}[${i}]`));
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => texts(x, `${at}.${k}`));
  return [];
}

Deno.test("the widget's texts are US English", () => {
  const all = texts(t);
  assert.ok(all.length > 100, `${all.length} texts read`);
  const british = all.filter(([, s]) => BRITISH.test(s)).map(([k, s]) => `${k}: ${s}`);
  assert.deepEqual(british, []);
});

/** The string literals holding a space on the code lines (not comments) of `files`, that spell British. */
async function britishLiterals(files: string[], root: URL): Promise<string[]> {
  const found: string[] = [];
  for (const f of files) {
    // Comments may spell as they like: only the code's lines.
    const src = (await Deno.readTextFile(new URL(f, root))).split("\n")
      .filter((l) => !/^\s*(\/\/|\/?\*)/.test(l)).join("\n");
    // String literals only (identifiers and comments may spell as they like).
    for (const m of src.matchAll(/(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g)) {
      if (BRITISH.test(m[2]) && /\s/.test(m[2])) found.push(`${f}: ${m[2]}`);
    }
  }
  return found;
}

/** The .ts files under `dir` (relative to `root`), every level down. */
function tsFiles(root: URL, dir: string): string[] {
  return [...Deno.readDirSync(new URL(dir, root))].flatMap((e) =>
    e.isDirectory
      ? tsFiles(root, `${dir}${e.name}/`)
      : e.isFile && e.name.endsWith(".ts")
      ? [dir + e.name]
      : []
  );
}

const ROOT = new URL("../../../", import.meta.url);

Deno.test("the partner console's texts (its views and partner-service's messages) are US English", async () => {
  const files = ["console/src/", "console/src/views/", "shared/partner/"].flatMap((d) =>
    [...Deno.readDirSync(new URL(d, ROOT))].filter((e) => e.isFile && e.name.endsWith(".ts")).map((e) =>
      d + e.name
    )
  );
  assert.deepEqual(await britishLiterals(files, ROOT), []);
});

// Security pass 12: the API's own messages, which partners (and, through the widget, homeowners) read in its error
// bodies, OpenAPI document and pages, said "organisation", "cancelled", "analysed", "recognised" in 53 places.
Deno.test("every service's messages (shared/ and supabase/functions/, every level) are US English", async () => {
  const files = [...tsFiles(ROOT, "shared/"), ...tsFiles(ROOT, "supabase/functions/")];
  assert.ok(files.length > 300, `${files.length} files read`);
  assert.deepEqual(await britishLiterals(files, ROOT), []);
});
