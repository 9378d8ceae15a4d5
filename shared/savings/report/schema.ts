// One validation for every writer (model or embedded) before anything is rendered.
import { z } from "zod";

export const SECTION_TITLES = [
  "Executive Summary",
  "Usage Analysis",
  "Solar Recommendation and Financial Analysis",
] as const;
export const SEQUENCES = ["I", "II", "III"] as const;
export const ALLOWED_TAGS = new Set([
  "p",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "br",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
]);
const MAX_TEXT = 20_000;

/** Problems with a section's HTML: unknown tags, attributes, unbalanced tags. Empty when fine. */
export function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>|<(?![a-zA-Z/])|<!--/g)) {
    if (m[0] === "<!--") {
      problems.push("comments are not allowed");
      continue;
    }
    if (!m[2]) continue; // a lone "<" in text
    const [close, tag, rest] = [m[1] === "/", m[2].toLowerCase(), m[3].trim()];
    if (!ALLOWED_TAGS.has(tag)) {
      problems.push(`tag <${tag}> is not allowed`);
      continue;
    }
    if (rest && rest !== "/") problems.push(`attributes are not allowed on <${tag}>`);
    if (tag === "br") continue;
    if (!close) stack.push(tag);
    else if (stack.pop() !== tag) problems.push(`unbalanced </${tag}>`);
  }
  if (stack.length) problems.push(`unclosed <${stack.join(">, <")}>`);
  return [...new Set(problems)];
}

export const sectionSchema = z.object({
  sequence: z.enum(SEQUENCES),
  title: z.string().min(1).max(200),
  text: z.string().min(1).max(MAX_TEXT).superRefine((html, ctx) => {
    for (const p of htmlProblems(html)) ctx.addIssue({ code: "custom", message: p });
  }),
});

export const reportSchema = z.object({
  sections: z.array(sectionSchema).length(3).superRefine((sections, ctx) => {
    sections.forEach((s, i) => {
      if (s.sequence !== SEQUENCES[i]) {
        ctx.addIssue({ code: "custom", path: [i, "sequence"], message: `expected ${SEQUENCES[i]}` });
      }
      if (s.title.trim().toLowerCase() !== SECTION_TITLES[i].toLowerCase()) {
        ctx.addIssue({ code: "custom", path: [i, "title"], message: `expected "${SECTION_TITLES[i]}"` });
      }
    });
  }),
});

export type ValidReport = z.infer<typeof reportSchema>;

export function validateReport(
  value: unknown,
): { ok: true; report: ValidReport } | { ok: false; problems: string } {
  const r = reportSchema.safeParse(value);
  if (r.success) return { ok: true, report: r.data };
  return { ok: false, problems: r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
}
