// Field-level exact-match scoring of extractions against ground truths (used by the benchmark and tests).
import { basename, join } from "node:path";
import { billDocument } from "../../shared/bills/document.ts";
import type { DocumentText } from "../../shared/documents/document_text.ts";
import { extractBill } from "../../shared/bills/extract.ts";
import { loadBillLimits } from "../../shared/bills/limits.ts";
import type { BillModel } from "../../shared/bills/model.ts";
import { normalizeItem } from "../../shared/bills/normalize.ts";
import { type BillItem, emptyItem } from "../../shared/bills/schema.ts";
import { DocumentTooComplex } from "../../shared/documents/engine/errors.ts";
import { DomainError } from "../../shared/errors.ts";
import type { PlaceBook } from "../../shared/geo/zip_places.ts";
import { flatten } from "./flatten.ts";
import { sameUtility } from "./utility_names.ts";

export interface Case {
  id: string;
  /** The utility whose bill this is (real: from the file name; synthetic: the layout). */
  utility: string;
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
  utility: string;
  /** The reader said "not an electricity bill" (every field of the truth then counts as empty). */
  refused: boolean;
  /**
   * The document's text could not be read within its limits (DocumentTooComplex: DOCUMENT_TEXT_TIMEOUT_SECONDS
   * passed, or the worker outgrew its memory): the engine's message; the bill counts as read with nothing (every
   * field of the truth empty), as the service would have answered 422 for it.
   */
  timedOut?: string;
  /** Fields the reader filled with a value other than the truth's. */
  filledWrong: number;
  /** Fields the truth has that the reader left empty. */
  empty: number;
}

/** Field family: "meters[1].usageKwh" -> "meters.usageKwh", "usage.2024-May" -> "usageByMonth". */
export const family = (k: string) => (k.startsWith("usage.") ? "usageByMonth" : k.replace(/\[\d+\]/, ""));

const isEmpty = (v: string) => v === "" || v === "(none)";

/**
 * A month the truth marks `fromChart` (the bill prints no figure for it, only a bar; the truth holds the kWh the
 * bar's height shows, docs/bills.md "Charts without values") is right when read within this fraction of it. Every
 * other value, a month the bill prints included, is scored exactly as before.
 */
export const CHART_TOLERANCE = 0.05;

/**
 * Field by field: right (equal, including a field both leave empty), filled wrongly (the reader wrote a value
 * that is not the truth's, also where the truth is empty), empty (the truth has a value, the reader none).
 */
export function score(
  truth: BillItem,
  got: BillItem,
): {
  right: number;
  total: number;
  filledWrong: number;
  empty: number;
  wrong: Scored["wrong"];
  checked: Scored["checked"];
} {
  const normalTruth = normalizeItem(truth);
  const want = flatten(normalTruth);
  const have = flatten(got);
  for (const u of normalTruth.electricityUsage.usageByMonth) {
    if (!u.fromChart || u.estimated) continue;
    const k = `usage.${u.year}-${u.month}`;
    const g = Number(have.get(k));
    if (have.has(k) && Number.isFinite(g) && Math.abs(g - u.value) <= u.value * CHART_TOLERANCE) {
      have.set(k, want.get(k)!);
    }
  }
  // Where a unit or suite goes (line1 "115 FOX ST UNIT 115" or line2 "UNIT 115") is a convention, not a
  // reading: an address whose two lines join to the truth's is right on both lines.
  for (const a of ["serviceAddress", "billingAddress"]) {
    const joined = (m: Map<string, string>) =>
      `${m.get(`${a}.line1`) ?? ""} ${m.get(`${a}.line2`) ?? ""}`.replace(/\s+/g, " ").trim().toLowerCase();
    if (joined(want) && joined(want) === joined(have)) {
      for (const l of ["line1", "line2"]) have.set(`${a}.${l}`, want.get(`${a}.${l}`) ?? "");
    }
  }
  // An address read in capitals where the truth holds mixed case ("MADISON" for "Madison") is the same address:
  // case is printing, not reading, so address fields compare case-insensitively.
  for (const [k, w] of want) {
    if (!/^(serviceAddress|billingAddress)\./.test(k)) continue;
    const g = have.get(k);
    if (g !== undefined && g !== w && g.toLowerCase() === w.toLowerCase()) have.set(k, w);
  }
  // a utility's name is compared as a name of the company, the same for every bill (utility_names.ts)
  const u = "utilityProviderName";
  if (want.get(u) !== have.get(u) && sameUtility(want.get(u) ?? "", have.get(u) ?? "")) {
    have.set(u, want.get(u)!);
  }
  const keys = new Set([
    ...want.keys(),
    ...[...have.keys()].filter((k) => k.startsWith("usage.") || k.startsWith("meters[")),
  ]);
  let right = 0, filledWrong = 0, empty = 0;
  const wrong: Scored["wrong"] = [];
  const checked: Scored["checked"] = [];
  for (const k of keys) {
    const w = want.get(k) ?? "(none)";
    const g = have.get(k) ?? "(none)";
    checked.push({ field: k, ok: w === g });
    if (w === g) right++;
    else {
      wrong.push({ field: k, want: w, got: g });
      if (isEmpty(g) || (k === "meters.count" && g === "0")) empty++;
      else filledWrong++;
    }
  }
  return { right, total: keys.size, filledWrong, empty, wrong, checked };
}

/**
 * Reads and scores one case. `texts` (optional) keeps each case's document text (PDF text layer / OCR) so a
 * second run with other reader options (leave-one-out) does not OCR again; its times are then not the read's.
 * `places` (optional): the gazetteer, to check the read addresses against their ZIPs as the service does.
 * `onItem` (optional): given the read item before it is scored (scripts/bills/calibrate.ts).
 */
export async function runCase(
  model: BillModel,
  c: Case,
  texts?: Map<string, Promise<DocumentText>>,
  places?: PlaceBook,
  onItem?: (item: BillItem) => void,
): Promise<Scored> {
  const files = await Promise.all(
    c.paths.map(async (p) => ({ filename: basename(p), bytes: await Deno.readFile(p) })),
  );
  const started = performance.now();
  const read = await billDocument(files, loadBillLimits());
  const cached = texts?.get(c.id) ?? read.text();
  texts?.set(c.id, cached);
  const doc = { ...read, text: () => cached };
  let item: BillItem, refused = false, timedOut: string | undefined;
  try {
    item = (await extractBill(model, doc, { allowIncomplete: true, places })).item;
  } catch (e) {
    if (e instanceof DocumentTooComplex) timedOut = e.message;
    else if (!(e instanceof DomainError) || e.code !== "invalid_file_type") throw e;
    else refused = true;
    item = emptyItem();
  }
  const ms = performance.now() - started;
  onItem?.(item);
  const text = timedOut === undefined ? await doc.text() : undefined;
  const ocrPages = text?.pages.filter((p) => p.source === "ocr").length ?? 0;
  return {
    id: c.id,
    utility: c.utility,
    kind: c.kind,
    pages: text?.pages.length ?? c.paths.length,
    ocrPages,
    ms,
    refused,
    ...(timedOut === undefined ? {} : { timedOut }),
    ...score(c.truth, item),
  };
}

/** The utility of a real bill from its file name prefix (hutson_ = the FPL samples). */
export const realUtility = (id: string) =>
  ({ hutson: "fpl" } as Record<string, string>)[id.split("_")[0]] ?? id.split(/[_-]/)[0];

export async function syntheticCases(dir: string): Promise<Case[]> {
  const manifest = JSON.parse(await Deno.readTextFile(join(dir, "manifest.json"))) as {
    id: string;
    kind: "pdf" | "image";
    files: string[];
    truth: BillItem;
  }[];
  return manifest.map((m) => ({
    id: m.id,
    utility: m.id.split("-")[0],
    kind: m.kind,
    paths: m.files.map((f) => join(dir, f)),
    truth: m.truth,
  }));
}

export async function realCases(dir: string): Promise<Case[]> {
  const out: Case[] = [];
  for await (const e of Deno.readDir(join(dir, "truth"))) {
    if (!e.name.endsWith(".json")) continue;
    const t = JSON.parse(await Deno.readTextFile(join(dir, "truth", e.name))) as {
      file: string;
      files?: string[];
      kind?: "pdf" | "image";
      truth: BillItem;
    };
    const id = e.name.replace(/\.json$/, "");
    out.push({
      id,
      utility: realUtility(id),
      kind: t.kind ?? "pdf",
      paths: (t.files ?? [t.file]).map((f) => join(dir, f)),
      truth: t.truth,
    });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}
