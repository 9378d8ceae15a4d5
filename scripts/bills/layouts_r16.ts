// Round-16 held-out bill layouts (issue #11): six utilities the corpus had no layout of (and no real bill of),
// written from their public "understanding your bill" pages (label words, section names, table shapes:
// tests/fixtures/bills/synthetic/SOURCES.md "Round 16 layouts"). Shapes: the days in the billing cycle on the front,
// the fuel cost and the Average Monthly Payment (SWEPCO); the Resource Adjustment and the average daily kWh
// (Minnesota Power); account name, number and bill date at the top, a comparison of days, usage and average
// temperature with the prior month and the same period last year (NorthWestern Energy); an account number with the
// customer number after a dash, a usage breakdown and the fuel adjustment (Liberty / Empire District); the customer
// charge, the RG energy charge, the fuel adjustment and the demand sales adjustment (Santee Cooper); contact
// information at the top, rate, meter number, readings with their dates, usage and the next reading date (UPPCO).
// Two of them are SEALED (R16_SEALED, drawn at random before the first score). Registered in layouts_heldout.ts.
// Truth conventions: rounds 13 and 15 (docs/bills.md).
import { drawStub } from "./stub.ts";
import { type Facts, type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, cents, days, labelsOver, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  LA: [["Shreveport", "71101"], ["Bossier City", "71111"], ["Minden", "71055"], ["Natchitoches", "71457"]],
  MN: [["Duluth", "55802"], ["Hibbing", "55746"], ["Cloquet", "55720"], ["Little Falls", "56345"]],
  MT: [["Butte", "59701"], ["Bozeman", "59715"], ["Missoula", "59801"], ["Helena", "59601"]],
  MO: [["Joplin", "64801"], ["Branson", "65616"], ["Ozark", "65721"], ["Bolivar", "65613"]],
  SC: [["Myrtle Beach", "29577"], ["Conway", "29526"], ["Moncks Corner", "29461"], ["Georgetown", "29440"]],
  MI: [["Marquette", "49855"], ["Houghton", "49931"], ["Escanaba", "49829"], ["Ishpeming", "49849"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityLine = (f: Facts) => `${f.service.city.toUpperCase()} ${f.state} ${f.service.zip}`;
const mmmyy = (m: Facts["history"][number]) => `${fmt.m3(m.month)} ${String(m.year).slice(2)}`;

/** Name and address block, left. */
function mailing(s: Sheet, f: Facts, y: number) {
  s.text(36, y, f.name.toUpperCase(), { size: 8 });
  s.text(36, y + 10, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, y + 20, cityLine(f), { size: 8 });
}

/** A 13-row (or shorter) history table: month, kWh. */
function historyTable(s: Sheet, f: Facts, x: number, y: number, title: string) {
  s.text(x, y, title, { size: 8, bold: true });
  s.text(x, y + 10, "Month", { size: 6.5, bold: true });
  s.text(x + 60, y + 10, "kWh", { size: 6.5, bold: true });
  f.history.forEach((m, i) => {
    s.text(x, y + 20 + i * 8, mmmyy(m), { size: 6.5 });
    s.text(x + 60, y + 20 + i * 8, fmt.kwh(m.value), { size: 6.5 });
  });
}

/** SWEPCO (AEP, Louisiana): days in the billing cycle on the front, fuel, the AMP amount. */
async function swepco(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "LA", {
    utility: "SWEPCO",
    rate: "Residential Service",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "SWEPCO", { size: 20, bold: true });
  s.text(36, 52, "An AEP Company   SWEPCO.com   1-888-216-3523", { size: 7 });
  labelsOver(s, [330, 430, 510], 30, [["Account Number", f.account], ["Bill Date", fmt.mon(f.invoiceDate)], [
    "Due Date",
    fmt.mon(f.dueDate),
  ]], 7.5);
  mailing(s, f, 74);
  s.text(330, 60, `Amount Due ${fmt.money(f.amountDue)}`, { size: 10, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    [
      "Current Charges",
      money(cur),
    ],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 76 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 140, `Service Address: ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 7 });
  s.text(36, 150, `Billing Period: ${fmt.mon(f.periodStart)} - ${fmt.mon(f.periodEnd)}`, { size: 7 });
  s.text(36, 160, `Days in Billing Cycle: ${days(f)}`, { size: 7 });
  s.text(36, 170, `Tariff: ${f.rate}`, { size: 7 });
  const rd = r.int(10000, 90000);
  s.text(36, 184, `Meter ${f.meters[0].number}  Previous ${rd}  Present ${rd + k}  Usage ${fmt.kwh(k)} kWh`, {
    size: 7,
  });
  s.row(48, 300, 200, "Customer Charge", "$8.00", { size: 7 });
  s.row(48, 300, 210, `Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 300, 220, `Fuel Cost ${fmt.kwh(k)} kWh @ $0.0${r.digits(4)}`, cents(r, 20, 50), { size: 7 });
  s.row(48, 300, 230, "Taxes and Fees", cents(r, 3, 9), { size: 7 });
  s.row(36, 300, 244, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  s.text(330, 200, `Your AMP amount would be ${money(cur * 0.95)}`, { size: 6.5 });
  historyTable(s, f, 330, 220, "Usage History");
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment to SWEPCO.",
    remit: ["SWEPCO", "PO BOX 24422", "CANTON OH 44701-4422"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "swepco", pdf: await s.bytes(), truth };
}

/** Minnesota Power: the Resource Adjustment, average daily kWh. */
async function mnpower(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MN", {
    utility: "Minnesota Power",
    rate: "Residential",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "MINNESOTA POWER", { size: 15, bold: true });
  s.text(36, 52, "an ALLETE company   mnpower.com   218-722-2625", { size: 7 });
  labelsOver(s, [330, 430, 510], 30, [["Account No.", f.account], [
    "Statement Date",
    fmt.slash(f.invoiceDate),
  ], [
    "Payment Due",
    fmt.slash(f.dueDate),
  ]], 7.5);
  mailing(s, f, 74);
  s.text(330, 60, `Total Amount Due ${fmt.money(f.amountDue)}`, { size: 10, bold: true });
  const { prev, paid } = summary(r, f);
  [["Previous Bill", money(prev)], ["Payment Received", `-${money(paid)}`], ["Past Due", money(+f.pastDue)], [
    "Current Billing",
    money(cur),
  ]].forEach(([a, b], i) => s.row(330, 576, 76 + i * 10, a, b, { size: 7 }));
  s.text(36, 140, `Service Location: ${addr1(f).toUpperCase()}, ${cityLine(f)}`, { size: 7 });
  s.text(36, 150, `Rate: ${f.rate}   Service From ${fmt.slash(f.periodStart)} To ${fmt.slash(f.periodEnd)}`, {
    size: 7,
  });
  const rd = r.int(10000, 90000);
  s.text(36, 162, `Meter ${f.meters[0].number}  Reading ${rd + k}  Prior ${rd}  kWh Used ${fmt.kwh(k)}`, {
    size: 7,
  });
  s.text(36, 172, `Average Daily kWh ${(k / days(f)).toFixed(1)}   Days Billed ${days(f)}`, { size: 7 });
  s.row(48, 300, 190, "Service Charge", "$8.50", { size: 7 });
  s.row(48, 300, 200, `Energy Charge ${fmt.kwh(k)} kWh x ${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 300, 210, "Resource Adjustment", cents(r, 3, 15), { size: 7 });
  s.row(48, 300, 220, "Conservation Program Adjustment", cents(r, 1, 5), { size: 7 });
  s.row(48, 300, 230, "City and State Taxes", cents(r, 3, 9), { size: 7 });
  s.row(36, 300, 244, "Current Billing", money(cur), { size: 7.5, bold: true });
  historyTable(s, f, 330, 140, "Your Electric Use");
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Minnesota Power.",
    remit: ["MINNESOTA POWER", "PO BOX 1001", "DULUTH MN 55806-1001"],
    accountLabel: "Account No.",
    amountLabel: "Total Amount Due",
    dueLabel: "Payment Due",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "mnpower", pdf: await s.bytes(), truth };
}

/** NorthWestern Energy (Montana): comparison with the prior month and the same period last year. */
async function northwestern(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MT", {
    utility: "NorthWestern Energy",
    rate: "Residential Electric",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "NorthWestern Energy", { size: 16, bold: true });
  s.text(36, 52, "NorthWesternEnergy.com   888-467-2669", { size: 7 });
  labelsOver(s, [330, 430, 510], 30, [
    ["Account Number", f.account],
    ["Bill Date", fmt.slash(f.invoiceDate)],
    [
      "Due Date",
      fmt.slash(f.dueDate),
    ],
  ], 7.5);
  s.text(330, 60, `Amount Due ${fmt.money(f.amountDue)}`, { size: 10, bold: true });
  mailing(s, f, 74);
  s.text(36, 110, `Service Address: ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 7 });
  s.text(330, 80, "Account Snapshot", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    [
      "Current Charges",
      money(cur),
    ],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 92 + i * 10, a, b, { size: 7, bold: i === 4 }));
  const h = f.history, ly = h[h.length - 13] ?? h[0], last = h[h.length - 2], now = h[h.length - 1];
  s.text(36, 160, "Usage Comparison", { size: 9, bold: true });
  ["", "Days", "kWh", "Avg Temp"].forEach((t, i) => s.text(36 + i * 60, 172, t, { size: 6.5, bold: true }));
  ([["Current Period", days(f), now.value], ["Prior Month", 30, last.value], ["Last Year", 31, ly.value]] as [
    string,
    number,
    number,
  ][]).forEach(([a, d, v], i) => {
    s.text(36, 182 + i * 10, a, { size: 6.5 });
    s.text(96, 182 + i * 10, String(d), { size: 6.5 });
    s.text(156, 182 + i * 10, fmt.kwh(v), { size: 6.5 });
    s.text(216, 182 + i * 10, `${r.int(10, 80)}°F`, { size: 6.5 });
  });
  s.text(36, 226, "Electric Charges", { size: 9, bold: true });
  s.text(
    36,
    236,
    `${f.rate}  ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}  Meter ${f.meters[0].number}`,
    {
      size: 6.5,
    },
  );
  s.row(48, 300, 248, "Monthly Service Charge", "$6.75", { size: 7 });
  s.row(48, 300, 258, `Delivery Service ${fmt.kwh(k)} kWh`, cents(r, 30, 60), { size: 7 });
  s.row(48, 300, 268, `Supply ${fmt.kwh(k)} kWh @ ${f.supplyRate}`, money(k * +f.supplyRate), { size: 7 });
  s.row(48, 300, 278, "PCCAM Charge", cents(r, 2, 9), { size: 7 });
  s.row(36, 300, 292, "Total Electric Charges", money(cur), { size: 7.5, bold: true });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment.",
    remit: ["NORTHWESTERN ENERGY", "PO BOX 1111", "BUTTE MT 59702-1111"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: [ly, last, now], ...stub, service: upper(f.service) });
  return { layout: "northwestern", pdf: await s.bytes(), truth };
}

/** Liberty (Empire District, Missouri): account number with the customer number after a dash, usage breakdown. */
async function liberty(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MO", {
    utility: "Liberty Utilities",
    rate: "Residential RG",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "Liberty", { size: 20, bold: true });
  s.text(36, 52, "602 S Joplin Ave, Joplin MO   libertyenergyandwater.com   1-800-206-2300", { size: 7 });
  mailing(s, f, 74);
  s.text(330, 40, "Account Information", { size: 9, bold: true });
  [
    ["Account Number", f.account],
    ["Bill Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    [
      "Service Address",
      `${addr1(f).toUpperCase()}, ${cityLine(f)}`,
    ],
  ].forEach(([a, b], i) => s.text(330, 52 + i * 10, `${a}: ${b}`, { size: 7 }));
  s.text(330, 100, `Total Amount Due ${fmt.money(f.amountDue)}`, { size: 10, bold: true });
  s.text(36, 140, "Usage Breakdown", { size: 9, bold: true });
  const rd = r.int(10000, 90000);
  ["Meter", "From", "To", "Previous", "Present", "kWh"].forEach((t, i) =>
    s.text(36 + i * 50, 152, t, { size: 6.5, bold: true })
  );
  [
    f.meters[0].number,
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(rd),
    String(rd + k),
    fmt.kwh(k),
  ]
    .forEach((v, i) => s.text(36 + i * 50, 162, v, { size: 6.5 }));
  s.text(36, 180, "Account Activity", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  s.row(48, 300, 192, "Previous Balance", money(prev), { size: 7 });
  s.row(48, 300, 202, "Payment Received", `-${money(paid)}`, { size: 7 });
  s.row(48, 300, 212, "Past Due Balance", money(+f.pastDue), { size: 7 });
  s.text(36, 226, `Electric Charges - ${f.rate}`, { size: 7.5, bold: true });
  s.row(48, 300, 236, "Customer Charge", "$13.00", { size: 7 });
  s.row(48, 300, 246, `Usage Charge ${fmt.kwh(k)} kWh @ ${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 300, 256, "Fuel Adjustment", cents(r, 2, 12), { size: 7 });
  s.row(48, 300, 266, "Taxes and Fees", cents(r, 3, 9), { size: 7 });
  s.row(36, 300, 280, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  historyTable(s, f, 330, 140, "12 Month Usage");
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Liberty.",
    remit: ["LIBERTY", "PO BOX 219239", "KANSAS CITY MO 64121-9239"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "liberty", pdf: await s.bytes(), truth };
}

/** Santee Cooper (South Carolina): customer charge, RG energy charge, fuel adjustment, demand sales adjustment. */
async function santee(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "SC", { utility: "Santee Cooper", rate: "RG", pastDue: r.chance(0.2) });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "Santee Cooper", { size: 18, bold: true });
  s.text(36, 52, "santeecooper.com   1-888-769-7688", { size: 7 });
  labelsOver(s, [330, 430, 510], 30, [
    ["Account Number", f.account],
    ["Bill Date", fmt.slash(f.invoiceDate)],
    [
      "Due Date",
      fmt.slash(f.dueDate),
    ],
  ], 7.5);
  mailing(s, f, 74);
  s.text(330, 60, `Amount Due ${fmt.money(f.amountDue)}`, { size: 10, bold: true });
  s.text(36, 140, `Service Location ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 7 });
  s.text(36, 150, `Rate ${f.rate}   Read Dates ${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)}`, {
    size: 7,
  });
  const rd = r.int(10000, 90000);
  s.text(36, 160, `Meter ${f.meters[0].number}   Present ${rd + k}   Previous ${rd}   kWh ${fmt.kwh(k)}`, {
    size: 7,
  });
  const { prev, paid } = summary(r, f);
  s.row(48, 300, 176, "Previous Balance", money(prev), { size: 7 });
  s.row(48, 300, 186, "Payments", `-${money(paid)}`, { size: 7 });
  s.row(48, 300, 196, "Balance Forward", money(+f.pastDue), { size: 7 });
  s.row(48, 300, 210, "Customer Charge", "$19.50", { size: 7 });
  s.row(48, 300, 220, `Energy Charge ${fmt.kwh(k)} kWh @ ${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 300, 230, "Fuel Adjustment", cents(r, 2, 12), { size: 7 });
  s.row(48, 300, 240, "Demand Sales Adjustment", cents(r, 1, 6), { size: 7 });
  s.row(48, 300, 250, "Sales Tax", cents(r, 2, 8), { size: 7 });
  s.row(36, 300, 264, "Current Charges", money(cur), { size: 7.5, bold: true });
  historyTable(s, f, 330, 140, "kWh Usage");
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Santee Cooper.",
    remit: ["SANTEE COOPER", "PO BOX 188", "MONCKS CORNER SC 29461-0188"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "santee", pdf: await s.bytes(), truth };
}

/** UPPCO (Upper Peninsula Power, Michigan): rate, meter, readings with dates, usage, next reading date. */
async function uppco(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MI", {
    utility: "Upper Peninsula Power Company",
    rate: "Residential Service",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "UPPCO", { size: 20, bold: true });
  s.text(36, 52, "Upper Peninsula Power Company   uppco.com   1-800-562-7680", { size: 7 });
  mailing(s, f, 74);
  labelsOver(s, [330, 430, 510], 30, [["Account Number", f.account], ["Due Date", fmt.mon(f.dueDate)], [
    "Amount Due",
    fmt.money(f.amountDue),
  ]], 7.5);
  s.text(330, 60, `Bill Date ${fmt.mon(f.invoiceDate)}`, { size: 7 });
  s.text(330, 80, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [["Previous Balance", money(prev)], ["Payment", `-${money(paid)}`], ["Balance", money(+f.pastDue)], [
    "Current Charges",
    money(cur),
  ], ["Amount Due", fmt.money(f.amountDue)]].forEach(([a, b], i) =>
    s.row(330, 576, 92 + i * 10, a, b, { size: 7, bold: i === 4 })
  );
  historyTable(s, f, 36, 150, "Usage Graph (kWh)");
  const rd = r.int(10000, 90000);
  s.text(330, 160, `Service Address ${addr1(f).toUpperCase()}, ${cityLine(f)}`, { size: 7 });
  s.text(330, 170, `Rate ${f.rate}   Meter Number ${f.meters[0].number}`, { size: 7 });
  s.text(330, 180, `Read ${fmt.slash(f.periodStart)} ${rd}   Read ${fmt.slash(f.periodEnd)} ${rd + k}`, {
    size: 7,
  });
  s.text(330, 190, `Usage ${fmt.kwh(k)} kWh   Next Reading Date ${fmt.slash(f.dueDate)}`, { size: 7 });
  s.row(340, 576, 206, "Customer Charge", "$12.00", { size: 7 });
  s.row(340, 576, 216, `Energy Charge ${fmt.kwh(k)} kWh @ ${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(340, 576, 226, "Power Supply Cost Recovery", cents(r, 2, 12), { size: 7 });
  s.row(340, 576, 236, "Sales Tax", cents(r, 2, 8), { size: 7 });
  s.row(330, 576, 250, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to UPPCO.",
    remit: ["UPPCO", "PO BOX 19076", "GREEN BAY WI 54307-9076"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "uppco", pdf: await s.bytes(), truth };
}

export const R16_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  swepco,
  mnpower,
  northwestern,
  liberty,
  santee,
  uppco,
};
/** Drawn at random from the six before the first score; only their totals are read until the round's last change. */
export const R16_SEALED = ["northwestern", "santee"];
