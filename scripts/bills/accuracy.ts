// Field-level exact-match scoring of extractions against ground truths (used by the benchmark and tests).
import { basename, join } from "node:path";
import { billDocument } from "../../shared/bills/document.ts";
import { extractBill } from "../../shared/bills/extract.ts";
import { billLimits } from "../../shared/bills/limits.ts";
import type { BillModel } from "../../shared/bills/model.ts";
import { normalizeItem } from "../../shared/bills/normalize.ts";
import type { BillItem } from "../../shared/bills/schema.ts";
import { flatten } from "./flatten.ts";

export interface Case {
  id: string;
  kind: "pdf" | "image";
  paths: string[];
  truth: BillItem;
}

export interface Scored {
  id: string;
  kind: "pdf" | "image";
  pages: number;
  /** Pages read by OCR (images, or PDF pages without a text layer). */
  ocrPages: number;
  ms: number;
  right: number;
  total: number;
  wrong: { field: string; want: string; got: string }[];
  /** Every scored field and whether it matched. */
  checked: { field: string; ok: boolean }[];
}

/** Field family: "meters[1].usageKwh" -> "meters.usageKwh", "usage.2024-May" -> "usageByMonth". */
export const family = (k: string) => (k.startsWith("usage.") ? "usageByMonth" : k.replace(/\[\d+\]/, ""));

export function score(truth: BillItem, got: BillItem): { right: number; total: number; wrong: Scored["wrong"]; checked: Scored["checked"] } {
  const want = flatten(normalizeItem(truth));
  const have = flatten(got);
  const keys = new Set([...want.keys(), ...[...have.keys()].filter((k) => k.startsWith("usage.") || k.startsWith("meters["))]);
  let right = 0;
  const wrong: Scored["wrong"] = [];
  const checked: Scored["checked"] = [];
  for (const k of keys) {
    const w = want.get(k) ?? "(none)";
    const g = have.get(k) ?? "(none)";
    checked.push({ field: k, ok: w === g });
    if (w === g) right++;
    else wrong.push({ field: k, want: w, got: g });
  }
  return { right, total: keys.size, wrong, checked };
}

export async function runCase(model: BillModel, c: Case): Promise<Scored> {
  const files = await Promise.all(c.paths.map(async (p) => ({ filename: basename(p), bytes: await Deno.readFile(p) })));
  const started = performance.now();
  const doc = await billDocument(files, billLimits());
  const x = await extractBill(model, doc, { allowIncomplete: true });
  const ms = performance.now() - started;
  const text = await doc.text();
  const ocrPages = text.pages.filter((p) => p.source === "ocr").length;
  return { id: c.id, kind: c.kind, pages: text.pages.length, ocrPages, ms, ...score(c.truth, x.item) };
}

export async function syntheticCases(dir: string): Promise<Case[]> {
  const manifest = JSON.parse(await Deno.readTextFile(join(dir, "manifest.json"))) as { id: string; kind: "pdf" | "image"; files: string[]; truth: BillItem }[];
  return manifest.map((m) => ({ id: m.id, kind: m.kind, paths: m.files.map((f) => join(dir, f)), truth: m.truth }));
}

export async function realCases(dir: string): Promise<Case[]> {
  const out: Case[] = [];
  for await (const e of Deno.readDir(join(dir, "truth"))) {
    if (!e.name.endsWith(".json")) continue;
    const t = JSON.parse(await Deno.readTextFile(join(dir, "truth", e.name))) as { file: string; truth: BillItem };
    out.push({ id: e.name.replace(/\.json$/, ""), kind: "pdf", paths: [join(dir, t.file)], truth: t.truth });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

