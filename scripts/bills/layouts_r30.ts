// Round-30 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from their public "how to read your bill" pages (label words, section names, charge names:
// tests/fixtures/bills/synthetic/SOURCES.md "Round 30 layouts"). Shapes: a co-op statement whose summary prints
// each **label under its value**, energy and demand charges with a price of five decimals, and a **history table
// turned on its side** — the months as columns, the kWh, the average temperature and the average daily cost as rows
// (Nodak Electric Cooperative, North Dakota); an investor-owned utility's bill with a **two-column summary** (two
// label–value pairs on each line), supply (Last Resort Service) and delivery charges at five decimals, and a
// **year-by-year usage summary** — the months as columns, one row per year (Rhode Island Energy); a town's bill of
// electric, gas, water and sewer with **two electric meters**, read dates printed **without their year**, an
// energy charge printed "@ .10853", the amount owed and the total after the due date, a route number and a usage
// comparison of this month, last month and the same month last year (Ripley Power and Light, Tennessee); a co-op
// bill with a member number beside the account number, an availability charge, an energy cost adjustment and a
// cost of debt adjustment, and a 13-month history whose **month names are printed under their values** without
// years (Arkansas Valley Electric Cooperative, Arkansas).
// Two of them were SEALED in round 30 (R30_SEALED, drawn at random before the first score; dev layouts since round
// 32, their sealed figures in docs/bills.md). Registered in layouts_heldout.ts.
// Truth conventions (earlier rounds, docs/bills.md): a co-op's or a city's energy charge per kWh is its supply
// price, and a retail utility's supply (Last Resort Service) price is; the amount due is the amount due by the due
// date (not the total after it); dates printed without their year are the bill's dates (the year is the bill's);
// gas and water are no electric months; two electric meters are two meters, each with its own kWh.
import { drawStub } from "./stub.ts";
import type { Rng } from "./random_bill.ts";
import { truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, days, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  ND: [["Grand Forks", "58201"], ["Larimore", "58251"], ["Northwood", "58267"], ["Mayville", "58257"]],
  RI: [["Cranston", "02920"], ["Warwick", "02886"], ["Providence", "02906"], ["Pawtucket", "02860"]],
  TN: [["Ripley", "38063"], ["Ripley", "38063"], ["Halls", "38040"], ["Ripley", "38063"]],
  AR: [["Ozark", "72949"], ["Van Buren", "72956"], ["Alma", "72921"], ["Mulberry", "72947"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityOf = (a: { city: string; state: string; zip: string }) =>
  `${a.city.toUpperCase()} ${a.state} ${a.zip}`;
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const yy = (y: number) => String(y).slice(2);
const p2 = (n: number) => String(n).padStart(2, "0");
/** "10/04": a date printed without its year. */
const md = (d: Date) => `${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())}`;
/** A price of five decimals ("0.10412"). */
const price5 = (r: Rng, lo: number, hi: number) => `0.${p2(r.int(lo, hi))}${r.digits(3)}`;

/** Nodak Electric Cooperative (North Dakota): labels under values, energy and demand charges, a history on its side. */
async function nodak(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "ND", {
    utility: "Nodak Electric Cooperative",
    rate: "Rural Residential",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.3),
  });
  f.supplyRate = price5(r, 9, 11);
  const k = f.meters[0].kwh, kw = (r.int(40, 120) / 10).toFixed(1);
  const energy = k * +f.supplyRate, facility = 38, demand = +kw * 0.95, tax = energy * 0.02;
  f.amountDue = (facility + energy + demand + tax).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 38, "NODAK ELECTRIC COOPERATIVE, INC.", { size: 13, bold: true });
  s.text(36, 49, "4000 32nd Ave S   PO Box 13000   Grand Forks, ND 58208-3000   701-746-4461", { size: 6.5 });
  // the account's figures: each value printed over its label
  const xs = [36, 170, 300, 440];
  [
    [f.account, "Account Number"],
    [fmt.slash(f.invoiceDate), "Statement Date"],
    [fmt.slash(f.dueDate), "Past Due Date"],
    [fmt.money(f.amountDue), "Amount Due"],
  ].forEach(([v, l], i) => {
    s.text(xs[i], 72, v, { size: 10, bold: i === 3 });
    s.text(xs[i], 82, l, { size: 6 });
  });
  s.rule(90, 36, 576);
  const { prev, paid } = summary(r, f);
  s.text(36, 104, "Summary of Charges", { size: 9, bold: true });
  [
    ["Previous Balance", money(prev)],
    ["Payments Received - Thank You", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 280, 116 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(320, 104, "Important Information", { size: 9, bold: true });
  s.text(320, 116, "Paying by mail? Include the bottom portion with the", { size: 6.5 });
  s.text(320, 125, "appropriate side facing out. Bills are due upon receipt.", { size: 6.5 });
  // service summary: account details, energy and demand charges
  s.text(36, 178, "Service Summary", { size: 9, bold: true });
  s.text(36, 190, `Service Location ${addr1(f).toUpperCase()}, ${cityOf(f.service)}`, { size: 7 });
  s.text(36, 200, `Rate Class ${f.rate}`, { size: 7 });
  s.text(300, 190, `Billing Period ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}`, { size: 7 });
  s.text(300, 200, `Days ${days(f)}`, { size: 7 });
  const rd = r.int(10000, 90000);
  const cols = [36, 120, 190, 260, 330, 400];
  ["Meter", "Previous", "Present", "Mult", "kWh", "kW"].forEach((t, i) =>
    s.text(cols[i], 214, t, { size: 6.5, bold: true })
  );
  [f.meters[0].number, String(rd), String(rd + k), "1", fmt.kwh(k), kw].forEach((t, i) =>
    s.text(cols[i], 224, t, { size: 7 })
  );
  [
    ["Facility Charge", money(facility)],
    [`Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(energy)],
    [`Demand Charge ${kw} kW @ $0.95000`, money(demand)],
    ["State Sales Tax", money(tax)],
  ].forEach(([a, b], i) => s.row(48, 400, 240 + i * 10, a, b, { size: 7 }));
  s.row(36, 400, 284, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  // the history on its side: one column a month, rows of kWh, temperature and daily cost
  s.text(36, 312, "Usage History", { size: 9, bold: true });
  s.text(36, 334, "Month", { size: 6, bold: true });
  s.text(36, 344, "kWh", { size: 6, bold: true });
  s.text(36, 354, "Avg Temp", { size: 6, bold: true });
  s.text(36, 364, "Daily Cost", { size: 6, bold: true });
  f.history.forEach((m, i) => {
    const x = 76 + i * 38;
    s.text(x, 324, String(m.year), { size: 5.5 });
    s.text(x, 334, M3[m.month - 1], { size: 6, bold: true });
    s.text(x, 344, fmt.kwh(m.value), { size: 6 });
    s.text(x, 354, String(r.int(-8, 78)), { size: 6 });
    s.text(x, 364, `$${(m.value * 0.11 / 30).toFixed(2)}`, { size: 6 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText:
      "Please return this portion with your payment. Make checks payable to Nodak Electric Cooperative.",
    remit: ["NODAK ELECTRIC COOPERATIVE", "PO BOX 13000", "GRAND FORKS ND 58208-3000"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Past Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "nodak", pdf: await s.bytes(), truth };
}

/** Rhode Island Energy: a two-column summary, supply and delivery at five decimals, a year-by-year usage summary. */
async function rienergy(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "RI", {
    utility: "Rhode Island Energy",
    rate: "A-16 Basic Residential",
    pastDue: r.chance(0.3),
  });
  f.supplyRate = price5(r, 12, 16);
  const k = f.meters[0].kwh;
  const dist = price5(r, 4, 6), trans = price5(r, 3, 4), ee = price5(r, 1, 1);
  const supply = k * +f.supplyRate, ren = k * 0.00912;
  const delivery = 6 + k * (+dist + +trans + +ee);
  f.amountDue = (supply + ren + delivery).toFixed(2);
  const cur = owed(f);
  const { prev, paid } = summary(r, f);
  const s = await Sheet.create();
  s.text(36, 40, "Rhode Island Energy", { size: 16, bold: true });
  s.text(36, 52, "A PPL Company   rienergy.com   1-855-743-1101", { size: 7 });
  s.text(360, 34, "ELECTRIC BILL", { size: 10, bold: true });
  s.row(360, 576, 48, "Account number", f.account, { size: 8 });
  s.row(360, 576, 58, "Bill date", fmt.mon(f.invoiceDate), { size: 8 });
  s.row(
    360,
    576,
    68,
    "Billing period",
    `${fmt.mon(f.periodStart)} to ${fmt.mon(f.periodEnd)}`,
    { size: 7 },
  );
  s.text(36, 78, f.name.toUpperCase(), { size: 8 });
  s.text(36, 88, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 98, cityOf(f.service), { size: 8 });
  s.box(360, 80, 216, 34);
  s.row(368, 568, 94, "Amount due", fmt.money(f.amountDue), { size: 10, bold: true });
  s.row(368, 568, 107, "Due date", fmt.mon(f.dueDate), { size: 8 });
  // the two-column summary: two label-value pairs on each line
  s.text(36, 134, "Account Summary", { size: 9, bold: true });
  const pairs: [string, string, string, string][] = [
    ["Previous balance", money(prev), "Supply services", money(supply + ren)],
    ["Payment received", `-${money(paid)}`, "Delivery services", money(delivery)],
    ["Unpaid balance", money(+f.pastDue), "Current charges", money(cur)],
  ];
  pairs.forEach(([a, b, c, d], i) => {
    s.row(36, 280, 146 + i * 10, a, b, { size: 7 });
    s.row(310, 576, 146 + i * 10, c, d, { size: 7 });
  });
  s.text(36, 186, `SERVICE ADDRESS ${addr1(f).toUpperCase()} ${cityOf(f.service)}`, { size: 7 });
  s.text(36, 196, `Rate ${f.rate}`, { size: 7 });
  const rd = r.int(10000, 90000);
  const cols = [36, 120, 210, 300, 360];
  ["Meter Number", "Current Reading", "Previous Reading", "Multiplier", "Total Usage"].forEach((t, i) =>
    s.text(cols[i], 210, t, { size: 6.5, bold: true })
  );
  [f.meters[0].number, `${rd + k} Actual`, `${rd} Actual`, "1", `${fmt.kwh(k)} kWh`].forEach((t, i) =>
    s.text(cols[i], 220, t, { size: 7 })
  );
  s.text(36, 240, "Supply Services", { size: 8, bold: true });
  s.text(200, 240, "Last Resort Service", { size: 7 });
  [
    [`Supply Charge ${fmt.kwh(k)} kWh x $${f.supplyRate}`, money(supply)],
    [`Renewable Energy Standard ${fmt.kwh(k)} kWh x $0.00912`, money(ren)],
  ].forEach(([a, b], i) => s.row(48, 400, 252 + i * 10, a, b, { size: 7 }));
  s.text(36, 278, "Delivery Services", { size: 8, bold: true });
  [
    ["Customer Charge", money(6)],
    [`Distribution Charge ${fmt.kwh(k)} kWh x $${dist}`, money(k * +dist)],
    [`Transmission Charge ${fmt.kwh(k)} kWh x $${trans}`, money(k * +trans)],
    [`Energy Efficiency Programs ${fmt.kwh(k)} kWh x $${ee}`, money(k * +ee)],
  ].forEach(([a, b], i) => s.row(48, 400, 290 + i * 10, a, b, { size: 7 }));
  // the usage summary, year by year: the months as columns, a row per year
  s.text(36, 350, "Usage Summary (kWh)", { size: 9, bold: true });
  M3.forEach((m, i) => s.text(80 + i * 40, 362, m, { size: 6.5, bold: true }));
  const years = [...new Set(f.history.map((h) => h.year))];
  years.forEach((y, j) => {
    s.text(36, 374 + j * 10, String(y), { size: 6.5, bold: true });
    f.history.filter((h) => h.year === y).forEach((h) =>
      s.text(80 + (h.month - 1) * 40, 374 + j * 10, fmt.kwh(h.value), { size: 6.5 })
    );
  });
  // monthly plan versus actual charges (dollars, not kWh)
  s.text(36, 410, "Monthly Plan vs. Actual Charges", { size: 8, bold: true });
  s.text(
    36,
    420,
    `Plan amount ${money(r.int(9000, 20000) / 100)}   Actual charges this period ${money(cur)}`,
    {
      size: 6.5,
    },
  );
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Make checks payable to Rhode Island Energy.",
    remit: ["RHODE ISLAND ENERGY", "PO BOX 371361", "PITTSBURGH PA 15250-7361"],
    accountLabel: "Account number",
    amountLabel: "Amount due",
    dueLabel: "Due date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "rienergy", pdf: await s.bytes(), truth };
}

/** Ripley Power and Light (Tennessee): two electric meters, gas and water, read dates without their year, a route. */
async function ripley(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "TN", {
    utility: "Ripley Power and Light",
    rate: "RS Residential",
    meters: 2,
    pastDue: r.chance(0.25),
  });
  f.supplyRate = price5(r, 9, 11);
  const k = f.meters.reduce((a, m) => a + m.kwh, 0);
  const elec = 22 + k * +f.supplyRate, gas = 14 + r.int(5, 60) * 0.92, water = 16.4, sewer = 18.2;
  f.amountDue = (elec + gas + water + sewer).toFixed(2);
  const cur = owed(f);
  const late = Math.round(cur * 5) / 100;
  const s = await Sheet.create();
  s.text(36, 38, "RIPLEY POWER AND LIGHT COMPANY", { size: 12, bold: true });
  s.text(36, 49, "150 S. Main St.   Ripley, TN 38063   731-635-2551   409 S. Church St., Halls", {
    size: 6.5,
  });
  [
    ["ACCOUNT NUMBER", f.account],
    ["AMOUNT OWED", fmt.money(f.amountDue)],
    ["DUE DATE", fmt.short(f.dueDate)],
    ["LATE CHARGE", money(late)],
    ["TOTAL AFTER DUE DATE", money(+f.amountDue + late)],
  ].forEach(([a, b], i) => s.row(380, 576, 36 + i * 10, a, b, { size: 7, bold: i === 1 }));
  s.text(36, 72, f.name.toUpperCase(), { size: 8 });
  s.text(36, 82, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 92, cityOf(f.billing), { size: 8 });
  s.text(36, 114, `SERVICE ADDRESS ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(300, 114, `BILL DATE ${fmt.short(f.invoiceDate)}   ROUTE ${r.int(10, 60)}-${r.digits(3)}`, {
    size: 7,
  });
  s.text(36, 124, `READ DATES ${md(f.periodStart)} TO ${md(f.periodEnd)}   DAYS ${days(f)}`, { size: 7 });
  // current use: how each meter's readings changed
  s.text(36, 144, "CURRENT USE", { size: 8, bold: true });
  const cols = [36, 100, 180, 250, 320, 400];
  ["SERVICE", "METER", "PREVIOUS", "PRESENT", "USAGE", "CHARGE"].forEach((t, i) =>
    s.text(cols[i], 156, t, { size: 6.5, bold: true })
  );
  const rows: string[][] = [];
  let e1 = elec * f.meters[0].kwh / k;
  f.meters.forEach((m, i) => {
    const rd = r.int(10000, 90000);
    if (i === 1) e1 = elec - e1;
    rows.push([`ELECTRIC`, m.number, String(rd), String(rd + m.kwh), `${fmt.kwh(m.kwh)} KWH`, money(e1)]);
  });
  const g0 = r.int(1000, 9000), gu = r.int(5, 60), w0 = r.int(100, 900), wu = r.int(2, 9);
  rows.push(["GAS", r.digits(7), String(g0), String(g0 + gu), `${gu} CCF`, money(gas)]);
  rows.push(["WATER", r.digits(8), String(w0), String(w0 + wu), `${wu},000 GAL`, money(water)]);
  rows.push(["SEWER", "", "", "", "", money(sewer)]);
  rows.forEach((row, j) => row.forEach((t, i) => t && s.text(cols[i], 166 + j * 10, t, { size: 7 })));
  s.text(36, 224, `ENERGY CHARGE ${fmt.kwh(k)} KWH @ ${f.supplyRate.slice(1)}   CUSTOMER CHARGE 22.00`, {
    size: 6.5,
  });
  s.text(36, 234, `RATE ${f.rate}`, { size: 6.5 });
  // account balance
  const { prev, paid } = summary(r, f);
  s.text(320, 250, "ACCOUNT BALANCE", { size: 8, bold: true });
  [
    ["PREVIOUS BALANCE", money(prev)],
    ["PAYMENTS", `-${money(paid)}`],
    ["PAST DUE", money(+f.pastDue)],
    ["CURRENT CHARGES", money(cur)],
  ].forEach(([a, b], i) => s.row(320, 576, 262 + i * 10, a, b, { size: 7 }));
  // the usage comparison: this month, last month, the same month last year
  const h = f.history, shown = [h[12], h[11], h[0]];
  s.text(36, 250, "ELECTRIC USAGE COMPARISON", { size: 8, bold: true });
  [["THIS MONTH", shown[0]], ["LAST MONTH", shown[1]], ["LAST YEAR", shown[2]]].forEach(([l, m], i) => {
    const mm = m as (typeof h)[number];
    s.text(36 + i * 90, 262, String(l), { size: 6.5, bold: true });
    s.text(36 + i * 90, 272, `${M3[mm.month - 1].toUpperCase()} ${yy(mm.year)}  ${fmt.kwh(mm.value)} KWH`, {
      size: 7,
    });
  });
  s.text(36, 300, "MESSAGES: All meters are read on or about the first day of each month.", { size: 6.5 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Enclose or bring this bottom part of your bill with your payment.",
    remit: ["RIPLEY POWER AND LIGHT CO", "PO BOX 232", "RIPLEY TN 38063-0232"],
    accountLabel: "ACCOUNT NUMBER",
    amountLabel: "AMOUNT OWED",
    dueLabel: "DUE DATE",
    date: fmt.short,
  });
  const service = { ...upper(f.service), city: "", state: "", zip: "" };
  const truth = truthOf(f, { history: [h[0], h[11], h[12]], ...stub, service });
  return { layout: "ripley", pdf: await s.bytes(), truth };
}

/** Arkansas Valley Electric Cooperative: member and account numbers, adjustments, month names under the values. */
async function avecc(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "AR", {
    utility: "Arkansas Valley Electric Cooperative",
    rate: "Farm and Residential",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.25),
  });
  f.supplyRate = price5(r, 8, 10);
  const k = f.meters[0].kwh;
  const eca = (r.chance(0.5) ? -1 : 1) * r.int(100, 900) / 100000, cod = r.int(10, 90) / 100000;
  const energy = k * +f.supplyRate, avail = 20;
  const adj = k * eca, debt = k * cod, tax = (energy + avail) * 0.065;
  f.amountDue = (avail + energy + adj + debt + tax).toFixed(2);
  const cur = owed(f);
  const member = r.digits(6);
  const s = await Sheet.create();
  s.text(36, 38, "Arkansas Valley Electric Cooperative Corporation", { size: 12, bold: true });
  s.text(36, 49, "PO Box 47   Ozark, AR 72949   (479) 667-2176   avecc.com", { size: 6.5 });
  s.box(340, 60, 236, 60);
  [
    ["Member Number", member],
    ["Account Number", f.account],
    ["Billing Date", fmt.dash(f.invoiceDate)],
    ["Due Date", fmt.dash(f.dueDate)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(348, 568, 72 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 72, f.name.toUpperCase(), { size: 8 });
  let y = 82;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(36, y, l.toUpperCase(), { size: 8 });
    y += 10;
  }
  s.text(36, y, cityOf(f.billing), { size: 8 });
  s.text(36, 136, "SERVICE LOCATION", { size: 7, bold: true });
  s.text(130, 136, `${addr1(f).toUpperCase()} ${cityOf(f.service)}`, { size: 7 });
  s.text(36, 146, `Service Period ${fmt.dash(f.periodStart)} TO ${fmt.dash(f.periodEnd)}   ${days(f)} Days`, {
    size: 7,
  });
  const rd = r.int(10000, 90000);
  const cols = [36, 110, 190, 270, 330];
  ["Meter No.", "Present Reading", "Previous Reading", "Multiplier", "kWh Used"].forEach((t, i) =>
    s.text(cols[i], 162, t, { size: 6.5, bold: true })
  );
  [f.meters[0].number, String(rd + k), String(rd), "1", fmt.kwh(k)].forEach((t, i) =>
    s.text(cols[i], 172, t, { size: 7 })
  );
  s.text(36, 192, `Current Charges - ${f.rate}`, { size: 8, bold: true });
  const sign = (n: number) => (n < 0 ? `${money(-n)} CR` : money(n));
  [
    ["Availability Charge", money(avail)],
    [`Energy Charge ${fmt.kwh(k)} kWh @ ${f.supplyRate}`, money(energy)],
    [`Energy Cost Adjustment ${fmt.kwh(k)} kWh @ ${eca.toFixed(5)}`, sign(adj)],
    [`Cost of Debt Adjustment ${fmt.kwh(k)} kWh @ ${cod.toFixed(5)}`, money(debt)],
    ["Sales Tax", money(tax)],
  ].forEach(([a, b], i) => s.row(48, 400, 204 + i * 10, a, b, { size: 7 }));
  s.row(36, 400, 258, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Past Due Balance", money(+f.pastDue)],
  ].forEach(([a, b], i) => s.row(430, 576, 204 + i * 10, a, b, { size: 7 }));
  // 13 months of kWh: the values on one line, the month names under them, no years
  s.text(36, 290, "Your Usage - Last 13 Months (kWh)", { size: 8, bold: true });
  f.history.forEach((m, i) => {
    const x = 36 + i * 40;
    s.text(x, 304, fmt.kwh(m.value), { size: 6.5 });
    s.text(x, 314, M3[m.month - 1].toUpperCase(), { size: 6.5, bold: true });
  });
  s.text(36, 328, `Average daily use ${Math.round(k / days(f))} kWh`, { size: 6.5 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Arkansas Valley Electric Cooperative.",
    remit: ["ARKANSAS VALLEY ELECTRIC COOP", "PO BOX 47", "OZARK AR 72949-0047"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.dash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "avecc", pdf: await s.bytes(), truth };
}

export const R30_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  nodak,
  rienergy,
  ripley,
  avecc,
};
/** Drawn at random from the four before the first score (`python3 -c 'import random;
 * print(random.SystemRandom().sample(["nodak","rienergy","ripley","avecc"],2))'` → `['rienergy', 'ripley']`);
 * only their totals are read until the round's last change. */
export const R30_SEALED = ["rienergy", "ripley"];
