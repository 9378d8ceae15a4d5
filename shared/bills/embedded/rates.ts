import { GAS, NOT_A_RATE } from "./lexicon.ts";
import { allRules, type RuleSwitch } from "./rules.ts";
import { cells } from "./values.ts";
import type { readTables } from "./tables.ts";

const RATE_NUMBER = /\$?\s*(\d?\.\d{3,7})\b/;

// Supply words by preference: what a homeowner pays for the energy itself, not delivery.
const SUPPLY_WORDS = [
  /\bsupply\b|\bsupplier\b/i,
  /\bgeneration\b/i,
  /(?<!non-)\bfuel\b/i,
  /\bfixed price\b|\benergy charge\b|\benergy\b/i,
  // a municipal utility's name for the energy it buys ("Commodity 663 kWh x $0.0759")
  /\bcommodity\b/i,
  // a co-op's cost of the power it buys, billed per kWh beside its own service charge per kWh ("Wholesale Power
  // Charge 905 kWh x $0.07942"; a cost recovery factor after it is an adjustment)
  /\bwholesale power\b|\bpurchased power\b/i,
  // … or by its supplier's initials, the generation and transmission co-op's ("G & T Charges 1,537 kWh x 0.06281"
  // beside a base charge, a distribution charge and a generation recovery per kWh) (round 28)
  /\bG\s?&\s?T\b/,
  // a bundled block or tier rate names no energy word: its first block's price ("First Block 320 kWh @ $0.0523")
  /\b(?:first|1st) (?:block|tier)\b|\b(?:block|tier) (?:1|one|i)\b/i,
  // a co-op's charge named by its unit alone ("kWh Charge 864 kWh @ $0.09473" beside a "Demand Charge" per kW and
  // a service availability charge): the price of the energy (round 25)
  /\bkwh charge\b/i,
  // last: a multi-service bill's electric line billing the kWh at a price, no energy word on it ("ELECTRIC
  // RESIDENTIAL ELECTRIC 1,092 KWH @ $0.07050" among the water, sewer and trash lines of a city's bill)
  /\belectric(?:ity)?\b/i,
];

const DELIVERY = /\bdelivery\b|\bdistribution\b|\btransmission\b/i;
// A program or a fee billed per kWh ("Energy Efficiency Program 1,200 kWh x $0.0115", "Energy Assistance Fund",
// "Supplier Fee") is charged on the energy, it is not the energy's price.
const PROGRAM_OR_FEE =
  /\befficiency\b|\bconservation\b|\bassistance\b|\bprograms?\b|\bfees?\b|\bfund\b|\bbenefits?\b/i;
// An adjustment to a price (a fuel adjustment clause, a rider) is not the price: read only when nothing else is.
// Bills abbreviate it ("Fuel & Purchased Power Adj 1,324 kWh @ $0.022242", "Elec Commodity Adj.") (round 33).
const ADJUSTMENT = /\badj(?:ust(?:ment)?s?)?\b|\brider\b|\bclause\b|\brecovery\b/i;

/**
 * The section title a line sits under: the nearest line above (up to 6) that is one cell of words without
 * a digit ("Generation charges", "Delivery Services"), or "".
 */
function headingOf(lines: string[], i: number): string {
  return titleCells(lines, i)[0] ?? "";
}

/**
 * The cells of the nearest line above (up to 6) whose first cell is a title: words without a digit. A section's
 * total ("Total PG&E Electric Delivery Charges   $108.72") closes the section above it: what follows it is under
 * no title of that section (round 33).
 */
function titleCells(lines: string[], i: number): string[] {
  for (let k = i - 1; k >= Math.max(0, i - 6); k--) {
    const cs = cells(lines[k]);
    if (SECTION_TOTAL.test(cs[0] ?? "") && cs.slice(1).some((c) => AMOUNT_CELL.test(c))) return [];
    if (cs.length >= 1 && !/\d|\$/.test(cs[0]) && /[A-Za-z]{3}/.test(cs[0]) && cs[0].length <= 40) return cs;
  }
  return [];
}

/**
 * The section titles over two columns ("Delivery Charges   Supply Charges"): that title line when it is two or
 * more title cells, or "". A line under it may be either column's.
 */
function columnHeadings(lines: string[], i: number): string {
  const cs = titleCells(lines, i);
  return cs.length >= 2 && cs.every((c) => !/\d|\$/.test(c) && c.length <= 40) ? cs.join("   ") : "";
}

// a section's total line: "Total …" / "Subtotal …" and its amount in a cell of its own
const SECTION_TOTAL = /^(?:sub)?total\b/i;
const AMOUNT_CELL = /^-?\$?\s*\d[\d,]*\.\d{2}$/;

const QUANTITY = /\d[\d,]*\s*kwh\b/i;
/** Another line (not delivery, not an adjustment) billing a quantity of kWh at a dollar price other than `v`. */
function otherPricedKwh(lines: string[], i: number, v: string): boolean {
  return lines.some((l, k) => {
    if (k === i || DELIVERY.test(l) || ADJUSTMENT.test(l) || GAS.test(l)) return false;
    const p = l.match(/\d[\d,]*\s*kwh\s*(?:[x×@]|at)\s*\$\s*(\d?\.\d{3,7})\b/i)?.[1];
    return p !== undefined && Number(p) !== Number(v);
  });
}

/** Another line, of any kind but gas, billing a quantity of kWh at a dollar price other than `v` (abstain37). */
function anyOtherPricedKwh(lines: string[], i: number, v: string): boolean {
  return lines.some((l, k) => {
    if (k === i || GAS.test(l)) return false;
    const p = l.match(/\d[\d,]*\s*kwh\s*(?:[x×@]|at)\s*\$?\s*(\d?\.\d{3,7})\b/i)?.[1];
    return p !== undefined && Number(p) !== Number(v);
  });
}

// a fuel line naming the fuel's cost ("Fuel Cost", "Cost of Fuel"), not a charge for it
const FUEL_COST = /\bfuel cost\b|\bcost of fuel\b/i;
/** Another line named an energy charge billing a quantity of kWh at a dollar price other than `v`. */
function energyPricedKwh(lines: string[], i: number, v: string): boolean {
  return lines.some((l, k) => {
    if (k === i || !/\benergy charge\b/i.test(l) || DELIVERY.test(l) || ADJUSTMENT.test(l) || GAS.test(l)) {
      return false;
    }
    const p = l.match(/\d[\d,]*\s*kwh\s*(?:[x×@]|at)\s*\$?\s*(\d?\.\d{3,7})\b/i)?.[1];
    return p !== undefined && Number(p) !== Number(v);
  });
}

/** The supply/generation price per kWh as printed ("0.05974"), or "". */
export function findSupplyRate(lines: string[], on: RuleSwitch = allRules): string {
  const unit = on("kh-unit") ? "(?:kwh|kh)" : "kwh";
  const priceAfter = (text: string, line = text) => {
    // "9467 kWh x 0.056435", "@ $0.0712/kWh", "at $0.021230", "0.0712 per kWh", "Rate: $0.0712"
    const m = text.match(
      new RegExp(
        `(?:\\b${unit}\\s*[x×@]|\\bat\\b|@|rate:?|price:?)\\s*\\$?\\s*(\\d?\\.\\d{3,7})\\b`,
        "i",
      ),
    ) ?? text.match(/\$?\s*(\d?\.\d{3,7})\s*(?:\/|per)\s*kwh/i) ??
      // a charge line's three cells with no sign between them: the kWh, the price, the amount ("1,189 KWH   0.087613
      // $116.67", a table's Usage, Rate and Charges columns); the price has four decimals or more, an amount two
      text.match(/\b\d[\d,]*\s*kwh\s+\$?(\d?\.\d{4,7})\s+\$?\d[\d,]*\.\d{2}\b/i);
    if (!m) {
      // a price in cents after the kWh ("1,196 kWh x 6.09¢", "@ 11.2 cents per kWh"), never an average
      const c = text.match(
        new RegExp(`\\b${unit}\\s*[x×@]\\s*(\\d{1,2}(?:\\.\\d{1,4})?)\\s*(?:¢|cents?\\b)`, "i"),
      );
      if (!c || /\baverage\b|\bavg\b/i.test(line)) return "";
      const [whole, frac = ""] = c[1].split(".");
      const v = `0.${whole.padStart(2, "0")}${frac}`.replace(/0+$/, "");
      return Number(v) >= 0.01 && Number(v) <= 0.6 ? v : "";
    }
    const v = m[1].startsWith(".") ? `0${m[1]}` : m[1];
    // under 1¢ or over 60¢ a kWh is a rider or a misread, not the price of the energy
    if (Number(v) >= 0.01 && Number(v) <= 0.6) return v;
    unlikely = true;
    return "";
  };
  // a line naming the energy and billing it at a price no energy costs ("Energy Charge 403 kWh @ $0.000418"): the
  // energy's price is misprinted or misread, and an adjustment's price is not it either (round 26)
  let unlikely = false;
  for (const adjustments of [false, true]) {
    if (adjustments && unlikely) return "";
    for (const word of SUPPLY_WORDS) {
      for (let i = 0; i < lines.length; i++) {
        // a gas section printed beside the electric one ("… Delivery Charge 38 Therms @ $0.07") is not this line's
        const line = cells(lines[i]).filter((c) => !GAS.test(c)).join("   ");
        if (NOT_A_RATE.test(line) || ADJUSTMENT.test(line) !== adjustments) continue;
        if (PROGRAM_OR_FEE.test(line.split(/\d/)[0])) continue;
        const heading = headingOf(lines, i);
        if (word.test(line)) {
          if (DELIVERY.test(line.replace(word, ""))) continue;
          // "Energy charge … x $0.1" under a "Delivery charges" title is a delivery price (unless the title line is
          // two columns' titles, "Delivery Charges   Supply Charges", and the other one is supply's)
          const both = columnHeadings(lines, i);
          if (
            DELIVERY.test(heading) && !word.test(heading) &&
            !SUPPLY_WORDS.slice(0, 2).some((w) => w.test(both))
          ) {
            continue;
          }
          const v = priceAfter(line.slice(line.search(word)), line);
          // a fuel price printed alone ("Cost of Fuel @ 0.0859870 per kWh") while another line bills the kWh at
          // its own price ("Rate Billing 1,212 kWh @ $0.0953"): which one is the energy's price is not printed
          if (v && word === SUPPLY_WORDS[2] && !QUANTITY.test(line) && otherPricedKwh(lines, i, v)) return "";
          // the fuel's cost passed through ("Fuel Cost 989 KWH @ 0.05368") beside an energy charge billing the kWh
          // at its own price ("Energy Charge 989 KWH @ 0.06825"): the cost of the utility's fuel is recovered on top
          // of the energy's price, it is not that price (a "Fuel Charge" is) (round 35)
          if (v && word === SUPPLY_WORDS[2] && FUEL_COST.test(line) && energyPricedKwh(lines, i, v)) continue;
          // an adjustment's price read for want of an energy line, while another line bills kWh at its own price
          // (a delivery charge, an energy line no word names): the candidates compete, none decisive (abstain37)
          if (v && adjustments && anyOtherPricedKwh(lines, i, v)) return "";
          if (v) return v;
        } else if (
          word.test(heading) && !DELIVERY.test(heading) && !SUPPLY_WORDS.some((w) => w.test(line)) &&
          !DELIVERY.test(line)
        ) {
          // a bare "1,123 kWh x $0.07099" under a "Generation charges" title
          const v = priceAfter(line);
          if (v) return v;
        }
      }
    }
  }
  return "";
}

// a label the text layer joined to the value ("… Service period: Oct 11, 2024"): a capitalised word and a
// second word before a colon ("Service period:", "Rate Code:")
const NEXT_LABEL = /\s+[A-Z][a-z]+(?: [A-Za-z][a-z]+)?:.*$/;
// … a longer label joined by "of"/"per" ("Residential   Days of Service: 32", "Residential (R-1)   Average Cost
// Per Day: $5.06"), cut only where what is left names a class of service and ends like one (not on "Average")
const LONG_NEXT_LABELS = [
  /\s+[A-Z][a-z]+ (?:of|per|Per) [A-Z][a-z]+:.*$/,
  /\s+[A-Z][a-z]+ [A-Z][a-z]+ (?:of|per|Per) [A-Z][a-z]+:.*$/,
  // … or a figure's label without its colon, then the figure ("Rate Class: Residential Service Average kWh's Per
  // Day 37.7 Average Cost Per Day $6.00", "Rate: RS Residential Total Usage 612 kWh") (round 26)
  // (OCR may read a speck before the label: "Residential Service -Average kWh's Per Day 38.7")
  /\s+[-\u2013.,;:]?\s*(?:Average|Avg\.?|Daily|Total|Monthly)(?:\s+[A-Za-z][A-Za-z'’]*\.?){0,4}\s+\$?\d.*$/,
];
const CLASS_END =
  /(?:residential|domestic|commercial|general|service|rate|use|\)|\b[A-Z0-9-]*\d[A-Z0-9-]*)$/i;
const withoutNextLabel = (v: string) => {
  const cut = LONG_NEXT_LABELS.map((re) => v.replace(re, "")).find((c) =>
    c !== v && RATE_CLASS.test(c) && CLASS_END.test(c)
  );
  return (cut ?? v).replace(NEXT_LABEL, "");
};

const RATE_LABELS =
  /^(?:(?:electric(?:ity)?\s+)?rate(?: schedule| plan| class(?:ification)?| code)?|billing rate|price plan|pricing plan|service class(?:ification)?|tariff|schedule|your rate(?: plan)?|rate type|(?:your |energy |electricity )?plan(?: name)?(?=\s*:))\s*[:#-]?\s*/i;
// "Plan:" names a retail electricity plan, unless it is a payment arrangement
const PAYMENT_PLAN =
  /\bbudget\b|\bpayment\b|\blevel(?:ized)?\b|\baverage\b|\bautopay\b|\bpaperless\b|\binstall?ment\b/i;

// a field the text layer printed on the same line after the class: "Schedule 1 Residential Meter G5851997"
// the service period printed after the rate on its line ("RS Residential From 8/28/24 To 9/27/24 30 Days")
const DATES_AFTER =
  /\s+(?:(?:[Ff]rom|FROM)\s+)?(?:\d{1,2}\/\d{1,2}\/\d{2,4}|[A-Z][a-z]{2,8}\.? \d{1,2},? \d{4})\b.*$/;
// … with its label ("Rate: Residential Service From 12/21/2023 To 01/21/2024": "Service From" is the period's label,
// the rate stops before it) — when what is left still names a class of service ("Residential"); "GS-2 General
// Service From 3/01/24" keeps its "Service" ("GS-2 General" names none)
const LABELLED_DATES_AFTER =
  /\s+(?:Service|Billing|Billed|Read|Usage|SERVICE|BILLING)\s+(?:[Ff]rom|FROM)\s+(?:\d{1,2}\/\d{1,2}\/\d{2,4}|[A-Z][a-z]{2,8}\.? \d{1,2},? \d{4})\b.*$/;
const withoutPeriod = (v: string) => {
  const cut = v.replace(LABELLED_DATES_AFTER, "");
  return cut !== v && RATE_CLASS.test(cut) ? cut : v.replace(DATES_AFTER, "");
};
// … or the period's label ("Rate Code RSE1 - Residential Electric Service   Winter Billing Period")
const NEXT_FIELD =
  /\s+(?:Meter|Account|Premise|Service (?:Address|Location|Period)|(?:(?:Summer|Winter)\s+)?Billing (?:Period|Days|Date)|Read(?:ing)? Dates?)\b.*$/;
// the period's length printed after the rate on its line ("Rate: Residential Service (RS) 30 days")
// … or its label before the count ("Tariff: RS Residential Service Billing Days 29")
const DAYS_AFTER =
  /\s+(?:\d{1,3}\s+(?:billing\s+)?days?\b|(?:billing|service|elapsed)\s+days\s*:?\s*\d{1,3}\b).*$/i;

// a class in capitals, then a sentence the text layer joined to it ("RESIDENTIAL ELECTRIC Water and sewer usage in
// hundreds of gallons"): the class ends where the mixed-case sentence starts (round 29)
const CAPS_THEN_SENTENCE = /^([A-Z0-9][A-Z0-9 &()/.-]*[A-Z0-9)])\s+[A-Z][a-z]+(?:\s+[a-z]+){2,}\b.*$/;
const capsBeforeSentence = (v: string) => {
  const m = v.match(CAPS_THEN_SENTENCE);
  return m && /[A-Z]{3}/.test(m[1]) && RATE_CLASS.test(m[1]) ? m[1] : v;
};

/** "Schedule 1 Residential": a schedule's number alone does not name it, so the word stays with the value. */
const withScheduleWord = (label: string, v: string) =>
  /^schedule\s*$/i.test(label) && /^[A-Z0-9-]{1,6}\b/.test(v) ? `Schedule ${v}` : v;

// "Meter M5054855 Rate SC1 Residential": the meter's field before the rate's label in one cell
const LEADING_METER =
  /^meter\s*(?:#|no\.?|number)?\s*:?\s*[A-Z0-9-]*\d[A-Z0-9-]*\s+(?=rate\b|schedule\b|tariff\b)/i;
// "06/17/2023 - 07/15/2023 (28 days) Rate R - Residential Service": the period (and its days) before the rate's
// label in one cell
// "Service Address: 8970 OAK HOLLOW DR Rate: Residential Rate 711": another labelled field before the rate's
// label, both with their colons, in one cell
const LEADING_FIELD =
  /^(?:service (?:address|location)|premises?(?: address)?|location)\s*:\s*\S.*?\s+(?=rate\s*:)/i;
// "Service Location 8642 SUNSET BLVD Rate Residential Service Meter G91059578": a service street in capitals before
// the rate's label (in title case, no colons) in one cell — the street ends where the mixed-case label starts
// (round 28)
const LEADING_STREET =
  /^(?:[Ss]ervice (?:[Aa]ddress|[Ll]ocation)|SERVICE (?:ADDRESS|LOCATION)|[Pp]remises?)\s*:?\s*\d+(?: [A-Z0-9#.-]+)+\s+(?=Rate [A-Z])/;
const LEADING_PERIOD =
  /^\d{1,2}\/\d{1,2}\/\d{2,4}\s*(?:-|–|to)\s*\d{1,2}\/\d{1,2}\/\d{2,4}\s*(?:\(\d{1,3} days\))?\s+(?=rate\b|schedule\b|tariff\b)/i;

/**
 * After a label naming the rate's code ("Rate Code: RES - Residential", "Rate Code RSE1 - Residential Electric
 * Service"), the code before the dash is the code, the class after it the rate's name.
 */
function withoutCode(label: string, v: string): string {
  // … and after a "Tariff" or "Rate" label, its number before the dash ("Tariff 015 - Residential Service",
  // "Rate 10 - Residential Service"): a number names no class of service
  const number = /\b(?:tariff|rate)\b/i.test(label) && v.match(/^\d{1,4}\s*[-\u2013]\s+(.+)$/)?.[1];
  if (number && RATE_CLASS.test(number)) return number;
  if (!/\bcode\b/i.test(label)) return v;
  const m = v.match(/^[A-Z0-9]{1,6}\s*[-\u2013]\s+(.+)$/);
  return m && RATE_CLASS.test(m[1]) ? m[1] : v;
}

// usage fields the text layer printed before a labelled rate in one item ("Usage 557 kWh 32 days Service
// Classification: SC1 Residential", "Usage Period: 08/22/2024 to 09/20/2024 Days: 29 Rate: Residential"): a kWh
// quantity, a count of days (labelled or not) or a date ("Billing Period: 11/16/2023 to 12/15/2023 Rate: …"), then a
// rate label with its colon. The kWh quantity is tried only from the first digit of its run of digits and commas (no
// digit before it, past commas: the same match, as a quantity that matches from inside a run matches from that digit,
// which comes first); tried from every digit, 40,000 characters of "1,1,1…" took 4 s (docs/security.md "Pass 5")
export const FIELDS_BEFORE_LABEL =
  /^.*?\b(?:(?<!\d,*)\d[\d,]*\s*kwh|\d{1,3}\s+days?|days?\s*:\s*\d{1,3}|\d{1,2}\/\d{1,2}\/\d{2,4})\s+(?=(?:service class(?:ification)?|rate(?: schedule| class| code)?|tariff)\s*:)/i;
const SEASON_AFTER = /\s*[-\u2013]\s*(?:Summer|Winter)\s+Rates?\b.*$/i;

const RATE_CLASS =
  /\b(?:residential|domestic|general service|small commercial|commercial|time[- ]of[- ]use|TOU)\b/i;

// a few title words (no digit, no colon) before a rate label that has its colon
const TITLE_BEFORE_RATE = /^(?:[A-Z][a-z]+ ){1,4}(?=(?:rate|tariff|schedule)\b[^:\d]{0,12}:)/i;
// a rate schedule named inside a section title: "Current Charge Detail Schedule 1 Residential Service 31 Days"
const SCHEDULE_IN_TITLE =
  /\b(Schedule [A-Z0-9-]{1,6} (?:[A-Z][a-z]+ ){0,2}?(?:Residential|Domestic|General)(?: (?:Service|Rate))?)\b/;

const CLASS_THEN_PERIOD =
  /^(?:Electric(?:ity)?(?: Service)?\s+)?((?:Residential|Domestic|General)(?: [A-Za-z]+){0,2} (?:Service|Rate)(?: [A-Z]{0,3}-?\d{1,3}[A-Z]?| \([A-Z0-9-]{1,8}\))?)\s+\d{1,2}\/\d{1,2}\/\d{2,4}\s*(?:-|\u2013|to)\s*\d{1,2}\/\d{1,2}\/\d{2,4}\b/;

/** The rate plan or class: a labelled rate ("Rate: RS-1 RESIDENTIAL SERVICE") or a "... Schedule X" phrase. */
export function findRatePlan(lines: string[]): string {
  for (const line of lines) {
    for (const cell of cells(line)) {
      // a rate printed after its meter's number in one cell; another service's meter's rate is not electric
      let c = cell.replace(LEADING_METER, "").replace(LEADING_PERIOD, "").replace(LEADING_FIELD, "")
        .replace(LEADING_STREET, "")
        .replace(FIELDS_BEFORE_LABEL, "");
      if (c !== cell && GAS.test(c)) continue;
      let m = c.match(RATE_LABELS);
      // a section title joined to the labelled rate by the text layer ("Billing Details Rate: 1A Residential")
      const titled = m ? undefined : c.match(TITLE_BEFORE_RATE);
      if (titled) {
        c = c.slice(titled[0].length);
        m = c.match(RATE_LABELS);
      }
      if (m && m[0].includes(":")) {
        // the next field joined to the value on its line ("Rate: Time-of-Day Rate   Meter K5098692   31 days")
        const v = capsBeforeSentence(
          withoutPeriod(withoutNextLabel(c.slice(m[0].length)).replace(NEXT_FIELD, "")).replace(
            DAYS_AFTER,
            "",
          )
            .trim(),
        );
        // after a title, only a class of service or a rate code ("Your Price to Compare Rate: 7.5 cents" is not)
        const named = !titled ||
          ((RATE_CLASS.test(v) || /\b[A-Z]{1,3}-?\d{1,3}[A-Z]?\b/.test(v)) &&
            !/cents?\b|¢|\bkwh\b|\bper\b/i.test(v));
        if (
          v && named && !RATE_NUMBER.test(v) && !/^\$/.test(v) &&
          !(/plan/i.test(m[0]) && PAYMENT_PLAN.test(v))
        ) {
          return withoutCode(m[0], v);
        }
      }
      // without a colon ("Rate   1(M) Residential Service", "Rate R Residential Service"): only a value that
      // names a class of service, never a price line
      if (
        m && !titled && !m[0].includes(":") &&
        !/[A-Za-z]/.test(c.charAt(m[0].length - 1) === " " ? "" : c.charAt(m[0].length))
      ) {
        // the text layer may join the next label to the value: "RS Residential Service Service period: …"
        const v = withoutCode(
          m[0],
          withScheduleWord(
            m[0],
            withoutPeriod(
              withoutNextLabel(c.slice(m[0].length).trim() || cells(line)[cells(line).indexOf(c) + 1] || "")
                .replace(NEXT_FIELD, ""),
            ).replace(DAYS_AFTER, "").trim(),
          ),
        );
        // … or a rate code alone in the label's cell ("Rate RG   Read Dates …")
        const code = /^[A-Z]{1,3}\d{0,2}[A-Z]?$/.test(v) && c.slice(m[0].length).trim().startsWith(v);
        if (
          v && (RATE_CLASS.test(v) || code) && !RATE_NUMBER.test(v) && !/\$|\bkwh\b|%/i.test(v) &&
          v.length <= 50 &&
          v.split(/\s+/).length <= 6 &&
          !/\b(?:effective|increase|change[sd]?|for|will|your|on|per)\b/i.test(v)
        ) return v;
      }
    }
  }
  for (const line of lines) {
    for (const c of cells(line)) if (/\bSchedule\s+[A-Z0-9-]+$/.test(c) && c.length < 60) return c;
  }
  // the electric charges' heading names the rate: "Electric Charges - Farm and Home Service",
  // "Electric Charges Schedule 7 Residential", "Energy Charges - Schedule 7 Residential Service", "Current
  // Charges - Rate 1 Residential Service" (a combined statement's gas heading is another service's)
  for (const line of lines) {
    for (const c of cells(line)) {
      const v = c.match(
        /^(?:Electric(?:ity)?(?: Service)? Charges\s*[-:\u2013]?|(?:Energy|Current) Charges\s*[-:\u2013])\s+(.+)$/i,
      )?.[1].trim()
        // the rate's own label with its colon after the heading ("Current Charges - RATE: RESIDENTIAL") (round 28)
        .replace(/^(?:rate(?: schedule| class| code)?|schedule|tariff)\s*:\s*(?=\S)/i, "")
        // … or without its colon, before a class of service ("Electric Charges Rate Residential Electric RS"): the
        // label, not the rate's first word ("Rate 1 Residential Service" keeps its number's word) (round 35)
        .replace(/^rate(?: schedule| class)?\s+(?=(?:residential|domestic|general|commercial)\b)/i, "");
      if (
        v && v.split(/\s+/).length <= 6 && !/\$|\d[\d,]*\s*kwh|%|\bgas\b/i.test(v) &&
        (RATE_CLASS.test(v) || /\bschedule\b|\brate\b|\bservice$/i.test(v))
      ) return v;
    }
  }
  // … or the line under that heading opens with the class, then the period ("Electric Charges" / "Residential
  // Electric 07/28/2023 - 08/28/2023 Meter M2885554")
  for (let i = 1; i < lines.length; i++) {
    if (!/^Electric(?:ity)?(?: Service)? Charges$/i.test(cells(lines[i - 1])[0] ?? "")) continue;
    const v = (cells(lines[i])[0] ?? "").match(
      /^([A-Za-z][A-Za-z -]{2,40}?)\s+\d{1,2}\/\d{1,2}\/\d{2,4}\s*[-\u2013]\s*\d{1,2}\/\d{1,2}\/\d{2,4}\b/,
    )?.[1];
    if (v && RATE_CLASS.test(v) && v.split(/\s+/).length <= 5 && !GAS.test(v)) return v;
  }
  // a line that opens with the class of service, then the period ("Residential Service 09/09/2024 to 10/09/2024   30
  // days", "Electric Service Residential Service (RS-1) 02/17/2023 - 03/17/2023"): the class (round 29)
  for (const line of lines) {
    const v = (cells(line)[0] ?? "").match(CLASS_THEN_PERIOD)?.[1];
    if (v && !GAS.test(line)) return v;
  }
  // a schedule and its class inside a title ("… Charge Detail Schedule 1 Residential Service 31 Days")
  for (const line of lines) {
    for (const c of cells(line)) {
      const v = c.match(SCHEDULE_IN_TITLE)?.[1];
      if (v && !GAS.test(c) && !/\b(?:will|effective|change[sd]?|increase|new)\b|\$|%/i.test(c)) return v;
    }
  }
  // an unlabelled class of service with its code: "Residential Service D1", "General Service Rate (GS-1)",
  // also with the next label joined to it by the text layer ("Residential Service D1 Billing Period: Feb 8 - …")
  for (const line of lines) {
    for (const cell of cells(line)) {
      // … and the season's rates printed after it ("Residential Service (RS) - Winter Rates in Effect")
      const c = cell.replace(NEXT_LABEL, "").replace(SEASON_AFTER, "").trim();
      if (
        /^(?:Residential|Domestic|General)(?: [A-Za-z]+){0,2} (?:Service|Rate)(?: [A-Z]{0,3}-?\d{1,3}[A-Z]?| \([A-Z0-9-]{1,8}\))$/
          .test(c)
      ) return c;
    }
  }
  return "";
}

/** The usage tier, only where the bill marks one ("Tier 2", "Usage tier: Tier 3", "Tier: 2"). */
export function findTier(lines: string[]): string {
  for (const line of lines) {
    const m = line.match(
      /\b(?:usage |pricing |current |your )?tier\s*[:#]?\s*(tier\s*)?(\d|[IV]{1,3}|one|two|three)\b/i,
    );
    // a tier that prices a quantity of kWh ("Tier 1 (0-300 kWh) 300 kWh @ $0.0930") is a price block, not the
    // customer's tier
    if (m && /\bkwh\b.*(?:[x×@]|\bat\b)\s*\$?\s*\d?\.\d{2,7}/i.test(line.slice(m.index))) continue;
    if (m && !/\bfirst\b|\bover\b/i.test(line)) return `Tier ${m[2].toUpperCase()}`;
  }
  return "";
}

/**
 * Another line (not delivery, not an adjustment or rider) bills the bill's kWh at a price other than `price`, and
 * its amount is that product ("Energy Charge 1,212 kWh @ $0.0953   $115.50"): a price whose own product the bill
 * prints nowhere is then not known to be the energy's price.
 */
export function otherConfirmedPrice(lines: string[], kwh: number, price: string): boolean {
  if (!(kwh > 0) || !price) return false;
  return lines.some((l) => {
    if (DELIVERY.test(l) || ADJUSTMENT.test(l) || GAS.test(l)) return false;
    const m = l.match(/(\d[\d,]*)\s*kwh\s*(?:[x×@]|at)\s*\$?\s*(\d?\.\d{3,7})\b(.*)$/i);
    if (!m || Number(m[1].replace(/,/g, "")) !== kwh || Number(m[2]) === Number(price)) return false;
    const product = kwh * Number(m[2]);
    return [...m[3].matchAll(/\$?\s*(\d[\d,]*\.\d{2})\b/g)].some((a) =>
      Math.abs(Number(a[1].replace(/,/g, "")) - product) <= Math.max(0.02, product * 0.005)
    );
  });
}

/**
 * The class of service printed under a "Rate" column of a table ("Meter Number   Rate Schedule   Service Dates" over
 * "G1841183   Residential   …"): the first row's cell, when it names a class of service (a code alone does not).
 */
export function rateInColumn(tables: ReturnType<typeof readTables>): string {
  for (const t of tables) {
    const k = t.columns.findIndex((c) =>
      /^(?:electric(?:ity)?\s+)?(?:rate(?: schedule| class| code)?|tariff|service class)$/i.test(
        c.header.trim(),
      )
    );
    if (k < 0 || t.columns.some((c) => GAS.test(c.header))) continue;
    const v = t.rows.map((r) => (r.cells[k] ?? "").trim()).find((c) => c);
    if (
      v && RATE_CLASS.test(v) && !GAS.test(v) && v.split(/\s+/).length <= 5 && !/\$|%|\bkwh\b/i.test(v)
    ) return v;
  }
  // a multi-service table's "Service" column naming the electric service with its class ("Electric Residential"
  // over "Natural Gas" and "Water" rows): the class after the service's word (round 29)
  for (const t of tables) {
    const k = t.columns.findIndex((c) =>
      /^(?:services?|service description|description)$/i.test(c.header.trim())
    );
    if (k < 0) continue;
    const v = t.rows.map((r) => (r.cells[k] ?? "").trim().match(/^electric(?:ity)?\s+(.+)$/i)?.[1].trim())
      .filter((c) => c !== undefined);
    if (
      v.length === 1 && RATE_CLASS.test(v[0]!) && !GAS.test(v[0]!) && v[0]!.split(/\s+/).length <= 4 &&
      !/\$|%|\d/.test(v[0]!) && !NOT_A_CLASS.test(v[0]!)
    ) return v[0]!;
  }
  return "";
}

// a section heading of the electric service or its charges with the class of service after a dash
// ("ELECTRIC - Residential", "Charges - Single Phase Residential", "Electric Service – General Service", "Actual
// Charges This Month - Residential Service")
const HEADING_RATE =
  /^(?:electric(?:ity)?(?: service)?|(?:current |electric |monthly |actual )?charges(?: (?:this|for the) (?:month|period))?)\s*[-\u2013]\s+([A-Za-z][A-Za-z ()/-]{2,50})$/i;

const TOTAL_AFTER = /\s+(?:total\s+)?(?:usage|use|kwh used|energy used)\s*:?\s*\d[\d,]*\s*kwh$/i;

/** The class of service a section heading names after a dash, or "" (a fallback when no rate is labelled). */
export function rateInHeading(lines: string[]): string {
  for (const line of lines) {
    // the service's total kWh printed after the heading in its cell ("Electric - Residential Time-of-Day Total Usage
    // 1,087 kWh"): not the rate's words (round 25)
    const cell = cells(line)[0]?.trim().replace(TOTAL_AFTER, "");
    const v = cell?.match(HEADING_RATE)?.[1].trim();
    if (v && RATE_CLASS.test(v) && v.split(/\s+/).length <= 5) return v;
  }
  return "";
}

// the electric line billing the kWh at a price, headed by the class of service ("Residential Service 812 kWh x
// $0.0759", "ELECTRIC RESIDENTIAL ELECTRIC 1,092 KWH @ $0.07050": the service's name first, then the class)
const CLASS_PRICED =
  /^(?:electric(?:ity)?\s+)?([A-Za-z][A-Za-z ()-]{2,40}?)\s+\d[\d,]*\s*kwh\s*(?:[x×@]|at)\s*\$?\s*\d?\.\d{3,7}\b/i;
const NOT_A_CLASS =
  /\b(?:charges?|energy|supply|generation|fuel|commodity|power|block|tier|first|next|over|additional|summer|winter|peak|on|off|usage|kwh)\b/i;

/** The class of service that heads the electric service's priced kWh line, when one line alone names one, or "". */
export function rateInChargeLine(lines: string[]): string {
  const found = new Set<string>();
  for (const line of lines) {
    for (const c of cells(line)) {
      const v = c.trim().match(CLASS_PRICED)?.[1].trim();
      if (
        v && RATE_CLASS.test(v) && v.split(/\s+/).length <= 5 && !NOT_A_CLASS.test(v) && !DELIVERY.test(v) &&
        !ADJUSTMENT.test(v) && !GAS.test(c)
      ) found.add(v);
    }
  }
  return found.size === 1 ? [...found][0] : "";
}
