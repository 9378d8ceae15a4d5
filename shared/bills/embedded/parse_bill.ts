import { type Address, type BillItem, emptyAddress, emptyItem, type Meter } from "../schema.ts";
import { addressBlocks, parseCityStateZip, parseInlineAddress, splitStreet, isStreet, STATES } from "./addresses.ts";
import { findLabeled } from "./labels.ts";
import { cleanLines, isNoise } from "./noise.ts";
import { findRatePlan, findSupplyRate, findTier } from "./rates.ts";
import { findUtility, isUtilityName } from "./utilities.ts";
import { readUsageHistory, toMonthlyUsage } from "./usage_history.ts";
import { readUsageChart } from "./usage_chart.ts";
import type { TextPiece } from "../../documents/text_layout.ts";
import { allDates, cells, findDate, parseAmount, parseDate, parseNumber } from "./values.ts";

const hasDate = (v: string) => Boolean(findDate(v));
const hasAmount = (v: string) => parseAmount(v) !== "";
const ACCOUNT = /^#?\s*([0-9][0-9 -]{4,}[0-9]|[A-Z]{0,3}\d[\dA-Z-]{4,})\b/;

/** Does this text read like an electricity bill at all? */
export function looksLikeElectricityBill(text: string): boolean {
  const t = text.toLowerCase();
  // Every US electricity bill states energy in kWh; "electric" alone also names gas-only utilities' bills.
  const energy = /\bk\s?wh\b|\bkilowatt[- ]?hours?\b/.test(t);
  const bill = /\b(amount due|total due|account|bill|statement|usage|meter)\b/.test(t);
  return energy && bill;
}

/** Reads every field of the extraction result from the document's lines (text layer or OCR). */
export function parseBill(rawLines: string[], pages: TextPiece[][] = []): BillItem {
  const lines = cleanLines(rawLines).filter((l) => l.trim());
  const text = lines.join("\n");
  const item = emptyItem();
  const ci = item.customerInformation;
  const bi = item.billingInformation;
  const eu = item.electricityUsage;

  const utility = findUtility(text);
  bi.utilityProviderName = utility?.name ?? "";

  ci.accountNumber = account(lines);
  ci.serviceNumber = findLabeled(lines, [/\bservice (?:number|no\.?|id|point id|agreement(?: id| number)?)\b/i, /\bSA ID\b/, /\bpremise (?:number|id)\b/i], (v) => ACCOUNT.test(v))?.value.match(ACCOUNT)?.[1].trim() ?? "";

  bi.invoiceDate = date(lines, [/\bstatement date\b/i, /\bissued? date\b/i, /\b(?:bill|billing|invoice) date\b/i, /\bdate (?:of bill|issued|mailed|prepared)\b/i, /\bdate billed\b/i]);
  bi.dueDate = date(lines, [/\b(?:payment )?due date\b/i, /\bdue by\b/i, /\bpay(?:ment)? by\b/i, /\bpayments received after\b/i, /\bdue on or before\b/i, /\bplease pay by\b/i]);
  const period = billingPeriod(lines);
  bi.billingPeriodStart = period[0] ?? "";
  bi.billingPeriodEnd = period[1] ?? "";
  bi.amountDue = amount(lines.map((l) => (/\b(previous|prior|last bill|last statement)\b/i.test(l) ? "" : l)), [/\bcredit balance\b/i, /\btotal amount (?:you owe|due)\b/i, /\btotal (?:amount|balance) due\b/i, /\bamount due\b/i, /\btotal due\b/i, /\bplease pay\b/i, /\bbalance due\b/i, /\bnew balance\b/i]);
  bi.pastDue = amount(lines, [/\bpast due(?: amount| balance)?\b/i, /\bbalance before new charges\b/i, /\boutstanding balance\b/i, /\bbalance forward\b/i, /\bunpaid balance\b/i, /\bprevious balance remaining\b/i, /\bremaining balance\b/i]);

  const blocks = addressBlocks(lines, isNoise).filter((b) => !isUtilityName(b.name) && !/^(?:make|mail|pay|send|remit)/i.test(b.name));
  const service = serviceAddress(lines);
  const stubStart = stubLine(lines);
  const stubBlocks = blocks.filter((b) => b.line >= stubStart);
  const billing = stubBlocks[stubBlocks.length - 1] ?? mailingBlock(lines, blocks);
  bi.billingAddress = billing?.address ?? emptyAddress();
  ci.serviceAddress = service ?? blocks.find((b) => b !== billing)?.address ?? billing?.address ?? emptyAddress();

  ci.customerName = customerName(lines, billing?.name ?? "");

  eu.electricRate = findRatePlan(lines);
  eu.electricityTier = findTier(lines);
  eu.supplyRatePerKwh = findSupplyRate(lines);
  eu.marketState = ci.serviceAddress.state || bi.billingAddress.state || utility?.state || "";
  eu.meters = meters(lines, bi.billingPeriodStart, bi.billingPeriodEnd);

  const history = readUsageHistory(lines);
  for (const page of pages) {
    for (const c of readUsageChart(page, bi.billingPeriodEnd)) {
      if (!history.some((h) => h.year === c.year && h.month === c.month)) history.push(c);
    }
  }
  const total = eu.meters.reduce((s, m) => s + (Number(m.usageKwh) || 0), 0);
  if (bi.billingPeriodEnd && total > 0) {
    const y = Number(bi.billingPeriodEnd.slice(0, 4));
    const m = Number(bi.billingPeriodEnd.slice(5, 7));
    if (!history.some((h) => h.year === y && h.month === m)) history.push({ year: y, month: m, value: total });
  }
  eu.usageByMonth = history.sort((a, b) => a.year - b.year || a.month - b.month).map((h) => toMonthlyUsage(h));
  return item;
}

function account(lines: string[]): string {
  const f = findLabeled(lines, [/\baccount (?:number|no\.?|#)/i, /\bbill account\b/i, /\bacct\.? (?:no\.?|#|number)/i, /\baccount\b(?=\s*:)/i], (v) => ACCOUNT.test(v));
  return f?.value.match(ACCOUNT)?.[1].replace(/\s+(?=\D)/g, "").trim() ?? "";
}

function date(lines: string[], labels: RegExp[]): string {
  const f = findLabeled(lines, labels, hasDate);
  return f ? parseDate(f.value) : "";
}

function amount(lines: string[], labels: RegExp[]): string {
  for (const label of labels) {
    const f = findLabeled(lines, [label], hasAmount);
    if (f) {
      // "Total amount due by February 8, 2021   $53,146.93": skip the date's digits.
      const d = findDate(f.value);
      const rest = d ? f.value.slice(0, d.index) + " " + f.value.slice(d.index + d.length) : f.value;
      const a = parseAmount(rest);
      if (a) return a;
    }
  }
  return "";
}

function billingPeriod(lines: string[]): string[] {
  const labels = [/\bbilling period\b/i, /\bservice period\b/i, /\bservice (?:from|dates?)\b/i, /\bbilling cycle\b/i, /\bperiod\b/i, /^for:/i, /\bfor service\b/i, /\bbilled from\b/i];
  for (const label of labels) {
    for (let i = 0; i < lines.length; i++) {
      const m = lines[i].match(label);
      if (!m || m.index === undefined) continue;
      const after = lines[i].slice(m.index + m[0].length);
      let ds = allDates(after);
      if (ds.length < 2 && i + 1 < lines.length) ds = [...ds, ...allDates(lines[i + 1])];
      if (ds.length >= 2 && ds[0] <= ds[1]) return [ds[0], ds[1]];
    }
  }
  return [];
}

function serviceAddress(lines: string[]): Address | undefined {
  for (let i = 0; i < lines.length; i++) {
    const cs = cells(lines[i]);
    for (let c = 0; c < cs.length; c++) {
      const m = cs[c].match(/\b(?:service (?:address|location|for|delivered to)|premises?(?: address)?|service at|location of service)\b\s*:?\s*/i);
      if (!m || m.index === undefined) continue;
      const after = cs[c].slice(m.index + m[0].length).trim() || (cs[c + 1] ?? "");
      const inline = parseInlineAddress(after);
      if (inline) return inline;
      // Street after the label (same line or the next), then city/state/zip on a following line.
      let streetLine = isStreet(after) ? i : -1;
      for (let k = i + 1; streetLine < 0 && k <= Math.min(lines.length - 1, i + 3); k++) if (cells(lines[k]).some(isStreet)) streetLine = k;
      if (streetLine < 0) continue;
      const street = streetLine === i ? after : cells(lines[streetLine]).find(isStreet)!;
      const startJ = streetLine + 1;
      for (let j = startJ; j <= Math.min(lines.length - 1, startJ + 2); j++) {
        const joined = cells(lines[j]);
        for (const cell of joined) {
          const csz = parseCityStateZip(cell);
          if (csz) {
            const { line1, line2 } = splitStreet(street);
            const unit = j > startJ ? cells(lines[startJ]).find((x) => /^(apt|unit|suite|ste|#)/i.test(x)) ?? "" : "";
            return { ...emptyAddress(), line1, line2: unit || line2, ...csz, country: "US" };
          }
        }
        // "Post Office:  BUFFALO" / "CITY OF BUFFALO   NY   14220" (statement layout)
        const po = lines[j].match(/post office:?\s+(.+)$/i);
        if (po) {
          const rest = [...cells(po[1]), ...cells(lines[j + 1] ?? "")];
          const st = rest.find((x) => STATES.has(x));
          const zip = rest.find((x) => /^\d{5}(-\d{4})?$/.test(x));
          const city = rest.find((x) => !STATES.has(x) && !/^\d/.test(x));
          if (st && zip && city) {
            const { line1, line2 } = splitStreet(street);
            return { ...emptyAddress(), line1, line2, city, state: st, zip, country: "US" };
          }
        }
      }
    }
  }
  return undefined;
}

/** Where the payment stub starts: the tear-off instruction, or the last third of the last page. */
function stubLine(lines: string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (/\b(return (?:only )?this (?:portion|stub|coupon)|detach|payment (?:stub|coupon)|please return|remittance|amount enclosed|keep this portion)\b/i.test(lines[i])) {
      return Math.max(0, i - 8);
    }
  }
  return Math.floor(lines.length * 0.7);
}

function mailingBlock(_lines: string[], blocks: ReturnType<typeof addressBlocks>) {
  return blocks.find((b) => b.name) ?? blocks[0];
}

function customerName(lines: string[], stubName: string): string {
  const labelled = findLabeled(lines, [/\bcustomer name\b/i, /\bcustomer\b(?=\s*:)/i, /\baccount name\b/i, /\bname\b(?=\s*:)/i], (v) => /[A-Za-z]{2}/.test(v) && !/:/.test(v) && !/\baccount\b/i.test(v), { below: 1 });
  const clean = (s: string) => s.replace(/[*|#]+/g, " ").replace(/\s+/g, " ").trim();
  if (stubName) return clean(stubName);
  return labelled ? clean(labelled.value) : "";
}

function meters(lines: string[], start: string, end: string): Meter[] {
  const out: Meter[] = [];
  const METER = /\bmeter\s*(?:#|no\.?|number|id)?\s*:?\s*#?\s*([A-Z]{0,3}\d[A-Z0-9-]{3,})\b/i;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const m = line.match(METER);
    if (!m || m.index === undefined || /\bnext\b|\breading -\b/i.test(line.slice(0, m.index))) continue;
    if (out.some((o) => o.meterNumber === m[1])) continue;
    const rest = line.slice(m.index + m[0].length);
    const ds = allDates(rest);
    let usage = rest.match(/^\W*kwh (?:used|usage)\s*:?\s*(\d{1,3}(?:,\d{3})+|\d+)\b/i)?.[1] ?? rest.match(/(\d{1,3}(?:,\d{3})+|\d+)\s*kwh\b/i)?.[1];
    if (!usage) {
      // the meter's usage on one of the next lines: "Usage  512 kWh", "Total kWh used 512"
      for (let j = i + 1; j <= Math.min(lines.length - 1, i + 4) && !usage; j++) {
        if (METER.test(lines[j])) break;
        usage = lines[j].match(/(?:usage|used|total)[^\d]*?(\d{1,3}(?:,\d{3})+|\d+)\s*kwh\b/i)?.[1] ??
          lines[j].match(/kwh (?:used|usage)\s*:?\s+(\d{1,3}(?:,\d{3})+|\d+)\b/i)?.[1];
      }
    }
    out.push({
      meterNumber: m[1],
      usageKwh: usage ? String(parseNumber(usage)) : "",
      servicePeriodStart: ds.length >= 2 ? ds[0] : start,
      servicePeriodEnd: ds.length >= 2 ? ds[1] : end,
    });
  }
  if (!out.length) out.push(...meterTable(lines, start, end));
  if (out.length === 1 && !out[0].usageKwh) out[0].usageKwh = totalUsage(lines);
  if (!out.length) {
    const total = totalUsage(lines);
    if (total) out.push({ meterNumber: "", usageKwh: total, servicePeriodStart: start, servicePeriodEnd: end });
  }
  return out;
}

/** The bill's total kWh: a labelled total, a "current - previous = usage" reading row, or the supply line's kWh. */
function totalUsage(lines: string[]): string {
  for (const line of lines) {
    const m = line.match(/\b(?:total (?:kwh|usage|energy used|electricity used)|kwh used|energy used|total use|usage \(kwh\))\b[^\d]*?(\d{1,3}(?:,\d{3})+|\d+)(?!\s*(?:days|\/))/i);
    if (m) {
      const nums = cells(line.slice(m.index)).filter((c) => /^[\d,]+$/.test(c));
      if (nums.length === 3 && /current|previous|usage/i.test(lines.join(" ")) && Number(nums[0].replace(/,/g, "")) - Number(nums[1].replace(/,/g, "")) === Number(nums[2].replace(/,/g, ""))) return String(Number(nums[2].replace(/,/g, "")));
      return String(parseNumber(m[1]));
    }
  }
  for (const line of lines) {
    const m = line.match(/\b(?:supply|fixed price|generation)\b.*?(\d{1,3}(?:,\d{3})+|\d+)\s*(?:kwh|kh)\s*[x×@]/i);
    if (m) return String(parseNumber(m[1]));
  }
  return "";
}

/** A meter table: a "METER NUMBER" header cell, then rows starting with the meter id (dates, readings, kWh). */
function meterTable(lines: string[], start: string, end: string): Meter[] {
  const out: Meter[] = [];
  const header = lines.findIndex((l) => cells(l).some((c) => /^meter (?:number|no\.?|#|id)$/i.test(c)));
  if (header < 0) return out;
  for (let i = header + 1; i < Math.min(lines.length, header + 8); i++) {
    const cs = cells(lines[i]);
    if (!cs.length || !/^[A-Z]{0,3}\d[A-Z0-9-]{4,}$/.test(cs[0])) break;
    const ds = allDates(lines[i]);
    const usage = lines[i].match(/(\d{1,3}(?:,\d{3})+|\d+)\s*kwh\b/i)?.[1] ?? cs.filter((c) => /^[\d,]+$/.test(c)).pop();
    out.push({ meterNumber: cs[0], usageKwh: usage ? String(parseNumber(usage)) : "", servicePeriodStart: ds.length >= 2 ? ds[0] : start, servicePeriodEnd: ds.length >= 2 ? ds[1] : end });
  }
  return out;
}
