// The document texts (PDF text layer / OCR) of a run's bills kept in a JSON file, so a side-by-side script reads
// each bill once across runs (scripts/bills/month_confidence.ts, cross_checks.ts).
import type { DocumentText } from "../../shared/documents/read_text.ts";

/** The texts saved in `file` (none when absent or unreadable), as runCase's `texts` map. */
export async function loadTexts(file?: string): Promise<Map<string, Promise<DocumentText>>> {
  const saved: Record<string, DocumentText> = file
    ? await Deno.readTextFile(file).then(JSON.parse).catch(() => ({}))
    : {};
  return new Map(Object.entries(saved).map(([k, v]) => [k, Promise.resolve(v)]));
}

/** Writes every text of `texts` to `file` (nothing without a file). */
export async function saveTexts(file: string | undefined, texts: Map<string, Promise<DocumentText>>) {
  if (!file) return;
  const out: Record<string, DocumentText> = {};
  for (const [k, v] of texts) out[k] = await v;
  await Deno.writeTextFile(file, JSON.stringify(out));
}
