// Meter rows on scans (issue #11, scans3): a meter table's row (meter number, read dates, previous and present
// readings, usage) whose header OCR garbled ("MeterD", "inReading", "CumentMeterRead", "Usage Wh)") or whose
// cells it ran together, so the table reader (meter_tables.ts), which goes by the header, reads nothing. Here a
// row is read by its numbers alone, only when they check each other: two readings on the row (whole numbers of
// 3–7 digits printed without commas) and, on the row or the line right under it, the kWh used equal to their
// difference (present − previous; the readings themselves are never usage). Then the row's meter number (a
// meter-number-shaped word left of the readings, read with confidence ≥ 80, else left empty) and its two read
// dates (20–40 days apart, OCR's lost slashes repaired) go with it. Only for OCR'd pages; a meter the other
// readers found keeps its kWh (parse_bill.ts), a missing kWh, number or dates is filled from the row.
import type { TextPiece } from "../../documents/text_layout.ts";
import type { Meter } from "../schema.ts";
import { tidyOcrTokens } from "./ocr_tokens.ts";
import { parseDate } from "./values.ts";

const READING = /^\d{3,7}$/;
const USED = /^(?:\d{1,3}(?:,\d{3})+|\d{1,5})$/;
const METER_ID = /^[A-Z]{0,3}\d[A-Z0-9-]{3,}$|^[A-Z]{1,3}[A-Z0-9-]*\d{4,}$/;
const MIN_ID_CONFIDENCE = 80;
const center = (p: TextPiece) => p.y + p.height / 2;
const day = (iso: string) => Date.parse(iso) / 86_400_000;

/** The page's word boxes in lines (centres within half a box's height), each left to right. */
function rowsOf(pieces: TextPiece[]): TextPiece[][] {
  const rows: TextPiece[][] = [];
  for (const p of [...pieces].sort((a, b) => center(a) - center(b))) {
    const row = rows.find((r) => Math.abs(center(r[0]) - center(p)) <= Math.min(r[0].height, p.height) / 2);
    if (row) row.push(p);
    else rows.push([p]);
  }
  return rows.map((r) => r.sort((a, b) => a.x - b.x));
}

/** Meters read from scanned rows whose readings' difference is the kWh printed with them (see the file's head). */
export function scanMeterRows(pages: TextPiece[][]): Meter[] {
  const out: Meter[] = [];
  for (const pieces of pages) {
    const rows = rowsOf(pieces);
    rows.forEach((row, n) => {
      const texts = row.map((p) => tidyOcrTokens(p.text.trim()));
      const readings = row.flatMap((_, i) => (READING.test(texts[i]) ? [i] : []));
      const next = rows[n + 1]?.filter((p) =>
        center(p) - center(row[0]) <= row[0].height * 2.5 && USED.test(p.text.trim())
      ) ?? [];
      for (
        const [a, b] of readings.flatMap((a, k) =>
          readings.slice(k + 1).map((b) => [a, b])
        )
      ) {
        const [ra, rb] = [Number(texts[a]), Number(texts[b])];
        const used = Math.abs(rb - ra);
        if (used < 1 || used > 20000) continue;
        const printed = [
          ...row.filter((_, i) => i !== a && i !== b && USED.test(texts[i])),
          ...next,
        ].some((p) => Number(p.text.trim().replace(/,/g, "")) === used);
        // a meter's row: it or the header lines over it name a meter or its reads (a rate table's block bounds
        // "500 1000 500" are no readings)
        const named = rows.slice(Math.max(0, n - 3), n + 1).some((r) =>
          r.some((p) => /meter|read/i.test(p.text))
        );
        if (!printed || !named) continue;
        const id = row.find((_p, i) =>
          i < Math.min(a, b) && METER_ID.test(texts[i]) && !READING.test(texts[i]) &&
          !USED.test(texts[i]) && !parseDate(texts[i])
        );
        const dates = texts.map((t) => parseDate(t)).filter((d): d is string => !!d);
        const [s, e] = dates.length === 2 && day(dates[1]) - day(dates[0]) >= 20 &&
            day(dates[1]) - day(dates[0]) <= 40
          ? dates
          : ["", ""];
        out.push({
          meterNumber: id && (id.confidence ?? 100) >= MIN_ID_CONFIDENCE ? id.text.trim() : "",
          usageKwh: String(used),
          servicePeriodStart: s,
          servicePeriodEnd: e,
        });
        break;
      }
    });
  }
  return out;
}

/**
 * The meters the other readers found, completed by one scanned meter row: none found → the row's; one found
 * without kWh → the row's kWh (and its number and dates where missing); one found with the row's kWh → its
 * missing number and dates. A found kWh that differs is kept as found.
 */
export function withScanMeters(found: Meter[], rows: Meter[]): Meter[] {
  if (rows.length !== 1) return found;
  const [r] = rows;
  if (!found.length) return [r];
  if (found.length !== 1 || (found[0].usageKwh && Number(found[0].usageKwh) !== Number(r.usageKwh))) {
    return found;
  }
  const m = found[0];
  const dated = !m.servicePeriodStart && !m.servicePeriodEnd;
  return [{
    meterNumber: m.meterNumber || r.meterNumber,
    usageKwh: m.usageKwh || r.usageKwh,
    servicePeriodStart: dated ? r.servicePeriodStart : m.servicePeriodStart,
    servicePeriodEnd: dated ? r.servicePeriodEnd : m.servicePeriodEnd,
  }];
}
