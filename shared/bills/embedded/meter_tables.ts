// Meter tables read by the generic table reader, and a billing period printed without a label. Nothing here
// knows a utility: US bills print a meter's readings as a table (meter number / read dates / previous and
// present reading / multiplier / usage), and many print the period as a bare date range.
import type { Meter } from "../schema.ts";
import type { Word } from "./pairing.ts";
import { allRules, type RuleSwitch } from "./rules.ts";
import { readTables } from "./tables.ts";
import { sideTableCut, splitAt } from "./side_tables.ts";
import { GAS, OTHER_SERVICE, OTHER_SERVICE_UNIT } from "./lexicon.ts";
import { allDates, parseDate, parseNumber } from "./values.ts";
import { type NetRole, netRole, netUsageColumn } from "./net_metering.ts";
import { readingDifferences } from "./cross_check_meters.ts";

type Role = "meter" | "previous" | "present" | "startDate" | "endDate" | "multiplier" | "usage";

/** What a meter table's column holds, from its header ("Prior Read Date", "Present Reading", "Total kWh"). */
export function columnRole(header: string): Role | undefined {
  const h = header.toLowerCase();
  if (!h) return undefined;
  // "Read Dates" / "Service Dates" over two date columns: the first is the start (the second, headed by nothing,
  // is the end: see pairedDates)
  if (/\bdates\b/.test(h) && !/\bdue\b/.test(h)) return "startDate";
  // a billing cycle's ends named without the word date ("Cycle Began", "Cycle Ended")
  if (/^(?:billing\s+)?cycle\s+(?:began|begins|start(?:ed|s)?)$/.test(h)) return "startDate";
  if (/^(?:billing\s+)?cycle\s+(?:ended|ends?)$/.test(h)) return "endDate";
  const before = /\b(?:prior|previous|prev\.?|last|beginning|start|from)\b/.test(h);
  if (/\bdate\b|\bdated\b/.test(h)) {
    return before
      ? "startDate"
      : /\bread|\bto\b|end|\bpresent\b|\bcurrent\b|\bcurr\.?(?=\s|$)/.test(h)
      ? "endDate"
      : undefined;
  }
  // the header's last word names the column: "Meter" under a title the header band took in ("… Electric Meter")
  // ("Meter #": no word boundary follows "#", so the alternatives end on a lookahead, not on \b)
  if (/\bmeter\s*(?:number|no\.?|#|id)(?!\w)|\bmeter$/.test(h)) return "meter";
  if (/multiplier|\bmult\b|constant|\bfactor\b/.test(h)) return "multiplier";
  if (/\bread(?:ing|ings)?\b/.test(h)) return before ? "previous" : "present";
  // a readings table's two reading columns headed by the one word alone ("Previous   Current   Usage", "Present
  // Past"): the readings (a date column says date, an amount column charges or amount)
  if (/^(?:previous|prior|prev\.?|past|last)$/.test(h.trim())) return "previous";
  if (/^(?:present|current|curr\.?)$/.test(h.trim())) return "present";
  if (
    /\bkwh\b|\busage\b|\bused\b|consumption|energy/.test(h) &&
    !/\$|amount|cost|days|demand|average|avg|per day|\bkw\b(?!h)/.test(h)
  ) {
    return "usage";
  }
  return undefined;
}

type ColumnTable = ReturnType<typeof readTables>[number];

/**
 * A table whose header names a meter column more than once is several tables printed side by side (an
 * electric and a gas meter table of a combined statement): each starts at its meter column, and only a
 * section that says kWh or electric is kept (the others' titles, which name their service, are not headers).
 */
function sections(t: ColumnTable): ColumnTable[] {
  const starts = t.columns.flatMap((c, k) => (columnRole(c.header) === "meter" ? [k] : []));
  if (starts.length < 2) return [t];
  return starts.map((a, n) => {
    const b = starts[n + 1] ?? t.columns.length;
    return {
      ...t,
      columns: t.columns.slice(n ? a : 0, b),
      rows: t.rows.map((r) => ({ ...r, cells: r.cells.slice(n ? a : 0, b) })),
    };
  }).filter((s) =>
    [...s.columns.map((c) => c.header), ...s.rows.flatMap((r) => r.cells)].some((c) => ELECTRIC.test(c))
  );
}
const ELECTRIC = /\bkwh\b|\belectric/i;
/** The net-metering register a meter table's row names in its words ("Delivered (kWh In)", "Received (kWh Out)"). */
const registerRole = (cells: string[]) =>
  cells.map((c) => (/[a-z]{3}/i.test(c) ? netRole(c) : undefined)).find((r) => r !== undefined);

const METER_ID = /^[A-Z]{0,3}\d[A-Z0-9-]{3,}$|^[A-Z]{1,3}[A-Z0-9-]*\d{4,}$/;
// a cell's number, with the unit or the read type some bills print beside it ("1,180 kWh", "57673 Actual")
const num = (s: string) => {
  const t = s.trim().replace(/\s*(?:kwh|actual|estimated|est\.?|customer|[AE])$/i, "");
  return /^[\d,]+(?:\.\d+)?$/.test(t) ? parseNumber(t) : undefined;
};

// a register's reading: never negative, so a mark before its digits is a speck OCR read ("-81874") (round 29)
const reading = (s: string) => num(s.trim().replace(/^[-\u2013\u2014~'\u2018\u2019`.]+(?=\d)/, ""));

/**
 * Meters from the document's column tables whose header names a meter number and either a usage column or
 * present and previous readings. Usage is the usage column; without one, (present − previous) × multiplier,
 * a present reading below the previous one being a rollover of the register (10^digits of the previous).
 * The meter's period is its previous and present read dates. Rows about gas are skipped.
 */
export function meterTables(pages: Word[][], on: RuleSwitch = allRules): Meter[] {
  const out = metersOf(pages, on);
  if (out.length) return out;
  // none: a meter table may share its band with a table beside it (side_tables.ts); each side read alone
  const cuts = pages.map((ws) => sideTableCut(ws));
  if (cuts.every((c) => c === undefined)) return out;
  const sides = pages.map((ws, p) => (cuts[p] === undefined ? [ws, []] : splitAt(ws, cuts[p]!)));
  return [...metersOf(sides.map((s) => s[0]), on), ...metersOf(sides.map((s) => s[1]), on)];
}

function metersOf(pages: Word[][], on: RuleSwitch): Meter[] {
  const out: Meter[] = [];
  for (let t of readTables(pages, on).flatMap(sections)) {
    let roles = t.columns.map((c) => columnRole(c.header));
    // a net-metering table: only its net column is usage, and no readings' difference (net_metering.ts)
    const net = netUsageColumn(t.columns.map((c, i) => (roles[i] === "usage" ? c.header : "")));
    if (net !== undefined) {
      roles = roles.map((r, i) =>
        (r === "usage" && i !== net) || r === "present" || r === "previous" ? undefined : r
      );
    }
    // one header over two date columns ("Read Dates  01/19/2023  02/19/2023"): the unheaded one is the end
    const two = roles.indexOf("startDate");
    if (
      two >= 0 && two + 1 < t.columns.length && /\bdates\b/i.test(t.columns[two].header) &&
      !t.columns[two + 1].header.trim() &&
      !roles.includes("endDate") && t.rows.every((r) =>
        !r.cells[two + 1]?.trim() || parseDate(r.cells[two + 1])
      )
    ) {
      roles[two + 1] = "endDate";
    }
    // the period's ends headed by "From" and "To" alone ("Read From   Read To") over cells that are all dates: the
    // meter's read dates, not its readings
    t.columns.forEach((c, k) => {
      const end = c.header.trim().match(/^(?:read\s+)?(from|to)$/i)?.[1].toLowerCase();
      const cs = t.rows.map((r) => r.cells[k]?.trim() ?? "").filter(Boolean);
      if (end && cs.length && cs.every((x) => parseDate(x))) {
        roles[k] = end === "from" ? "startDate" : "endDate";
      }
    });
    // … or over one cell holding both ("03/28/2024 - 04/26/2024"): its two dates, never one of them alone
    const range = two >= 0 && roles[two + 1] !== "endDate" && /\bdates\b/i.test(t.columns[two].header)
      ? two
      : -1;
    if (range >= 0) roles[range] = undefined;
    // a service's section printed beside the meters on the same lines ("… kWh   Meter G1841183 130 therms",
    // a gas meter's): the columns from its header on are another table, not a reason to drop this one
    const other = t.columns.findIndex((c) => GAS.test(c.header) || OTHER_SERVICE.test(c.header));
    if (other > 0 && roles.slice(0, other).includes("meter")) {
      const keep = roles.slice(0, other);
      const [l, r] = [keep.includes("usage"), keep.includes("present") && keep.includes("previous")];
      if (l || r) {
        t = {
          ...t,
          columns: t.columns.slice(0, other),
          rows: t.rows.map((row) => ({ ...row, cells: row.cells.slice(0, other) })),
        };
        roles = keep;
      }
    }
    const at = (r: Role) => roles.indexOf(r);
    // a readings table without a meter column (the meter's number printed elsewhere): one row whose present and
    // previous readings' difference is its usage, else nothing (meterless)
    if (
      at("meter") < 0 && at("usage") >= 0 && at("present") >= 0 && at("previous") >= 0 && net === undefined
    ) {
      // (a municipal statement's water row under the electric one, its readings' difference its usage too, is
      // not the electric meter: a row naming another service or its unit is left out)
      const rows = t.rows.filter((row) =>
        !row.cells.some((c) => GAS.test(c) || OTHER_SERVICE.test(c) || OTHER_SERVICE_UNIT.test(c))
      ).map((row) => {
        const n = (r: Role) => num(row.cells[at(r)] ?? "");
        const [usage, present, previous] = [
          n("usage"),
          reading(row.cells[at("present")] ?? ""),
          reading(row.cells[at("previous")] ?? ""),
        ];
        const mult = at("multiplier") >= 0 ? num(row.cells[at("multiplier")] ?? "") ?? 1 : 1;
        const ok = usage !== undefined && present !== undefined && previous !== undefined && usage > 0 &&
          Math.abs((present - previous) * mult - usage) < 0.5;
        const [s, e] = [
          parseDate(row.cells[at("startDate")] ?? ""),
          parseDate(row.cells[at("endDate")] ?? ""),
        ];
        return ok
          ? {
            meterNumber: "",
            usageKwh: String(usage),
            servicePeriodStart: at("startDate") >= 0 && at("endDate") >= 0 && s && e && s < e ? s : "",
            servicePeriodEnd: at("startDate") >= 0 && at("endDate") >= 0 && s && e && s < e ? e : "",
          }
          : undefined;
      }).filter((m) => m !== undefined);
      if (rows.length === 1 && !t.columns.some((c) => GAS.test(c.header) || OTHER_SERVICE.test(c.header))) {
        out.push(rows[0]);
      }
      continue;
    }
    if (
      at("meter") < 0 || (at("usage") < 0 && (at("present") < 0 || at("previous") < 0) && net === undefined)
    ) {
      continue;
    }
    if (t.columns.some((c) => GAS.test(c.header) || OTHER_SERVICE.test(c.header))) continue;
    let last: Meter | undefined;
    let lastRole: NetRole | undefined;
    for (const row of t.rows) {
      // (a speck OCR read after the number is no part of it: "G304228444." — round 26)
      const id = meterIdOf(row.cells[at("meter")].trim().replace(/(?<=\d)[.,;:'`]+$/, ""));
      const cell = (r: Role) => (at(r) >= 0 ? row.cells[at(r)] : "");
      // a row without a meter number under a meter's row is another register of that meter (a time-of-use
      // meter's off-peak register): its kWh adds to the meter's (a total row is not a register)
      if (!id && last?.usageKwh && !row.cells.some((c) => /\btotal\b/i.test(c))) {
        // (a table of readings without a usage column: the register's readings' difference — round 29)
        const more = at("usage") >= 0 ? num(cell("usage")) : readingsUsage(row.cells, at);
        // … unless it is the energy the customer's panels sent back ("Received (kWh Out)") under the register
        // of the energy delivered: the meter's kWh is then the net, delivered less received (net_metering.ts);
        // received under a register not named delivered: which is which is not said, left empty
        const received = registerRole(row.cells) === "received";
        if (more !== undefined && received) {
          last.usageKwh = lastRole === "delivered"
            ? String(Math.round((Number(last.usageKwh) - more) * 1000) / 1000)
            : "";
        } else if (more !== undefined) {
          last.usageKwh = String(Math.round((Number(last.usageKwh) + more) * 1000) / 1000);
        }
        continue;
      }
      last = undefined;
      lastRole = registerRole(row.cells);
      if (!METER_ID.test(id) || row.cells.some((c) => GAS.test(c) || OTHER_SERVICE.test(c))) continue;
      // a municipal bill's water or gas meter in the electric meter's table, its units in a cell of their own ("WA
      // 11694197 … 868 CF" under "RE K6742482 … 1,092 KWH"): a row naming a unit of water or gas and no kWh
      if (
        row.cells.some((c) => OTHER_SERVICE_UNIT.test(c)) && !row.cells.some((c) => /\bkwh\b/i.test(c))
      ) continue;
      let usage = num(cell("usage"));
      // a thousands comma read as a point ("1.950" for 1,950, a scan's): the readings' difference says which
      if (usage !== undefined && /^\d{1,3}\.\d{3}$/.test(cell("usage").trim())) {
        const [present, previous] = [reading(cell("present")), reading(cell("previous"))];
        const mult = at("multiplier") >= 0 ? num(cell("multiplier")) ?? 1 : 1;
        const whole = Math.round(usage * 1000);
        if (present !== undefined && previous !== undefined && (present - previous) * mult === whole) {
          usage = whole;
        } else if (readingDifferences(row.cells.join("   ")).includes(whole)) {
          // … or two readings on the row whose columns OCR garbled ("Muit" for "Mult" shifts the cells: round 26)
          usage = whole;
        }
      }
      if (usage === undefined) usage = readingsUsage(row.cells, at);
      const both = range >= 0 ? allDates(row.cells[range] ?? "") : [];
      const [s, e] = range >= 0
        ? (both.length === 2 ? both : ["", ""])
        : [parseDate(cell("startDate")), parseDate(cell("endDate"))];
      last = {
        meterNumber: id,
        usageKwh: usage === undefined ? "" : String(usage),
        servicePeriodStart: s && e && s > e ? e : s,
        servicePeriodEnd: s && e && s > e ? s : e,
      };
      out.push(last);
    }
  }
  return out;
}

/**
 * The meter number of a meter column's cell: the cell, or the number that ends it when the service's description
 * printed left of it ran into the column ("ELECTRIC RESIDENTIAL G5739397": words without a digit, then the number;
 * round 30). A cell of other words and numbers stays whole (and so no meter number).
 */
export function meterIdOf(cell: string): string {
  if (METER_ID.test(cell)) return cell;
  const m = cell.match(/^([A-Za-z][A-Za-z&/ -]*?)\s+(\S+)$/);
  return m && !/\d/.test(m[1]) && METER_ID.test(m[2]) && /\d{4}/.test(m[2]) ? m[2] : cell;
}

/** A row's present less previous reading times its multiplier, when both readings are numbers (a rollover too). */
function readingsUsage(cells: string[], at: (r: Role) => number): number | undefined {
  const cell = (r: Role) => (at(r) >= 0 ? cells[at(r)] ?? "" : "");
  const [present, previous] = [reading(cell("present")), reading(cell("previous"))];
  if (present === undefined || previous === undefined) return undefined;
  const mult = at("multiplier") >= 0 ? num(cell("multiplier")) ?? 1 : 1;
  const digits = cell("previous").replace(/\D/g, "").length;
  const diff = present >= previous ? present - previous : present + 10 ** digits - previous;
  return Math.round(diff * mult * 1000) / 1000;
}

const day = (iso: string) => Date.parse(iso) / 86_400_000;
const D = String.raw`(?:\d{1,2}\/\d{1,2}\/\d{2,4}|[A-Z][a-z]{2,8}\.?\s+\d{1,2}(?:,?\s+\d{4})?)`;
const RANGE = new RegExp(`(${D})\\s*(?:-|–|—|to|through|thru)\\s*(${D})`, "gi");

/**
 * A billing period printed without a label: a date range of 20..40 days ("Jan 5 – Feb 4, 2022",
 * "01/05/22 to 02/04/22"; a start without a year takes the end's). Kept only when the bill's own dates agree:
 * period end ≤ statement date ≤ due date, a meter read on its last day (or the day before its first), a day
 * count printed next to it equal to its length. Two different ranges that both pass → none.
 */
export function unlabelledPeriod(
  lines: string[],
  statement: string,
  due: string,
  meters: Meter[],
): { dates: [string, string]; conf: number } | undefined {
  const found = new Map<string, { dates: [string, string]; conf: number }>();
  for (const line of lines) {
    for (const m of line.matchAll(RANGE)) {
      const b = parseDate(m[2]);
      let a = parseDate(m[1]);
      if (!a && b && !/\d{4}|\/\d{2}$/.test(m[1])) a = parseDate(`${m[1]}, ${b.slice(0, 4)}`);
      if (a && b && a > b && !/\d{4}/.test(m[1])) a = parseDate(`${m[1]}, ${Number(b.slice(0, 4)) - 1}`);
      if (!a || !b) continue;
      const span = day(b) - day(a);
      if (span < 20 || span > 40) continue;
      if ((statement && statement < b) || (due && due < b) || (statement && due && due < statement)) continue;
      let conf = 0;
      if (statement || due) conf += 0.55;
      if (meters.some((x) => x.servicePeriodEnd === b)) conf += 0.15;
      const days = line.slice((m.index ?? 0) + m[0].length).match(/^\D{0,12}?\b(\d{2})\s*days\b/i)?.[1];
      if (days) conf += Math.abs(Number(days) - span) <= 1 ? 0.1 : -0.3;
      const key = `${a}|${b}`;
      if (!found.has(key) || found.get(key)!.conf < conf) found.set(key, { dates: [a, b], conf });
    }
  }
  const kept = [...found.values()].filter((f) => f.conf >= 0.5);
  return kept.length === 1 ? { ...kept[0], conf: Math.min(0.8, kept[0].conf) } : undefined;
}

/**
 * No billing period printed as such: the meters' read dates (a meter table's previous and current read
 * dates), when every meter has the same two, 20–40 days apart, read on or before the statement and due
 * dates. A residential bill's period is its meter's read period.
 */
export function periodFromMeterReads(
  meters: Meter[],
  statement: string,
  due: string,
): { dates: [string, string]; conf: number } | undefined {
  if (!meters.length || (!statement && !due)) return undefined;
  const [a, b] = [meters[0].servicePeriodStart, meters[0].servicePeriodEnd];
  if (!a || !b || meters.some((m) => m.servicePeriodStart !== a || m.servicePeriodEnd !== b)) {
    return undefined;
  }
  const span = day(b) - day(a);
  if (span < 20 || span > 40 || (statement && statement < b) || (due && due < b)) return undefined;
  return { dates: [a, b], conf: 0.65 };
}
