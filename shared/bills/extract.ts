import type { PlaceBook } from "../geo/zip_places.ts";
import { checkAddresses } from "./address_check.ts";
import { incompleteBill, invalidFileType, processingFailed } from "./errors.ts";
import type { BillDocument, BillModel } from "./model.ts";
import { isIncomplete, normalizeItem } from "./normalize.ts";
import { type AttemptRecord, extractWithRetries } from "./retry.ts";
import type { BillItem } from "./schema.ts";

export interface Extraction {
  item: BillItem;
  model: string;
  attempts: AttemptRecord[];
  stop: string;
  ms: number;
}

/**
 * One bill through the model with the spec's retry rules, then the field rules, then (with `places`, the
 * gazetteer) the read addresses checked against their ZIPs (address_check.ts). Throws the spec's errors:
 * 400 invalid_file_type (not an electricity bill), 400 incomplete_bill, 500 processing_failed.
 */
export async function extractBill(
  model: BillModel,
  doc: BillDocument,
  opts: { allowIncomplete?: boolean; places?: PlaceBook } = {},
): Promise<Extraction> {
  const started = performance.now();
  const r = await extractWithRetries(model, doc);
  if (!r.ok) throw Object.assign(processingFailed(), { attempts: r.attempts, model: r.model });
  if (!r.answer.isElectricityBill) throw invalidFileType("the document is not an electricity bill");
  const normal = normalizeItem(r.answer.item);
  const item = opts.places ? await checkAddresses(normal, opts.places) : normal;
  const missing = isIncomplete(item);
  if (missing.length && !opts.allowIncomplete) {
    throw Object.assign(incompleteBill(missing), { attempts: r.attempts, model: r.model, item });
  }
  return {
    item,
    model: r.model,
    attempts: r.attempts,
    stop: r.stop,
    ms: Math.round(performance.now() - started),
  };
}
