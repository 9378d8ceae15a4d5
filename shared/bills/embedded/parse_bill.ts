import { type Address, type BillItem, emptyAddress, emptyItem, type Meter } from "../schema.ts";
import {
  type AddressBlock,
  addressBlocks,
  isStreet,
  MAP_NUMBER,
  parseCityStateZip,
  parseInlineAddress,
  parseInlineAddressNoZip,
  splitStreet,
  STATES,
  streetBeforeLabel,
  untilNextLabel,
} from "./addresses.ts";
import { findLabeled } from "./labels.ts";
import {
  LEXICON,
  type LexiconField,
  nameLike,
  negated,
  NOT_USAGE,
  OTHER_SERVICE_UNIT,
  REMITTANCE,
} from "./lexicon.ts";
import { pairLabel, rowsOf, wordsOf } from "./pairing.ts";
import { valuesAbove } from "./labels_under.ts";
import { rateInServiceRow } from "./service_row_rate.ts";
import { BASE, type Candidate, choose, clamp, MIN_CONFIDENCE, minConfidenceFor } from "./confidence.ts";
import {
  amountFactor,
  consistentHistory,
  dateFactors,
  moneyOnBill,
  rateFactor,
  territoryFactor,
} from "./cross_checks.ts";
import { allRules, type RuleSwitch } from "./rules.ts";
import { kwhByQuantity, townInCells } from "./generalized.ts";
import { type ItemConfidence, type MonthConfidence, MonthNames } from "../schema.ts";
import { cleanLines, isNoise } from "./noise.ts";
import {
  findRatePlan,
  findSupplyRate,
  findTier,
  otherConfirmedPrice,
  rateInChargeLine,
  rateInColumn,
  rateInHeading,
} from "./rates.ts";
import { tierAmbiguous } from "./tiers.ts";
import { gluedServiceAddress } from "./glued_service.ts";
import { touPriceOnly } from "./time_of_use.ts";
import { blockPriceOnly, partPriceOnly } from "./block_prices.ts";
import { lonePricedKwh } from "./lone_price.ts";
import { dollarReadAsFive } from "./ocr_amounts.ts";
import { confirmedReadingUsage, printsReadings, readDatesBelow } from "./reading_lines.ts";
import { findIssuer, findUtility, issuerShaped, isUtilityName, namesUtility } from "./utilities.ts";
import { yearlessPeriod } from "./yearless_period.ts";
import { monthSlashYearRun, readUsageHistory, toMonthlyUsage } from "./usage_history.ts";
import { readUsageChart } from "./usage_chart.ts";
import { readDatedChart } from "./chart_dates.ts";
import { printsMonthlyHistory } from "./printed_history.ts";
import { balanceAfterPayments, carriedBalance, dueWithPastDue, forwardsBeforePayments } from "./balances.ts";
import { readInitialsChart } from "./chart_initials.ts";
import { chartHeightMonths } from "./chart_bars.ts";
import type { FilledBox } from "../../documents/pdf_shapes.ts";
import type { StrokedPath } from "../../documents/pdf_strokes.ts";
import { readValuesBelowChart } from "./chart_values_below.ts";
import { readValuesAboveChart } from "./chart_values_above.ts";
import { netBilledMeters, netRole } from "./net_metering.ts";
import { withoutTranslations } from "./bilingual.ts";
import { alignToPeriod, recentMonths, tableUsage } from "./usage_tables.ts";
import { billMonthDate } from "./bill_month.ts";
import { comparedUsage } from "./usage_compare.ts";
import { meterTables, periodFromMeterReads, unlabelledPeriod } from "./meter_tables.ts";
import { electricMeterOnLine } from "./meter_columns.ts";
import { readTables, type Table } from "./tables.ts";
import { headerlessHistory } from "./ocr_history.ts";
import { scanChartHistory } from "./scan_charts.ts";
import { chartsInPoints } from "./chart_raster.ts";
import { scanMeterRows, withScanMeters } from "./scan_meters.ts";
import { periodDateSlashes, periodDateSlashesInWords } from "./ocr_dates.ts";
import { garbledBillDate } from "./ocr_bill_date.ts";
import { fixMonthNames } from "./ocr_month_names.ts";
import { ocrPriceLine } from "./ocr_prices.ts";
import { readByOcr, scanChecks, steadyHistory, zipSpeck } from "./scan_checks.ts";
import { withoutAmbiguousUnit } from "./ocr_units.ts";
import { checkedHistory } from "./history_confidence.ts";
import { crossCheckFields } from "./cross_check_fields.ts";
import { namesYear } from "./cross_check_history.ts";
import {
  confidentMonths,
  ITEM_MIN_CONFIDENCE,
  monthConfidences,
  monthKey,
  readAs,
  type ReadMonth,
} from "./month_confidence.ts";
import { meterConfidences } from "./meter_scores.ts";
import { checkedMeters, netWithUnreadMeter } from "./meter_confidence.ts";
import { MAX_METERS } from "./answer_caps.ts";
import { meterKwhContradicted } from "./ocr_kwh.ts";
import { foldOcrAccents, ocrKwh } from "./ocr_tokens.ts";
import { fixLabelWords } from "./ocr_labels.ts";
import { namesPayee, payees } from "./payee.ts";
import type { TextPiece } from "../../documents/text_layout.ts";
import {
  CONFIRM_CONFIDENCE,
  fieldsToConfirm,
  unsureFields,
  WORD_CONFIDENCE,
  type WordConfidenceThresholds,
} from "./word_confidence.ts";
import {
  allDates,
  cells,
  findDate,
  parseAmount,
  parseDate,
  parseNumber,
  parseYearlessDate,
} from "./values.ts";

const hasDate = (v: string) => Boolean(findDate(v));
const hasAmount = (v: string) => parseAmount(v) !== "";
// another field's figure: a kWh quantity, a kW or kVA with decimals, a percentage, a day count, a date, a dollar amount
const FIGURE_IN_RATE =
  /\d[\d,]*\s*kwh\b|\d\.\d+\s*(?:kw|kva)\b|\d\s*%|\b\d+\s*days?\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\$\s*\d/i;
// … or ending in another field's label whose value was set aside ("Residential Service Next Read")
const LABEL_AT_RATE_END =
  /\b(?:next read|read(?:ing)? dates?|read|due|billing|usage|period|account|meter|number|from|to)\s*:?$/i;
/** A rate name carrying another field's figure or ending in its label (abstain37). */
export const figureInRate = (rate: string) => FIGURE_IN_RATE.test(rate) || LABEL_AT_RATE_END.test(rate);

/** A fixed charge's amount: after a price × quantity ("30 days @ $0.45   $13.50") the line's last amount. */
const fixedAmountOf = (v: string) => {
  if (!/@|\bx\b|×/.test(v)) return amountOf(v);
  const all = v.match(/\$?\s?\d{1,3}(?:,\d{3})*\.\d{2}\b/g) ?? [];
  return all.length ? parseAmount(all[all.length - 1]) : "";
};
/** A fixed charge: one dollar amount of 0.5..100 (not a per-kWh price, not a total of the bill). */
const isFixedCharge = (v: string) => {
  if (/kwh|%/i.test(v)) return false;
  const a = Number(fixedAmountOf(v));
  return /\$|\d\.\d{2}\b/.test(v) && a >= 0.5 && a <= 100;
};
const ACCOUNT = /^#?\s*([0-9][0-9 -]{4,}[0-9]|[A-Z]{0,3}\d[\dA-Z-]{4,})\b/;

/**
 * Does this text read like an electricity bill at all? Utility evidence: kWh in any spelling (also inside
 * an OCR-joined word such as "TotalkWhUsed") with a bill word, or a known utility's name or the word
 * "electric" with an account and an amount. A gas-only bill (therms/CCF and no kWh) is not one.
 */
export function looksLikeElectricityBill(text: string): boolean {
  const t = text.toLowerCase();
  const energy = /kwh|kilowatt[- ]?hours?|\bkw\s?hr?s?\b/.test(t);
  const bill = /(amount due|total due|account|bill|statement|usage|meter|balance|charges)/.test(t);
  if (energy && bill) return true;
  // no kWh legible (a photo, a statement with a garbled header): other utility evidence, an account and an amount
  const gasOnly = /\btherms?\b|\bccf\b|\bmcf\b/.test(t);
  const account = /\b(?:account|acct)\b/.test(t);
  const amount = /\$\s?\d/.test(t);
  return !gasOnly && account && amount && (namesUtility(text) || /\belectric(?:ity)?\b/.test(t));
}

export interface ParseOptions {
  /** Which utility-shaped rules are on (all by default; the leave-one-out benchmark turns some off). */
  rules?: RuleSwitch;
  /** OCR word-confidence thresholds (word_confidence.ts; WORD_CONFIDENCE by default). */
  wordConfidence?: WordConfidenceThresholds;
  /**
   * The thresholds below which a field is left empty (confidence.ts minConfidenceFor; the table by default): one
   * number for every field, or per field. scripts/bills/calibrate.ts reads with a near-zero one to see every value.
   */
  minConfidence?: number | Readonly<Record<string, number>>;
  /**
   * The threshold below which a history month or a meter is left out (month_confidence.ts ITEM_MIN_CONFIDENCE by
   * default; 0 keeps every one: the reader before per-item confidences, for the before/after measure).
   */
  itemMinConfidence?: number;
  /** false: without the cross-checks against confident misreads (cross_check_fields.ts), the reader before them. */
  crossChecks?: boolean;
  /** Each page's filled shapes (text pages printing a chart's value axis): bars without values (chart_bars.ts). */
  boxes?: FilledBox[][];
  /** Each such page's stroked lines: a line chart drawn without markers (chart_lines.ts). */
  strokes?: StrokedPath[][];
  /** OCR pages whose shapes were found in their pixels: a pixel's size in points (chart_raster.ts). */
  pixelPoints?: number[];
}

/** A read item with the reader's confidence (0..1) in every field it filled. */
export type ReadItem = BillItem & { confidence: ItemConfidence; monthConfidence?: MonthConfidence };

/**
 * Reads every field of the extraction result from the document's lines (text layer or OCR) and its
 * positioned words. Each field's value comes from candidates (labels paired by position on the page, line
 * rules, address blocks) with a confidence, cross-checked against the other fields; a field below
 * its threshold (confidence.ts minConfidenceFor) is left empty.
 */
export function parseBill(rawLines: string[], pages: TextPiece[][] = [], opts: ParseOptions = {}): ReadItem {
  const on = opts.rules ?? allRules;
  // a period's dates whose slashes OCR read as digits, in the word boxes the table readers read (ocr_dates.ts)
  if (readByOcr(pages)) pages = pages.map(periodDateSlashesInWords);
  // a scan's accents are OCR's, and so are label words one glyph off (ocr_tokens.ts, ocr_labels.ts), a period
  // after a line's closing ZIP (scan_checks.ts), a date's month name one glyph off (ocr_month_names.ts) and a
  // priced kWh line's price as its own product confirms it (ocr_prices.ts)
  const ocrLines = readByOcr(pages)
    ? rawLines.map((l) =>
      ocrPriceLine(fixMonthNames(periodDateSlashes(zipSpeck(fixLabelWords(ocrKwh(foldOcrAccents(l)))))))
    )
    : rawLines;
  // a bilingual bill's labels without their Spanish translations (bilingual.ts)
  // … and a priced quantity in a unit it does not know written kWh where the bill bills it in kWh (generalized.ts)
  const cleaned = cleanLines(ocrLines).map(withoutTranslations).filter((l) => l.trim());
  const lines = on("kwh-by-quantity") ? kwhByQuantity(cleaned) : cleaned;
  const text = lines.join("\n");
  const item = emptyItem();
  const ci = item.customerInformation;
  const bi = item.billingInformation;
  const eu = item.electricityUsage;
  const conf: ItemConfidence = {};
  const rows = pages.map((p) => rowsOf(p));
  let tableCache: Table[] | undefined;
  const tables = () => tableCache ??= readTables(pages.map(wordsOf), on);

  const labelsOf = (field: LexiconField) =>
    LEXICON[field].labels.filter((re) => on("choice-id") || !/choice/.test(re.source));
  /** Candidates of a labelled field: the line rule's value, and every label of the lexicon paired on the page. */
  const labelled = (
    field: LexiconField,
    accept: (v: string) => boolean,
    parse: (v: string) => string,
    lineValue: string,
  ): Candidate | undefined => {
    const cands: Candidate[] = lineValue ? [{ value: lineValue, conf: BASE.line, source: "line" }] : [];
    labelsOf(field).forEach((re, i) => {
      rows.forEach((r, page) => {
        for (const pair of pairLabel(r, page, re, accept, (c, ix, len) => negated(field, c, ix, len))) {
          const v = parse(pair.value);
          if (v) cands.push({ value: v, conf: BASE[pair.where] - 0.03 * i, source: pair.where });
        }
      });
    });
    // where same-line pairing found nothing: a label that heads a column of the table reader (also one
    // printed over two lines, "Due / Date") over the one value row under it
    if (!cands.some((c) => c.source === "same-cell" || c.source === "right")) {
      for (const t of tables()) {
        if (t.rows.length !== 1) continue;
        t.columns.forEach((col, k) => {
          const i = labelsOf(field).findIndex((re) => {
            const m = col.header.match(re);
            return m?.index !== undefined && !negated(field, col.header, m.index, m[0].length);
          });
          const cell = t.rows[0].cells[k];
          const v = i >= 0 && cell && accept(cell) ? parse(cell) : "";
          if (v) cands.push({ value: v, conf: BASE.below - 0.03 * i, source: "column" });
        });
      }
    }
    // nothing labelled right of or under it: a caption printed under its value (labels_under.ts)
    if (!cands.length) {
      labelsOf(field).forEach((re, i) =>
        rows.forEach((r) => {
          for (const v of valuesAbove(r, re, accept, (c, ix, len) => negated(field, c, ix, len))) {
            const value = parse(v);
            if (value) cands.push({ value, conf: BASE.below - 0.05 - 0.03 * i, source: "above" });
          }
        })
      );
    }
    return choose(cands);
  };

  const utility = findUtility(text);
  bi.utilityProviderName = utility?.name ?? "";
  if (utility) conf.utilityProviderName = utility.states.length ? 0.9 : 0.65;
  else {
    // a utility not in the table: its own name, where two places of the bill agree on it
    bi.utilityProviderName = findIssuer(lines) ?? "";
    if (bi.utilityProviderName) conf.utilityProviderName = 0.6;
  }

  const acct = labelled("accountNumber", (v) => ACCOUNT.test(v), accountOf, account(lines));
  const svc = labelled(
    "serviceNumber",
    (v) => ACCOUNT.test(v),
    (v) => v.match(ACCOUNT)?.[1].trim() ?? "",
    findLabeled(lines, labelsOf("serviceNumber"), (v) => ACCOUNT.test(v), { skip: skipFor("serviceNumber") })
      ?.value.match(ACCOUNT)?.[1].trim() ?? "",
  );

  const inv = labelled("invoiceDate", hasDate, parseDate, date(lines, "invoiceDate"));
  const due = labelled("dueDate", hasDate, parseDate, date(lines, "dueDate"));
  const period = billingPeriod(lines);
  const money = moneyOnBill(text);
  const amt = labelled("amountDue", hasAmount, amountOf, amount(lines, "amountDue"));
  // a balance forward printed before the payments is the previous balance, not the past due (balances.ts)
  const forwards = forwardsBeforePayments(lines);
  const pastLine = amount(lines, "pastDue");
  const past = labelled(
    "pastDue",
    (v) => hasAmount(v) && !forwards.has(amountOf(v)),
    amountOf,
    forwards.has(pastLine) ? "" : pastLine,
  );

  // (a block under the name the bill's payment goes to is the remittance block: payee.ts)
  const payTo = payees(lines);
  // … and so is a block addressed to the bill's issuer as read above (round 28 and scans11 found it apart: issuersBlock)
  const blocks = addressBlocks(lines, isNoise).filter((b) =>
    !isUtilityName(b.name) && !issuerShaped(b.name) && !/^(?:make|mail|pay|send|remit)/i.test(b.name) &&
    !remittance(lines, b.line) && !namesPayee(b.name, payTo) && !issuersBlock(b.name, bi.utilityProviderName)
  );
  // … or one OCR glued into a run of letters that spells an address block's (glued_service.ts)
  const service = serviceAddress(lines, on) ?? serviceStreetInBlock(lines, blocks) ??
    gluedServiceAddress(lines, blocks);
  const stubStart = stubLine(lines);
  const stubBlocks = blocks.filter((b) => b.line >= stubStart);
  // the stub's mailing block has an addressee (a stub printed at the top of the page is followed by the body's
  // blocks, a service location without one)
  const billing = stubBlocks.filter((b) => nameLike(clean(b.name))).at(-1) ?? stubBlocks.at(-1) ??
    mailingBlock(lines, blocks);
  bi.billingAddress = billing?.address ?? emptyAddress();
  if (billing) conf.billingAddress = stubBlocks.length ? BASE.block + 0.1 : BASE.block - 0.1;
  // No labelled service address: another (non-remittance) block, or the mailing address. The mailing
  // address is the home on most residential bills, but only a guess: a low confidence the confirm step shows.
  // a post-office box receives mail; it is never the premises that use the electricity
  const otherBlock = blocks.find((b) => b !== billing && !PO_BOX.test(b.address.line1));
  const sameAsBilling = otherBlock && billing && sameStreet(otherBlock.address.line1, billing.address.line1);
  ci.serviceAddress = service ?? otherBlock?.address ?? billing?.address ?? emptyAddress();
  // a bill that prints a service address label we could not read has a service address of its own: the
  // mailing block is then not a safe guess
  // … and so does a bill whose body shows another street that we could not read as a whole address (a
  // premises block garbled by OCR): the mailing block may well not be the home
  const otherStreet = billing &&
    lines.slice(0, Math.max(0, billing.line - 2)).some((l) =>
      cells(l).some((c) =>
        STREET_WITH_SUFFIX.test(c) && !sameStreet(c, billing.address.line1) &&
        !blocks.some((b) => sameStreet(c, b.address.line1))
      )
    );
  const labelledElsewhere = /\bservice (?:address|location)\b|\bpremises?\b|\bservice at\b/i.test(text) ||
    Boolean(otherStreet);
  if (ci.serviceAddress.line1) {
    conf.serviceAddress = service
      ? 0.85
      : labelledElsewhere
      ? 0.4
      : sameAsBilling
      ? 0.7
      : otherBlock
      ? 0.5
      : 0.55;
  }

  const blockName = billing && addresseeOf(lines, billing, on);
  const name = choose([
    ...(blockName ? [{ value: blockName, conf: BASE.block, source: "block" }] : []),
    ...labelledNames(lines).map((v) => ({ value: v, conf: BASE.line, source: "line" })),
  ]);
  ci.customerName = name?.value ?? "";
  if (name) conf.customerName = name.conf;

  // … or the class of service under a "Rate" column of a table (a meter table's "Rate Schedule" column)
  // … or the class a heading of the electric service's charges names after a dash ("ELECTRIC - Residential")
  // … or the class that heads the electric service's priced kWh line ("Residential Service 812 kWh x $0.0759")
  // … or the class a multi-service table's electric row names before its meter number (service_row_rate.ts)
  eu.electricRate = findRatePlan(lines) || rateInColumn(tables()) || rateInHeading(lines) ||
    rateInChargeLine(lines) || rateInServiceRow(lines);
  // a rate read that still carries another field's figure ("Residential Service Billed Demand 4.2 kW", "… Load
  // Factor 41%", "… Read Cycle 12  1,212 kWh") ran on past its end in a shape no rule knows: where it ends is not
  // printed, so it is left empty rather than guessed (abstain37)
  if (figureInRate(eu.electricRate)) eu.electricRate = "";
  if (eu.electricRate) conf.electricRate = 0.7;
  // two or more tiers priced: the bill marks none as the customer's (tiers.ts)
  eu.electricityTier = tierAmbiguous(lines) ? "" : findTier(lines);
  if (eu.electricityTier) conf.electricityTier = 0.8;
  eu.supplyRatePerKwh = findSupplyRate(lines, on);
  // a price of one of several time-of-use periods is not the bill's energy price (time_of_use.ts)
  if (touPriceOnly(lines, eu.supplyRatePerKwh)) eu.supplyRatePerKwh = "";
  // … and so is one of the prices of an energy charge priced in blocks, tiers or seasons (block_prices.ts)
  if (blockPriceOnly(lines, eu.supplyRatePerKwh)) eu.supplyRatePerKwh = "";
  if (eu.supplyRatePerKwh) conf.supplyRatePerKwh = 0.75;

  // dates: the labelled values, else a period inferred from a date range that the meter's read confirms
  bi.billingPeriodStart = period[0] ?? "";
  bi.billingPeriodEnd = period[1] ?? "";
  if (period.length) conf.billingPeriodStart = conf.billingPeriodEnd = 0.75;
  bi.invoiceDate = inv?.value ?? "";
  if (inv) conf.invoiceDate = inv.conf;
  bi.dueDate = due?.value ?? "";
  if (due) conf.dueDate = due.conf;
  // a scan's "Bill Date" label OCR garbled ("84 Date"), its date placed by the due date and period (ocr_bill_date.ts)
  if (!bi.invoiceDate && readByOcr(pages)) {
    bi.invoiceDate = garbledBillDate(lines, bi.dueDate, bi.billingPeriodEnd) ?? "";
    if (bi.invoiceDate) conf.invoiceDate = 0.7;
  }
  // dates printed without a year ("Please pay by Mar 18"): the year that follows the bill's own dates
  const ref = bi.invoiceDate || bi.billingPeriodEnd;
  if (!due && ref) {
    const accept = (v: string) => Boolean(parseYearlessDate(v, ref));
    const line = findLabeled(lines, LEXICON.dueDate.labels, accept, { skip: skipFor("dueDate") });
    const yl = labelled(
      "dueDate",
      accept,
      (v) => parseYearlessDate(v, ref),
      line ? parseYearlessDate(line.value, ref) : "",
    );
    if (yl) [bi.dueDate, conf.dueDate] = [yl.value, yl.conf * 0.9];
  }
  // (on a text layer: OCR may lose a number's spaces)
  ci.accountNumber = readByOcr(pages) ? acct?.value ?? "" : wholeAccount(acct?.value ?? "", text);
  if (acct) conf.accountNumber = acct.conf;
  ci.serviceNumber = svc?.value ?? "";
  if (svc) conf.serviceNumber = svc.conf;
  bi.amountDue = amt?.value ?? "";
  // a dollar sign OCR read as a 5 ("525.60" where the summary and the stub print "$25.60"): ocr_amounts.ts
  if (readByOcr(pages)) bi.amountDue = dollarReadAsFive(lines, bi.amountDue);
  if (amt) conf.amountDue = amt.conf * amountFactor(amt.value, past?.value ?? "", money);
  bi.pastDue = past?.value ?? "";
  if (past) conf.pastDue = past.conf;
  else if (bi.amountDue && (conf.amountDue ?? 0) >= MIN_CONFIDENCE) {
    // no past-due line: the balance under the payments, or the summary's previous balance less its payments when
    // the amount due adds up (balances.ts)
    bi.pastDue = balanceAfterPayments(lines) || carriedBalance(lines, bi.amountDue);
    if (bi.pastDue) conf.pastDue = 0.7;
  }
  // a "Current Amount Due" beside a past due is this period's charges when the two together are printed (balances.ts)
  bi.amountDue = dueWithPastDue(lines, bi.amountDue, bi.pastDue);

  // the utility's fixed charge (customer / basic service / facilities charge): a sane monthly figure only
  const fixed = labelled(
    "fixedMonthlyCharge",
    isFixedCharge,
    fixedAmountOf,
    fixedChargeLine(lines),
  );
  if (fixed) {
    eu.fixedMonthlyCharge = Number(fixed.value);
    conf.fixedMonthlyCharge = fixed.conf;
  }

  eu.meters = fromMeterTables(
    meters(lines, bi.billingPeriodStart, bi.billingPeriodEnd, on),
    meterTables(pages.map(wordsOf), on),
    totalUsage(lines, on),
  );
  // a net-metered bill's meters read as delivered and generated: one meter billed the printed net (net_metering.ts)
  eu.meters = netWithUnreadMeter(netBilledMeters(eu.meters, lines), lines);
  // a scanned meter row whose readings' difference is its printed kWh, where no meter kWh was read (scan_meters.ts)
  if (readByOcr(pages)) eu.meters = withScanMeters(eu.meters, scanMeterRows(pages));
  if (!period.length) {
    const inferred = unlabelledPeriod(lines, bi.invoiceDate, bi.dueDate, eu.meters) ??
      (on("period-from-date-range") ? inferPeriod(lines, eu.meters) : undefined);
    if (inferred) {
      [bi.billingPeriodStart, bi.billingPeriodEnd] = inferred.dates;
      conf.billingPeriodStart = conf.billingPeriodEnd = inferred.conf;
      eu.meters = eu.meters.map((m) =>
        !m.servicePeriodEnd || m.servicePeriodEnd === inferred.dates[1] ||
          m.servicePeriodStart === inferred.dates[1] || on("period-from-date-range")
          ? { ...m, servicePeriodStart: inferred.dates[0], servicePeriodEnd: inferred.dates[1] }
          : m
      );
    }
  }
  if (!bi.billingPeriodEnd) {
    const reads = periodFromMeterReads(eu.meters, bi.invoiceDate, bi.dueDate);
    if (reads) {
      [bi.billingPeriodStart, bi.billingPeriodEnd] = reads.dates;
      conf.billingPeriodStart = conf.billingPeriodEnd = reads.conf;
    }
  }
  // … or printed as two dates without their year ("READ DATES 08/26 TO 09/26"): placed by the bill's date
  if (!bi.billingPeriodEnd) {
    const yl = yearlessPeriod(lines, bi.invoiceDate);
    if (yl) {
      [bi.billingPeriodStart, bi.billingPeriodEnd] = yl;
      conf.billingPeriodStart = conf.billingPeriodEnd = 0.7;
    }
  }
  // a meter read off a table that prints no read dates was read over the bill's period (as a line's meter is);
  // one that prints only the present read date, the bill's last day, was too (its start is the bill's)
  eu.meters = eu.meters.map((m) =>
    !m.servicePeriodStart && (!m.servicePeriodEnd || m.servicePeriodEnd === bi.billingPeriodEnd) &&
      bi.billingPeriodStart && bi.billingPeriodEnd
      ? { ...m, servicePeriodStart: bi.billingPeriodStart, servicePeriodEnd: bi.billingPeriodEnd }
      : m
  );
  // a scan's one meter kWh that none of its charge lines bills was misread: left empty (ocr_kwh.ts)
  if (readByOcr(pages) && meterKwhContradicted(eu.meters, text)) {
    eu.meters[0] = { ...eu.meters[0], usageKwh: "" };
  }
  if (eu.meters.length) conf.meters = eu.meters.every((m) => m.usageKwh) ? 0.75 : 0.55;

  const total = eu.meters.reduce((s, m) => s + (Number(m.usageKwh) || 0), 0);
  // a price the bill's kWh × it confirms nowhere, while another line's price is confirmed so: unsure, left empty
  if (
    rateFactor(total, eu.supplyRatePerKwh, money) < 1 &&
    otherConfirmedPrice(lines, total, eu.supplyRatePerKwh)
  ) {
    eu.supplyRatePerKwh = "";
    delete conf.supplyRatePerKwh;
  }
  // … and so is one of the prices of the bill's kWh billed in parts at different prices (block_prices.ts)
  if (partPriceOnly(lines, eu.supplyRatePerKwh, total)) {
    eu.supplyRatePerKwh = "";
    delete conf.supplyRatePerKwh;
  }
  // no energy word on any priced line: the one priced kWh line billing the meters' kWh, its amount confirming it
  // (lone_price.ts)
  if (!eu.supplyRatePerKwh) {
    eu.supplyRatePerKwh = lonePricedKwh(lines, total);
    if (eu.supplyRatePerKwh) conf.supplyRatePerKwh = 0.75;
  }
  if (conf.supplyRatePerKwh) conf.supplyRatePerKwh *= rateFactor(total, eu.supplyRatePerKwh, money);
  const df = dateFactors(bi);
  for (const k of ["billingPeriodStart", "billingPeriodEnd", "invoiceDate", "dueDate"] as const) {
    if (conf[k]) conf[k] *= df[k];
  }
  const territory = utility?.states ?? [];
  if (conf.serviceAddress) conf.serviceAddress *= territoryFactor(ci.serviceAddress.state, territory);
  if (conf.billingAddress && billing && !stubBlocks.length) {
    conf.billingAddress *= territoryFactor(bi.billingAddress.state, territory);
  }

  // every month every reader proposes, tagged with how it was read (month_confidence.ts): a second reading confirms
  // the month the period names: its end's, or the month before for a period read on the 1st (bill_month.ts)
  const monthEnd = billMonthDate(bi.billingPeriodStart, bi.billingPeriodEnd);
  const readings: ReadMonth[] = [];
  const seen = <T extends ReadMonth>(ms: T[]) => (readings.push(...ms), ms);
  let history: ReadMonth[] = seen(readAs("table", readUsageHistory(lines, on)));
  if (on("usage-chart-bar-labels")) {
    for (const page of pages) {
      for (const c of seen(readAs("chart-bars", readUsageChart(page, monthEnd)))) {
        if (!history.some((h) => h.year === c.year && h.month === c.month)) history.push(c);
      }
    }
  }
  // bars named by the dates the meter was read (chart_dates.ts)
  for (const page of pages) {
    for (const c of seen(readAs("chart-bars", readDatedChart(page)))) {
      if (!history.some((h) => h.year === c.year && h.month === c.month)) history.push(c);
    }
  }
  // each month's kWh printed under its label, checked against the period's kWh (chart_values_below.ts)
  for (const page of pages) {
    for (const c of seen(readAs("chart-values", readValuesBelowChart(page, monthEnd, total)))) {
      if (!history.some((h) => h.year === c.year && h.month === c.month)) history.push(c);
    }
  }
  // bars named by the months' initials only (chart_initials.ts)
  for (const page of pages) {
    for (const c of seen(readAs("chart-bars", readInitialsChart(page, monthEnd)))) {
      if (!history.some((h) => h.year === c.year && h.month === c.month)) history.push(c);
    }
  }
  // the generic table reader (column tables, transposed tables, labelled charts): its reading of a month wins.
  // Without a billing period, a history must reach the bill's own latest date (within 3 months): one that
  // stops long before it was only partly read, and would put stale months in the year.
  history = recentMonths(
    [
      // a scanned table of month rows whose header OCR garbled, where the bill confirms its kWh column
      // (ocr_history.ts): the months no other reading gives
      ...seen(readAs(
        "ocr-table",
        readByOcr(pages) ? headerlessHistory(pages.map(wordsOf), monthEnd, total) : [],
      )),
      // a scanned bar chart whose labels or values OCR partly lost, anchored by the bill's kWh (scan_charts.ts)
      ...seen(
        readAs("ocr-chart", readByOcr(pages) ? scanChartHistory(pages, monthEnd, total) : []),
      ),
      ...history,
      ...seen(readAs("compared", comparedUsage(pages.map(wordsOf), monthEnd))),
      ...seen(readAs("table", tableUsage(pages.map(wordsOf), monthEnd, on, readByOcr(pages)))),
      // months printed "MM/YY" beside their kWh, in a run (usage_history.ts)
      ...seen(readAs("table", monthSlashYearRun(lines))),
      // each month's kWh printed on top of its bar, checked against the period's kWh (chart_values_above.ts): a
      // reading of every bar, so its months win over a line reader's
      ...seen(
        readAs(
          "chart-values",
          pages.flatMap((page) => readValuesAboveChart(page, monthEnd, total)),
        ),
      ),
    ],
    monthEnd,
  );
  // bars without printed values, each kWh measured from its bar's height (chart_bars.ts): estimates, first so that
  // any month the bill prints wins; the months it prints (and the period's kWh) scale the bars where they agree
  const ownKwh = total > 0 && monthEnd
    ? [{
      year: Number(monthEnd.slice(0, 4)),
      month: Number(monthEnd.slice(5, 7)),
      value: total,
    }]
    : [];
  // (a scan's bars, found in its pixels, in points as a text page's: chart_raster.ts)
  const charts = chartsInPoints(pages, opts.boxes ?? [], opts.pixelPoints ?? [], opts.strokes ?? []);
  const barMonths = chartHeightMonths(
    charts.pages,
    charts.boxes,
    monthEnd,
    [...readings, ...ownKwh],
    charts.strokes,
  );
  if (barMonths.length) history = recentMonths([...barMonths, ...history], monthEnd);
  const latest = bi.invoiceDate || latestDate(lines);
  if (!monthEnd && latest && history.length) {
    const key = (y: number, m: number) => y * 12 + m;
    const last = Math.max(...history.map((t) => key(t.year, t.month)));
    if (last < key(Number(latest.slice(0, 4)), Number(latest.slice(5, 7))) - 3) history = [];
  }
  history = consistentHistory(alignToPeriod(history, monthEnd, total), total || undefined);
  // a scan's history month far from its neighbours and the current period is an OCR digit error (scan_checks.ts)
  if (readByOcr(pages)) history = steadyHistory(history, total || undefined);
  // months the bill's own figures contradict are left out (history_confidence.ts)
  history = checkedHistory(history, { periodEnd: monthEnd, total, text, pages });
  // the year a bill reports ends with its own month: when neither the history nor the meters give that month, a
  // month twelve or more before the period's end (a 13-month chart's first bar) would stand in the year for it
  // (the year completed ends at the latest month read, usage_completion.ts) — it is last year's, left out
  if (monthEnd && !(total > 0)) {
    const end = Number(monthEnd.slice(0, 4)) * 12 + Number(monthEnd.slice(5, 7));
    if (!history.some((h) => h.year * 12 + h.month === end)) {
      history = history.filter((h) => h.year * 12 + h.month > end - 12);
    }
  }
  // the bill's own month measured from a bar gives way to the kWh the bill prints for the period (the meters')
  const billMonth = monthEnd.slice(0, 7);
  if (total > 0) {
    history = history.filter((h) => h.how !== "chart-heights" || monthKey(h.year, h.month) !== billMonth);
  }
  // cross-check with the current period: the history's month of the bill agrees with the meters' kWh, or not
  let agreement = 0;
  const ownKey = monthEnd ? monthEnd.slice(0, 7) : "";
  if (monthEnd && total > 0) {
    const y = Number(monthEnd.slice(0, 4));
    const m = Number(monthEnd.slice(5, 7));
    const same = history.find((h) => h.year === y && h.month === m);
    // … added from the meters when the bill prints a history of months (printed_history.ts); a bill without one
    // has no month's kWh printed
    if (!same) {
      if (history.length || printsMonthlyHistory(lines)) {
        history.push({ year: y, month: m, value: total, how: "meters" });
      }
    } else agreement = Math.abs(same.value - total) <= Math.max(1, total * 0.02) ? 0.05 : -0.2;
  }
  // each month's confidence: one under its threshold is left out rather than guessed (month_confidence.ts)
  const historyOwnMonth = history.find((h) => h.how !== "meters" && monthKey(h.year, h.month) === ownKey)
    ?.value;
  const monthConf = monthConfidences(history, { readings, periodEnd: monthEnd, total, pages });
  history = confidentMonths(history, monthConf, opts.itemMinConfidence ?? ITEM_MIN_CONFIDENCE);
  eu.usageByMonth = history.sort((a, b) => a.year - b.year || a.month - b.month).map((h) =>
    h.how === "chart-heights" ? { ...toMonthlyUsage(h), fromChart: true } : toMonthlyUsage(h)
  );
  if (eu.usageByMonth.length) conf.usageByMonth = (history.length >= 3 ? 0.8 : 0.7) + agreement;

  // no bill has as many meters: the first ones, before the checks of each against every OCR word (answer_caps.ts)
  eu.meters = eu.meters.slice(0, MAX_METERS);
  // a value read only from unsure OCR words is left empty rather than guessed (word_confidence.ts)
  const fromWords = { ...ci, ...bi, ...eu };
  for (const k of unsureFields(fromWords, pages, opts.wordConfidence ?? WORD_CONFIDENCE, money)) conf[k] = 0;
  if (!eu.usageByMonth.length) delete conf.usageByMonth;
  // glued words and confusable meter letters on a scan: split where certain, else empty (scan_checks.ts)
  const scanned = scanChecks({ ...ci, billingAddress: bi.billingAddress, ...eu }, pages);
  if (scanned.emptyName) conf.customerName = 0;
  ci.customerName = scanned.customerName;
  // meter numbers the bill's own figures contradict are left empty (meter_confidence.ts)
  eu.meters = checkedMeters(eu.meters, pages);
  // each meter's confidence: one under its threshold is left out rather than guessed (meter_scores.ts)
  const meterConf = meterConfidences(eu.meters, {
    text,
    money,
    supplyRatePerKwh: eu.supplyRatePerKwh,
    historyOwnMonth,
    pages,
  });
  const meterMin = opts.itemMinConfidence ?? ITEM_MIN_CONFIDENCE;
  eu.meters = eu.meters.map((m, i) => ({ ...m, confidence: meterConf[i] })).filter((m) =>
    m.confidence >= meterMin
  );
  // a unit's trailing B read as an 8 by OCR cannot be told from an 8: left empty, unless another printing of
  // the unit reads its B (ocr_units.ts)
  if (readByOcr(pages)) {
    ci.serviceAddress = withoutAmbiguousUnit(ci.serviceAddress, pages);
    bi.billingAddress = withoutAmbiguousUnit(bi.billingAddress, pages);
  }
  if (eu.electricRate !== scanned.electricRate) {
    eu.electricRate = scanned.electricRate;
    if (!eu.electricRate) conf.electricRate = 0;
  }
  for (const k of fieldsToConfirm({ ...ci, ...bi }, pages, opts.wordConfidence ?? WORD_CONFIDENCE)) {
    if (conf[k]) conf[k] = Math.min(conf[k], CONFIRM_CONFIDENCE);
  }

  // below the threshold a field is left empty rather than guessed
  const blank: Record<string, () => void> = {
    customerName: () => (ci.customerName = ""),
    accountNumber: () => (ci.accountNumber = ""),
    serviceNumber: () => (ci.serviceNumber = ""),
    serviceAddress: () => (ci.serviceAddress = emptyAddress()),
    billingAddress: () => (bi.billingAddress = emptyAddress()),
    utilityProviderName: () => (bi.utilityProviderName = ""),
    invoiceDate: () => (bi.invoiceDate = ""),
    dueDate: () => (bi.dueDate = ""),
    billingPeriodStart: () => (bi.billingPeriodStart = ""),
    billingPeriodEnd: () => (bi.billingPeriodEnd = ""),
    amountDue: () => (bi.amountDue = ""),
    pastDue: () => (bi.pastDue = ""),
    electricRate: () => (eu.electricRate = ""),
    electricityTier: () => (eu.electricityTier = ""),
    supplyRatePerKwh: () => (eu.supplyRatePerKwh = ""),
    fixedMonthlyCharge: () => delete eu.fixedMonthlyCharge,
  };
  for (const [k, v] of Object.entries(conf)) {
    conf[k] = clamp(v);
    if (conf[k] < minConfidenceFor(k, opts.minConfidence) && blank[k]) {
      blank[k]();
      delete conf[k];
    }
  }
  // figures the bill prints twice over in other forms, checked against each other on every line read, noise
  // included (cross_check_fields.ts)
  if (opts.crossChecks !== false) crossCheckFields(item, conf, monthConf, ocrLines);
  eu.marketState = ci.serviceAddress.state || bi.billingAddress.state || utility?.state || "";
  if (eu.marketState) conf.marketState = clamp(conf.serviceAddress ?? conf.billingAddress ?? 0.6);
  // the months kept, each with its confidence (a month dropped later, e.g. from unsure OCR words, has none)
  const monthConfidence = Object.fromEntries(
    eu.usageByMonth.map((u) => monthKey(u.year, MonthNames.indexOf(u.month) + 1)).map((
      k,
    ) => [k, monthConf[k]]),
  );
  return { ...item, confidence: conf, ...(eu.usageByMonth.length ? { monthConfidence } : {}) };
}

const STREET_WITH_SUFFIX =
  /^\d{1,6}[A-Za-z]?\s+(?:[NSEW]\.?\s+)?[A-Za-z][A-Za-z .'-]*\s(?:st|street|rd|road|ave|avenue|blvd|boulevard|dr|drive|ln|lane|ct|court|way|pl|place|pkwy|parkway|hwy|highway|cir|circle|ter|terrace|trl|trail)\b\.?$/i;
const sameStreet = (a: string, b: string) =>
  a.replace(/\W+/g, "").toLowerCase() === b.replace(/\W+/g, "").toLowerCase();
// … and a speck OCR read before or after the name ("-AISHA PATEL", "NORA ROSSI -"; round 26): a dash or a sign
// before its first letter, or standing alone after its last word (a period after a letter stays: "SR.", "JR.")
const clean = (s: string) =>
  s.replace(/[*|#]+/g, " ").replace(/\s+/g, " ").trim()
    .replace(/^[-\u2013\u2014~_.,;:'"`\u2018\u2019\u2022\u00b7]+\s*(?=[A-Za-z])/, "")
    .replace(/\s+[-\u2013\u2014~_.,;:'"`\u2018\u2019\u2022\u00b7]+$/, "");
const accountOf = (v: string) => v.match(ACCOUNT)?.[1].replace(/\s+(?=\D)/g, "").trim() ?? "";
/** An account number printed in groups ("08 41 35 5854") that the bill also prints whole (the stub's "0841355854"). */
const wholeAccount = (v: string, text: string) => {
  const whole = /^\d+(?: \d+)+$/.test(v) ? v.replace(/ /g, "") : "";
  return whole && new RegExp(`(?<![\\d-])${whole}(?![\\d-])`).test(text) ? whole : v;
};
const skipFor = (field: LexiconField) => (cell: string, index: number, length: number) =>
  negated(field, cell, index, length);

/** The latest date printed on the bill that is not in the future (a print date, a read date). */
function latestDate(lines: string[]): string {
  const today = new Date().toISOString().slice(0, 10);
  return lines.flatMap((l) => allDates(l)).filter((d) => d <= today).sort().at(-1) ?? "";
}

/** The addressee of a block: its name line, or the line above it when that one is "Accounts Payable"/"Attn …"/"c/o …". */
function addresseeOf(lines: string[], b: AddressBlock, on: RuleSwitch): string {
  const name = clean(b.name);
  if (nameLike(name)) return name;
  if (!on("attention-line") || !/^(?:attn|attention|c\/o|accounts payable|ap dept)\b/i.test(name)) return "";
  const at = lines.findIndex((l, i) => i < b.line && i >= b.line - 4 && cells(l).some((c) => c === b.name));
  const above = at > 0 ? cells(lines[at - 1]).map(clean).find(nameLike) : undefined;
  return above ?? "";
}

/** The address block at `line` is the utility's remittance/correspondence box (its heading says so). */
function remittance(lines: string[], line: number): boolean {
  for (let k = Math.max(0, line - 3); k <= line; k++) if (REMITTANCE.test(lines[k])) return true;
  return false;
}

/**
 * No labelled billing period: a date range printed on one line ("( 12/21/2021 - 01/19/2022 )") of 20..40
 * days is a candidate; it is kept when a meter's read date confirms its end.
 */
function inferPeriod(lines: string[], ms: Meter[]): { dates: [string, string]; conf: number } | undefined {
  const day = (s: string) => Date.parse(s) / 86_400_000;
  for (const line of lines) {
    const m = line.match(
      /(\d{1,2}\/\d{1,2}\/\d{2,4}|[A-Z][a-z]{2,8}\.? \d{1,2},? \d{4})\s*(?:-|–|to|through|thru)\s*(\d{1,2}\/\d{1,2}\/\d{2,4}|[A-Z][a-z]{2,8}\.? \d{1,2},? \d{4})/,
    );
    if (!m) continue;
    const [a, b] = [parseDate(m[1]), parseDate(m[2])];
    if (!a || !b || day(b) - day(a) < 20 || day(b) - day(a) > 40) continue;
    const confirmed = ms.some((x) => x.servicePeriodEnd === b || x.servicePeriodStart === b);
    return { dates: [a, b], conf: confirmed ? 0.7 : BASE.inferred };
  }
  return undefined;
}

function labelledNames(lines: string[]): string[] {
  const f = findLabeled(lines, LEXICON.customerName.labels, (v) => nameLike(clean(v)) && !/:/.test(v), {
    below: 1,
    skip: skipFor("customerName"),
  });
  return f ? [clean(f.value)] : [];
}

function account(lines: string[]): string {
  const f = findLabeled(lines, LEXICON.accountNumber.labels, (v) => ACCOUNT.test(v), {
    skip: skipFor("accountNumber"),
  });
  return f?.value.match(ACCOUNT)?.[1].replace(/\s+(?=\D)/g, "").trim() ?? "";
}

function date(lines: string[], field: "invoiceDate" | "dueDate"): string {
  const f = findLabeled(lines, LEXICON[field].labels, hasDate, { skip: skipFor(field) });
  return f ? parseDate(f.value) : "";
}

/** The fixed charge on a labelled line: the line's last amount (after a "30 days @ $0.45" the charge itself). */
function fixedChargeLine(lines: string[]): string {
  for (const label of LEXICON.fixedMonthlyCharge.labels) {
    for (const line of lines) {
      const m = line.match(label);
      if (!m || m.index === undefined || negated("fixedMonthlyCharge", line, m.index, m[0].length)) continue;
      const rest = line.slice(m.index + m[0].length);
      const all = rest.match(/\$?\s?\d{1,3}(?:,\d{3})*\.\d{2}\b/g) ?? [];
      const last = all.length ? all[all.length - 1] : "";
      if (last && !/kwh|%/i.test(rest) && isFixedCharge(last)) return parseAmount(last);
    }
  }
  return "";
}

/** A money amount after a label ("Total amount due by February 8, 2021   $53,146.93": the date's digits skipped). */
function amountOf(v: string): string {
  const d = findDate(v);
  return parseAmount(d ? v.slice(0, d.index) + " " + v.slice(d.index + d.length) : v);
}

function amount(lines: string[], field: "amountDue" | "pastDue"): string {
  for (const label of LEXICON[field].labels) {
    const f = findLabeled(lines, [label], hasAmount, { skip: skipFor(field) });
    const a = f && amountOf(f.value);
    if (a) return a;
  }
  return "";
}

function billingPeriod(lines: string[]): string[] {
  const labels = [
    /\bbilling period\b/i,
    /\bservice period\b/i,
    /\bservice (?:from|dates?)\b/i,
    /\bbilling cycle\b/i,
    /\bperiod\b/i,
    /(?:^|\s)for:/i,
    /\bfor service\b/i,
    /\bbilled from\b/i,
    // a column headed by both ends ("From - To", "From - Service - To") over a cell of the two dates
    /\bfrom\s*[-\u2013]?\s*(?:service\s*[-\u2013]?\s*)?to\b/i,
  ];
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

const PO_BOX = /^\s*(?:P\.?\s*O\.?\s*|POST OFFICE\s+)BOX\b/i;

function serviceAddress(lines: string[], on: RuleSwitch): Address | undefined {
  for (let i = 0; i < lines.length; i++) {
    const cs = cells(lines[i]);
    for (let c = 0; c < cs.length; c++) {
      const m = cs[c].match(
        /\b(?:service (?:address|location|for|delivered to)|premises?(?: address)?|service at|location of service)\b\s*:?\s*/i,
      );
      if (!m || m.index === undefined) continue;
      // (up to another label joined into the piece: addresses.ts untilNextLabel; past a map number before the street;
      // a capitals street up to a title-case label joined to it)
      const own = cs[c].slice(m.index + m[0].length).trim();
      const after = streetBeforeLabel(untilNextLabel(MAP_NUMBER.test(own) ? "" : own) || (cs[c + 1] ?? ""));
      const inline = parseInlineAddress(after) ?? parseInlineAddressNoZip(after);
      if (inline) return inline;
      // the label alone in its cell ("Service Location:   Total Amount Due:"): the address on the line under it,
      // or under the customer's name printed between them (a line of words without a digit)
      if (!cs[c].slice(m.index + m[0].length).trim()) {
        const inlineOn = (k: number) =>
          cells(lines[k] ?? "").map((x) => parseInlineAddress(x) ?? parseInlineAddressNoZip(x)).find(Boolean);
        const below = inlineOn(i + 1) ??
          (/^[A-Za-z][A-Za-z .,'&-]+$/.test(cells(lines[i + 1] ?? "")[0] ?? "")
            ? inlineOn(i + 2)
            : undefined);
        if (below) return below;
      }
      // Street after the label (same line or the next), then city/state/zip on a following line.
      let streetLine = isStreet(after) ? i : -1;
      for (let k = i + 1; streetLine < 0 && k <= Math.min(lines.length - 1, i + 3); k++) {
        if (cells(lines[k]).some(isStreet)) streetLine = k;
      }
      if (streetLine < 0) continue;
      const street = streetLine === i ? after : cells(lines[streetLine]).find(isStreet)!;
      const startJ = streetLine + 1;
      for (let j = startJ; j <= Math.min(lines.length - 1, startJ + 2); j++) {
        const joined = cells(lines[j]);
        // another street on the way down (a mailing block's, under the customer's name): the town after it is that
        // street's, not the service street's (round 35: "Service Address: 1120 PINE RIDGE RD" over the customer's
        // block "OLIVIA GARCIA / 1120 PINE RIDGE RD / SILER CITY, NC 27344", the service street printed alone)
        if (j > startJ && !joined.some((x) => parseCityStateZip(x)) && joined.some(isStreet)) break;
        for (const cell of joined) {
          const csz = parseCityStateZip(cell);
          if (csz) {
            const { line1, line2 } = splitStreet(street);
            const unit = j > startJ
              ? cells(lines[startJ]).find((x) => /^(apt|unit|suite|ste|#)/i.test(x)) ?? ""
              : "";
            return { ...emptyAddress(), line1, line2: unit || line2, ...csz, country: "US" };
          }
        }
        // a city, state and ZIP in cells of their own, whatever labels them (generalized.ts)
        const town = on("town-in-cells") ? townInCells(joined) : undefined;
        if (town) return { ...emptyAddress(), ...splitStreet(street), ...town, country: "US" };
        // "Post Office:  BUFFALO" / "CITY OF BUFFALO   NY   14220" (statement layout)
        const po = on("post-office-city") ? lines[j].match(/post office:?\s+(.+)$/i) : null;
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

/**
 * A service address label followed by a street only ("Service Address: 4365 Oak Hollow Dr Apt 15"): that street,
 * when the bill's address block prints the same street, and no city, state or ZIP — the bill prints none beside the
 * service street, and the mailing block's town is the mailing address's, not a reading of the service address's
 * (the lead's convention, round 15; a street in no block of the bill stays unread as before).
 */
function serviceStreetInBlock(lines: string[], blocks: AddressBlock[]): Address | undefined {
  for (const [i, l] of lines.entries()) {
    const row = cells(l);
    for (const [n, c] of row.entries()) {
      // (the label alone in its cell, "Service Address   4187 SUNSET BLVD": the street in the next cell, round 30)
      const m = c.match(/\bservice (?:address|location)\s*:?\s*(.+)$/i) ??
        (/^\s*service (?:address|location)\s*:?\s*$/i.test(c) ? ["", ""] as const : null);
      // … or, the label one of a band of labels over their values ("Account Number   Service Address   Bill Date"
      // over "03361-34376   4872 BRIARWOOD CIR APT 35B   12/22/2022"), the street in its column under it (round 33)
      const next = row[n + 1] ?? "", under = cells(lines[i + 1] ?? "");
      const column = m && !m[1] && !isStreet(next) && row.length >= 2 && under.length === row.length
        ? under[n]
        : "";
      // (a map number before the street, or no street in the label's cell: the street in the next cell)
      const street = m &&
        streetBeforeLabel(untilNextLabel(MAP_NUMBER.test(m[1]) || !m[1] ? column || next : m[1]));
      // a street with no suffix ("5688 QUAIL RUN GOODLAND KS 67735") that an address block prints on a line of its
      // own: that line is the street, the rest of the label's line its town, state and ZIP
      const whole = street && blocks.map((b) => streetThenTown(street, b.address)).find(Boolean);
      if (whole) return whole;
      if (!street || !isStreet(street)) continue;
      const { line1, line2 } = splitStreet(street.trim());
      const b = blocks.find((x) => sameStreet(x.address.line1, line1));
      if (b) return { ...emptyAddress(), line1, line2: line2 || b.address.line2, country: "US" };
    }
  }
  return undefined;
}

/** "<block's street> [<its unit>] <city> <ST> <ZIP>" on one line: the address, its town read off this line. */
function streetThenTown(text: string, block: Address): Address | undefined {
  const street = [block.line1, block.line2].filter(Boolean).join(" ");
  const t = text.trim();
  if (!block.line1 || !t.toLowerCase().startsWith(`${street.toLowerCase()} `)) return undefined;
  const town = parseCityStateZip(t.slice(street.length).replace(/^[\s,.\u2013-]+/, ""));
  return town ? { ...emptyAddress(), ...splitStreet(street), ...town, country: "US" } : undefined;
}

/** Where the payment stub starts: the tear-off instruction, or the last third of the last page. */
function stubLine(lines: string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (
      /\b(return (?:only )?this (?:portion|stub|coupon)|detach|payment (?:stub|coupon)|please return|remittance|amount enclosed|keep this portion)\b/i
        .test(lines[i])
    ) {
      return Math.max(0, i - 8);
    }
  }
  return Math.floor(lines.length * 0.7);
}

/**
 * A block addressed to the bill's own issuer ("HOLY CROSS ENERGY / PO BOX 2150 / …" under a bill of Holy Cross
 * Energy) is where the payment goes, never the customer's: on a scan whose customer block OCR garbled, it was
 * the only block left on the stub and was read as the billing address.
 */
function issuersBlock(name: string, issuer: string): boolean {
  const letters = (t: string) => t.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return letters(issuer).length >= 4 && letters(name) === letters(issuer);
}

function mailingBlock(_lines: string[], blocks: ReturnType<typeof addressBlocks>) {
  // addressed to a person first: a block under a heading ("Electric Usage Profile") is a premises block
  return blocks.find((b) => nameLike(clean(b.name))) ?? blocks.find((b) => b.name) ?? blocks[0];
}

function meters(lines: string[], start: string, end: string, on: RuleSwitch): Meter[] {
  const out: Meter[] = [];
  // "Meter Number." : a speck OCR read after the label word (scans19)
  const METER = /\bmeter\s*(?:#|no\.?|number\.?|id)?\s*:?\s*#?\s*([A-Z]{0,3}\d[A-Z0-9-]{3,})\b/i;
  for (let i = 0; i < lines.length; i++) {
    // the meter judged by its own column (a gas meter printed beside it: meter_columns.ts)
    const col = electricMeterOnLine(lines[i], METER);
    if (!col || /\bnext\b|\breading -\b/i.test(col.before)) continue;
    const { match: m, rest } = col;
    if (out.some((o) => o.meterNumber === m[1])) continue;
    // a meter whose line measures water or gas ("Meter W52994857 7 kgal used", "… 38 ccf") is another service's
    if (OTHER_SERVICE_UNIT.test(rest) && !/\bkwh\b/i.test(rest)) continue;
    // read dates on its line, else on the reading lines under it (reading_lines.ts)
    const onLine = allDates(rest);
    const ds = onLine.length >= 2 ? onLine : readDatesBelow(lines, i, METER);
    let usage = rest.match(/^\W*kwh (?:used|usage)\s*:?\s*(\d{1,3}(?:,\d{3})+|\d+)\b/i)?.[1] ??
      rest.match(/(\d{1,3}(?:,\d{3})+|\d+)\s*kwh\b/i)?.[1];
    // a line printing the meter's present and previous readings: only a kWh they confirm ("… Previous 34784 Current
    // 35301 kWh 517": the reading before "kWh" is not the usage)
    if (usage && printsReadings(rest)) usage = confirmedReadingUsage(rest) || undefined;
    if (!usage) {
      // the meter's usage on one of the next lines: "Usage  512 kWh", "Total kWh used 512"
      for (let j = i + 1; j <= Math.min(lines.length - 1, i + 4) && !usage; j++) {
        if (METER.test(lines[j])) break;
        usage = notAnAverage(
          lines[j],
          lines[j].match(/(?:usage|used|total)[^\d]*?(\d{1,3}(?:,\d{3})+|\d+)\s*kwh\b/i),
        ) ??
          // the unit spelled out: "Kilowatt Hours Used   1,097"
          lines[j].match(/(?:kwh|kilowatt[- ]hours?) (?:used|usage)\s*:?\s+(\d{1,3}(?:,\d{3})+|\d+)\b/i)
            ?.[1] ??
          // the unit before the number: "Total electricity you used this month in kWh  1,123", "Usage (kWh): 612"
          lines[j].match(
            /\b(?:usage|used|total)\b[^\d$]*?\bkwh\b\)?\s*:?\s*(\d{1,3}(?:,\d{3})+|\d+)(?![\d.,/]|\s*(?:days|x|@|\$))/i,
          )?.[1];
      }
    }
    // a line of labelled readings whose difference is the kWh printed with them (reading_lines.ts)
    for (let j = i; j <= Math.min(lines.length - 1, i + 2) && !usage; j++) {
      if (j > i && METER.test(lines[j])) break;
      usage = confirmedReadingUsage(j === i ? rest : lines[j]) || undefined;
    }
    out.push({
      meterNumber: m[1],
      usageKwh: usage ? String(parseNumber(usage)) : "",
      ...periodOf(ds, start, end),
    });
  }
  if (!out.length) out.push(...meterTable(lines, start, end, on));
  // a meter read without its kWh: the bill's total, else the one kWh its priced lines bill (a meter is never made
  // from those alone: a net meter's or a table's reader comes later)
  if (out.length === 1 && !out[0].usageKwh) out[0].usageKwh = totalUsage(lines, on) || billedKwh(lines);
  if (!out.length) {
    const total = totalUsage(lines, on);
    if (total) {
      out.push({ meterNumber: "", usageKwh: total, servicePeriodStart: start, servicePeriodEnd: end });
    }
  }
  return out;
}

// an average's or a day's label ("Average Daily Usage   This Year   25.3 kWh", OCR losing its point: "253 kWh")
const AVERAGE_LABEL = /\b(?:average|avg\.?|daily|per day)\b/i;

/** A usage match's number, unless the words before it label an average or a day's figure. */
function notAnAverage(line: string, m: RegExpMatchArray | null): string | undefined {
  if (!m || m.index === undefined) return undefined;
  return AVERAGE_LABEL.test(line.slice(Math.max(0, m.index - 24), m.index + m[0].length)) ? undefined : m[1];
}

/**
 * Meters read by the table reader fill what the line reader left: a meter's usage (same number, or the only
 * meter), or the meters themselves when none was found. The bill's printed kWh, when there is one, must agree
 * (±2%) with the table's usage, else the table's usage is not taken (a wrong value costs more than none).
 */
function fromMeterTables(found: Meter[], table: Meter[], printed: string): Meter[] {
  if (!table.length) return found;
  const sum = table.reduce((s, m) => s + (Number(m.usageKwh) || 0), 0);
  const agrees = !printed || Math.abs(Number(printed) - sum) <= Math.max(1, sum * 0.02);
  if (!found.length) return agrees ? table : [];
  // the bill's total alone (no meter number) where the table's meters, each numbered with its kWh, add up to it:
  // the table's meters (two meters on two rates and their "Total kWh" line)
  if (
    found.length === 1 && !found[0].meterNumber && table.length > 1 && printed &&
    Number(found[0].usageKwh) === Number(printed) && Math.abs(Number(printed) - sum) < 0.5 &&
    table.every((m) => m.meterNumber && Number(m.usageKwh) > 0)
  ) return table;
  return found.map((m) => {
    const t = table.find((x) => x.meterNumber === m.meterNumber) ??
      (found.length === 1 && table.length === 1 ? table[0] : undefined);
    if (!t || !t.usageKwh || !agrees) return m;
    // a meter found without its number (a usage total) takes the table's number when their kWh agree, and a meter
    // found without read dates takes the table's when it is the same meter with the same kWh
    if (m.usageKwh) {
      const same = Number(m.usageKwh) === Number(t.usageKwh);
      const dated = same && !m.servicePeriodStart && !m.servicePeriodEnd && t.servicePeriodStart &&
          t.servicePeriodEnd && (!m.meterNumber || !t.meterNumber || m.meterNumber === t.meterNumber)
        ? { servicePeriodStart: t.servicePeriodStart, servicePeriodEnd: t.servicePeriodEnd }
        : {};
      return !m.meterNumber && same ? { ...m, ...dated, meterNumber: t.meterNumber } : { ...m, ...dated };
    }
    // … and the table's read dates when the meter has none (a readings table printed apart from the meter's number)
    const dates = !m.servicePeriodStart && !m.servicePeriodEnd && t.servicePeriodStart && t.servicePeriodEnd
      ? { servicePeriodStart: t.servicePeriodStart, servicePeriodEnd: t.servicePeriodEnd }
      : {};
    return { ...m, ...dates, meterNumber: m.meterNumber || t.meterNumber, usageKwh: t.usageKwh };
  });
}

/** The bill's total kWh: a labelled total, a "current - previous = usage" reading row, or the supply line's kWh. */
const LEADING_MONTH = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?[\s/-]*\d{2,4}$/i;
/** A cell of words between a total's label and its number that does not name the unit ("(kWh)", "kWh Usados"). */
const UNIT_CELL = (c: string) => /[a-z]/i.test(c) && !/\bkwh\b|\bkilowatt/i.test(c);
const MONTH_BEFORE = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?[\s/-]*$/i;

/** The cell of a line holding a match (at `at`, `length` long): cells are three or more spaces apart. */
const labelCell = (line: string, at: number, length: number) =>
  line.slice(line.lastIndexOf("   ", at) + 1, at + length) + line.slice(at + length).split(/\s{3,}/)[0];

function totalUsage(lines: string[], on: RuleSwitch): string {
  for (const printed of lines) {
    // the period's length in parentheses after the label ("Total kWh (32 days)   418") is not the kWh, nor is a
    // number cut from it ("3" of "32 days")
    const line = printed.replace(/\(\s*\d{1,3}\s*(?:billing\s+)?days?\s*\)/gi, "");
    const m = line.match(
      /\b(?:total (?:kwh|usage|energy used|electricity used)|kwh used|kilowatt[- ]hours? used|energy used|total use|usage \(kwh\))\b[^\d]*?(\d{1,3}(?:,\d{3})+|\d+)(?!\d|\s*(?:days|\/))/i,
    );
    // a month's day or year after the label is not a kWh ("kWh Used   Feb 23   30   988": a history's row printed
    // on the label's line)
    if (m && MONTH_BEFORE.test(m[0].slice(0, m[0].length - m[1].length))) continue;
    // … nor a year's total ("12-Month Total Usage 11,530 kWh", "Total kWh, last 12 months: 11,530":
    // cross_check_history.ts), the label's cell naming the year
    if (m && namesYear(labelCell(line, m.index ?? 0, m[0].length))) continue;
    // … nor a number read past another cell of words ("Total kWh   aes   Last Year   30": the total OCR garbled,
    // the 30 another table's), a cell naming the unit aside ("Total Usage   (kWh)   947")
    if (m && m[0].slice(0, m[0].length - m[1].length).split(/\s{3,}/).slice(1).some((c) => UNIT_CELL(c))) {
      continue;
    }
    // … nor a label printed after a history row's month ("Mar 2022   Usage (kWh)613   28": another table's header
    // on the row's line)
    if (m && LEADING_MONTH.test(cells(line.slice(0, m.index)).at(-1) ?? "")) continue;
    if (m) {
      const nums = cells(line.slice(m.index)).filter((c) => /^[\d,]+$/.test(c));
      if (
        nums.length === 3 && /current|previous|usage/i.test(lines.join(" ")) &&
        Number(nums[0].replace(/,/g, "")) - Number(nums[1].replace(/,/g, "")) ===
          Number(nums[2].replace(/,/g, ""))
      ) return String(Number(nums[2].replace(/,/g, "")));
      return String(parseNumber(m[1]));
    }
  }
  for (const line of lines) {
    const m = line.match(
      on("kh-unit")
        ? /\b(?:supply|fixed price|generation)\b.*?(\d{1,3}(?:,\d{3})+|\d+)\s*(?:kwh|kh)\s*[x×@]/i
        : /\b(?:supply|fixed price|generation)\b.*?(\d{1,3}(?:,\d{3})+|\d+)\s*kwh\s*[x×@]/i,
    );
    if (m) return String(parseNumber(m[1]));
  }
  return "";
}

/**
 * The kWh every priced kWh line of the bill bills ("Energy Charge 1,480 kWh @ $0.05718", or "… 543 kWh x $0.020323"
 * and "… 543 kWh x $0.01108", each rider on the same kWh): one quantity, printed on every such line, is the
 * period's kWh (round 31). Lines that bill different quantities (blocks, tiers, time-of-use periods) give none.
 */
function billedKwh(lines: string[]): string {
  const billed = new Set<number>();
  for (const line of lines) {
    for (const m of line.matchAll(/(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)\s*kwh\s*[x×@]/gi)) {
      billed.add(Number(m[1].replace(/,/g, "")));
    }
  }
  const [kwh] = billed;
  return billed.size === 1 && kwh > 0 ? String(kwh) : "";
}

/** A meter's period from the dates on its row, earlier first (tables print "Read Date … Prior Read Date"). */
function periodOf(
  ds: string[],
  start: string,
  end: string,
): { servicePeriodStart: string; servicePeriodEnd: string } {
  if (ds.length < 2) return { servicePeriodStart: start, servicePeriodEnd: end };
  const [a, b] = ds[0] <= ds[1] ? [ds[0], ds[1]] : [ds[1], ds[0]];
  // the bill's own period wins when the read dates are its ends (a read on the period's last day)
  if (start && end && b === end) return { servicePeriodStart: start, servicePeriodEnd: end };
  return { servicePeriodStart: a, servicePeriodEnd: b };
}

/**
 * Meter readings are not usage: in a row with a present and a previous reading, the usage is the number
 * that equals their difference ("53,359 … 48,837 … 4,522"), whatever column order the utility prints.
 */
export function readingDifference(row: string): string | undefined {
  const nums =
    row.replace(/\d{1,2}\/\d{1,2}\/\d{2,4}/g, " ").match(/\b\d{1,3}(?:,\d{3})+\b|\b\d{2,7}\b/g)?.map((n) =>
      Number(n.replace(/,/g, ""))
    ) ?? [];
  // x - y = z also gives x - z = y: the usage is the smaller of the two
  let best: number | undefined;
  for (const z of nums) {
    if (z < 1 || (best !== undefined && z >= best)) continue;
    if (nums.some((x) => nums.some((y) => x !== z && y !== z && x > y && x - y === z))) best = z;
  }
  return best === undefined ? undefined : String(best);
}

/** A meter table: a "METER NUMBER" header cell, then rows starting with the meter id (dates, readings, kWh). */
/**
 * The line of a meter table's header naming its meter column ("Meter Number"), and the first line of its rows; a
 * header wrapped over two lines ("METER" over "NUMBER", the same column of each line) counts its two lines.
 */
function meterHeader(lines: string[]): { header: number; rows: number } {
  const header = lines.findIndex((l) => cells(l).some((c) => /^meter (?:number|no\.?|#|id)$/i.test(c)));
  if (header >= 0) return { header, rows: header + 1 };
  const wrapped = lines.findIndex((l, i) => {
    const [top, under] = [cells(l), cells(lines[i + 1] ?? "")];
    return top.some((c, k) => /^meter$/i.test(c) && /^(?:number|no\.?|#|id)$/i.test(under[k] ?? ""));
  });
  return { header: wrapped, rows: wrapped + 2 };
}

function meterTable(lines: string[], start: string, end: string, on: RuleSwitch): Meter[] {
  const out: Meter[] = [];
  const { header, rows } = meterHeader(lines);
  if (header < 0) return out;
  for (let i = rows; i < Math.min(lines.length, rows + 7); i++) {
    const cs = cells(lines[i]);
    if (!cs.length || !/^[A-Z]{0,3}\d[A-Z0-9-]{4,}$/.test(cs[0])) break;
    const ds = allDates(lines[i]);
    // where the header has reading columns, a number is usage only as the readings' difference or with its unit
    // (the unit in the number's cell: "876 kWh", never a number ending one cell before "kWh Imported" begins
    // the next)
    const readings = lines.slice(header, rows).some((l) => NOT_USAGE.test(l));
    let usage = (on("reading-difference") ? readingDifference(lines[i]) : undefined) ??
      lines[i].match(/(\d{1,3}(?:,\d{3})+|\d+)\s{0,2}kwh\b/i)?.[1] ?? (readings ? undefined : cs.filter((c) =>
        /^[\d,]+$/.test(c)
      ).pop());
    // a net meter's registers printed as rows under its number ("Delivered" over "Received"): the row's kWh is
    // the delivered register's, not the meter's usage; the column-table reader nets them (meter_tables.ts)
    const next = cells(lines[i + 1] ?? "");
    if (
      next.length && !/^[A-Z]{0,3}\d[A-Z0-9-]{4,}$/.test(next[0]) &&
      next.some((c) => netRole(c) === "received")
    ) {
      usage = undefined;
    }
    out.push({
      meterNumber: cs[0],
      usageKwh: usage ? String(parseNumber(usage)) : "",
      ...periodOf(ds, start, end),
    });
  }
  return out;
}
