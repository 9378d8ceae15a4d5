// Round-17 held-out bill layouts (issue #11): six utilities the corpus had no layout of (and no real bill of),
// written from their public "understanding your bill" pages (label words, section names, table shapes:
// tests/fixtures/bills/synthetic/SOURCES.md "Round 17 layouts"). Shapes: the billing period, account details,
// a summary of previous balance, payments received, charges for service used and the total now due, a 24-month
// bar graph, the meter reading with the number of billing days and the season's rates, delivery apart from supply
// (Atlantic City Electric); a combined gas and electric statement, a daily customer charge, credits marked "CR"
// (Madison Gas and Electric); a Usage History (kWh) chart on the first page, a Current Bill Summary in three
// categories, Usage Details against the previous month and the same month last year, Line Item Charges (Indiana
// Michigan Power); the header with name, service address and next read date, two readings with their dates and
// "Actual", tiered delivery blocks, the market supply and merchant function charges (Orange & Rockland); the tariff
// with its number, the rate billing, the cost of fuel per kWh, the previous charges carried over (Public Service
// Company of Oklahoma); the member and account numbers, a summary table of service address, meter, previous and
// current read and total kWh, the fuel and purchased power adjustment (Chugach Electric Association).
// Two of them are SEALED (R17_SEALED, drawn at random before the first score). Registered in layouts_heldout.ts.
// Truth conventions: rounds 13 and 15 (docs/bills.md).
import { drawStub } from "./stub.ts";
import type { Facts, Rng } from "./random_bill.ts";
import { truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, cents, days, labelsOver, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  NJ: [["Atlantic City", "08401"], ["Mays Landing", "08330"], ["Vineland", "08360"], ["Ocean City", "08226"]],
  WI: [["Madison", "53703"], ["Madison", "53711"], ["Middleton", "53562"], ["Fitchburg", "53719"]],
  IN: [["Fort Wayne", "46802"], ["Muncie", "47305"], ["South Bend", "46601"], ["Marion", "46952"]],
  NY: [["Middletown", "10940"], ["Goshen", "10924"], ["Nanuet", "10954"], ["Monroe", "10950"]],
  OK: [["Tulsa", "74104"], ["Lawton", "73501"], ["Broken Arrow", "74012"], ["Owasso", "74055"]],
  AK: [["Anchorage", "99504"], ["Anchorage", "99507"], ["Eagle River", "99577"], ["Girdwood", "99587"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityLine = (f: Facts) => `${f.service.city.toUpperCase()} ${f.state} ${f.service.zip}`;
type Month = Facts["history"][number];
const mmyy = (m: Month) => `${fmt.m3(m.month)} ${String(m.year).slice(2)}`;

/** Name and address block, left. */
function mailing(s: Sheet, f: Facts, x: number, y: number) {
  s.text(x, y, f.name.toUpperCase(), { size: 8 });
  s.text(x, y + 10, addr1(f).toUpperCase(), { size: 8 });
  s.text(x, y + 20, cityLine(f), { size: 8 });
}

/** A bar chart: each month's kWh over its bar, the month under it. */
function bars(s: Sheet, h: Month[], x: number, y: number, w: number, title: string, size = 5.5) {
  s.text(x, y, title, { size: 8, bold: true });
  const max = Math.max(...h.map((m) => m.value)), step = w / h.length, base = y + 70;
  h.forEach((m, i) => {
    const bh = Math.max(4, Math.round((m.value / max) * 44));
    const bx = x + i * step;
    for (let yy = base - bh; yy < base; yy += 2) s.rule(yy, bx + 2, bx + step - 3);
    s.text(bx + 1, base - bh - 3, fmt.kwh(m.value), { size });
    s.text(bx + 1, base + 8, mmyy(m), { size });
  });
}

/** Atlantic City Electric (New Jersey): billing period, account details, summary of charges, 24-month graph. */
async function ace(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NJ", {
    utility: "Atlantic City Electric",
    rate: "Residential Service (RS)",
    months: 24,
    pastDue: r.chance(0.25),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "atlantic city electric", { size: 16, bold: true });
  s.text(36, 52, "An Exelon Company", { size: 7 });
  s.text(330, 34, "Customer Service 1-800-642-3780   Outages 1-800-833-7476", { size: 6.5 });
  s.text(330, 44, "atlanticcityelectric.com", { size: 6.5 });
  s.text(36, 72, `Billing Period: ${fmt.mon(f.periodStart)} to ${fmt.mon(f.periodEnd)}`, {
    size: 8,
    bold: true,
  });
  s.text(36, 86, "Account Details", { size: 9, bold: true });
  [["Name", f.name.toUpperCase()], ["Service Location", `${addr1(f).toUpperCase()} ${cityLine(f)}`], [
    "Account Number",
    f.account,
  ], ["Issue Date", fmt.mon(f.invoiceDate)]].forEach(([a, b], i) =>
    s.text(36, 98 + i * 10, `${a}: ${b}`, { size: 7 })
  );
  s.text(330, 72, "Summary of Your Charges", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments Received - Thank You", `-${money(paid)}`],
    ["Unpaid Balance", money(+f.pastDue)],
    ["Charges for Service Used", money(cur)],
    ["Total Amount Now Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 84 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(330, 140, `Amount Due by ${fmt.mon(f.dueDate)}`, { size: 8, bold: true });
  bars(s, f.history, 36, 150, 540, "Your Electric Usage Over the Last 24 Months (kWh)", 4.5);
  s.text(36, 250, "Details of Your Electric Charges", { size: 9, bold: true });
  s.text(36, 261, `${f.rate} - ${r.chance(0.5) ? "Summer" : "Winter"} Rates in Effect`, { size: 7 });
  const rd = r.int(10000, 90000);
  ["Meter Number", "From", "To", "Billing Days", "Previous Reading", "Present Reading", "Total Use (kWh)"]
    .forEach((t, i) => s.text(36 + i * 76, 274, t, { size: 6.5, bold: true }));
  [
    f.meters[0].number,
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(days(f)),
    String(rd),
    String(rd + k),
    fmt.kwh(k),
  ].forEach((v, i) => s.text(36 + i * 76, 284, v, { size: 6.5 }));
  s.text(36, 302, "Delivery Charges", { size: 8, bold: true });
  s.row(48, 300, 313, "Customer Charge", "$4.95", { size: 7 });
  s.row(48, 300, 323, `Distribution Charge ${fmt.kwh(k)} kWh @ $0.0${r.digits(4)}`, cents(r, 30, 60), {
    size: 7,
  });
  s.row(48, 300, 333, "Non-Utility Generation Charge", cents(r, 1, 6), { size: 7 });
  s.row(48, 300, 343, "Societal Benefits Charge", cents(r, 3, 9), { size: 7 });
  s.text(330, 302, "Supply Charges", { size: 8, bold: true });
  s.row(
    342,
    576,
    313,
    `Basic Generation Service ${fmt.kwh(k)} kWh @ $${f.supplyRate}`,
    money(k * +f.supplyRate),
    {
      size: 7,
    },
  );
  s.row(342, 576, 323, "Transmission Service Charge", cents(r, 5, 15), { size: 7 });
  s.row(330, 576, 340, "Total Electric Charges", money(cur), { size: 7.5, bold: true });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Atlantic City Electric.",
    remit: ["ATLANTIC CITY ELECTRIC", "PO BOX 13610", "PHILADELPHIA PA 19101-3610"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Now Due",
    dueLabel: "Due By",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "ace", pdf: await s.bytes(), truth };
}

/** Madison Gas and Electric (Wisconsin): gas and electric on one statement, daily customer charge, CR credits. */
async function mge(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "WI", {
    utility: "Madison Gas and Electric",
    rate: "Residential Rg-1",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh, d = days(f);
  const s = await Sheet.create();
  s.text(36, 40, "MGE", { size: 22, bold: true });
  s.text(36, 52, "Madison Gas and Electric Company   mge.com   (608) 252-7222", { size: 7 });
  labelsOver(s, [330, 420, 500], 30, [["Account Number", f.account], [
    "Statement Date",
    fmt.slash(f.invoiceDate),
  ], [
    "Due Date",
    fmt.slash(f.dueDate),
  ]], 7.5);
  mailing(s, f, 36, 74);
  s.text(330, 62, `Amount Due ${fmt.money(f.amountDue)}`, { size: 10, bold: true });
  const { prev, paid } = summary(r, f);
  [["Previous Amount Due", money(prev)], ["Payment Received", `${money(paid)}CR`], [
    "Past Due Amount",
    money(+f.pastDue),
  ], ["Current Gas and Electric Charges", money(cur)]].forEach(([a, b], i) =>
    s.row(330, 576, 78 + i * 10, a, b, { size: 7 })
  );
  s.text(36, 124, `Service Address: ${addr1(f).toUpperCase()}, ${cityLine(f)}`, { size: 7 });
  s.text(36, 142, "Electric Service", { size: 9, bold: true });
  s.text(
    36,
    153,
    `Rate: ${f.rate}   Read Dates ${fmt.short(f.periodStart)} - ${fmt.short(f.periodEnd)} (${d} days)`,
    {
      size: 7,
    },
  );
  const rd = r.int(10000, 90000);
  ["Meter", "Present Reading", "Previous Reading", "kWh Used"].forEach((t, i) =>
    s.text(36 + i * 70, 165, t, { size: 6.5, bold: true })
  );
  [f.meters[0].number, String(rd + k), String(rd), fmt.kwh(k)].forEach((v, i) =>
    s.text(36 + i * 70, 175, v, { size: 6.5 })
  );
  s.row(48, 300, 189, `Customer charge ${d} days @ $0.${r.digits(5)}`, cents(r, 14, 22), { size: 7 });
  s.row(48, 300, 199, `Electricity service ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 300, 209, "Fuel cost refund", `${cents(r, 1, 4).slice(1)}CR`, { size: 7 });
  s.row(48, 300, 219, "State Low-Income Assistance Fee", cents(r, 1, 3), { size: 7 });
  s.text(36, 236, "Gas Service", { size: 9, bold: true });
  const gm = `G${r.digits(7)}`, ccf = r.int(20, 140), gr = r.int(1000, 9000);
  s.text(
    36,
    247,
    `Meter ${gm}   Present ${gr + ccf}   Previous ${gr}   ${ccf} CCF x 1.024 = ${
      Math.round(ccf * 1.024)
    } Therms`,
    {
      size: 7,
    },
  );
  s.row(48, 300, 259, "Customer charge", cents(r, 10, 20), { size: 7 });
  s.row(48, 300, 269, "Distribution service", cents(r, 10, 40), { size: 7 });
  s.row(48, 300, 279, "Natural gas service", cents(r, 20, 70), { size: 7 });
  s.text(330, 142, "Usage History", { size: 9, bold: true });
  ["Month", "Days", "kWh", "Therms"].forEach((t, i) =>
    s.text(330 + i * 50, 154, t, { size: 6.5, bold: true })
  );
  f.history.forEach((m, i) => {
    const y = 163 + i * 8;
    s.text(330, y, mmyy(m), { size: 6.5 });
    s.text(380, y, String(r.int(28, 33)), { size: 6.5 });
    s.text(430, y, fmt.kwh(m.value), { size: 6.5 });
    s.text(480, y, String(r.int(8, 150)), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment. Make checks payable to MGE.",
    remit: ["MGE", "PO BOX 1231", "MADISON WI 53701-1231"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "mge", pdf: await s.bytes(), truth };
}

/** Indiana Michigan Power (AEP, Indiana): usage history chart, current bill summary, usage details, line items. */
async function indmich(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "IN", {
    utility: "Indiana Michigan Power",
    rate: "Residential Service",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh, h = f.history;
  const s = await Sheet.create();
  s.text(36, 40, "I&M", { size: 20, bold: true });
  s.text(36, 52, "Indiana Michigan Power   An AEP Company   IndianaMichiganPower.com   1-800-311-4634", {
    size: 7,
  });
  mailing(s, f, 36, 70);
  labelsOver(s, [330, 430, 510], 30, [["Account Number", f.account], ["Bill Date", fmt.mon(f.invoiceDate)], [
    "Due Date",
    fmt.mon(f.dueDate),
  ]], 7.5);
  s.text(330, 62, `Total Amount Due ${fmt.money(f.amountDue)}`, { size: 10, bold: true });
  const { prev, paid } = summary(r, f);
  [["Previous Balance", money(prev)], ["Payment(s) Received", `-${money(paid)}`], [
    "Balance Remaining",
    money(+f.pastDue),
  ]].forEach(([a, b], i) => s.row(330, 576, 76 + i * 10, a, b, { size: 7 }));
  s.text(36, 110, `Service Address: ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 7 });
  bars(s, h, 36, 124, 290, "Usage History (kWh)");
  const parts = [12.5, +(k * +f.supplyRate).toFixed(2)];
  const tax = +(cur - parts[0] - parts[1]).toFixed(2);
  s.text(350, 124, "Current Bill Summary", { size: 9, bold: true });
  s.text(350, 136, `Total Energy Used ${fmt.kwh(k)} kWh`, { size: 7 });
  [["Monthly Service", money(parts[0])], ["Electric Service", money(parts[1])], [
    "Taxes and Fees",
    money(tax),
  ], [
    "Current Charges",
    money(cur),
  ]].forEach(([a, b], i) => s.row(350, 576, 148 + i * 10, a, b, { size: 7, bold: i === 3 }));
  s.text(36, 226, "Usage Details", { size: 9, bold: true });
  const ly = h[0], last = h[h.length - 2];
  ["", "This Month", "Last Month", "Last Year"].forEach((t, i) =>
    s.text(36 + i * 70, 238, t, { size: 6.5, bold: true })
  );
  [["Days", String(days(f)), String(r.int(28, 33)), String(r.int(28, 33))], [
    "kWh Used",
    fmt.kwh(k),
    fmt.kwh(last.value),
    fmt.kwh(ly.value),
  ], [
    "Avg Daily Cost",
    `$${r.int(2, 9)}.${r.digits(2)}`,
    `$${r.int(2, 9)}.${r.digits(2)}`,
    `$${r.int(2, 9)}.${r.digits(2)}`,
  ]]
    .forEach((row, j) => row.forEach((v, i) => s.text(36 + i * 70, 248 + j * 10, v, { size: 6.5 })));
  s.text(330, 226, "Meter Information", { size: 9, bold: true });
  const rd = r.int(10000, 90000);
  s.text(330, 238, `Meter Number ${f.meters[0].number}   Tariff: ${f.rate}`, { size: 6.5 });
  s.text(330, 248, `Service Period ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}`, { size: 6.5 });
  s.text(330, 258, `Previous Reading ${rd} Actual   Present Reading ${rd + k} Actual   Multiplier 1`, {
    size: 6.5,
  });
  s.text(36, 288, "Line Item Charges", { size: 9, bold: true });
  s.row(48, 300, 300, "Monthly Service Charge", money(parts[0]), { size: 7 });
  s.row(48, 300, 310, `Current Billing ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(parts[1]), { size: 7 });
  s.row(48, 300, 320, `Fuel Cost Adjustment Rider ${fmt.kwh(k)} kWh @ $0.000${r.digits(3)}`, cents(r, 0, 2), {
    size: 7,
  });
  s.row(48, 300, 330, "Phase-In Rate Adjustment", `-${cents(r, 1, 4)}`, { size: 7 });
  s.row(48, 300, 340, "Sales Tax", cents(r, 3, 9), { size: 7 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Indiana Michigan Power.",
    remit: ["INDIANA MICHIGAN POWER", "PO BOX 24412", "CANTON OH 44701-4412"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: h, ...stub, service: upper(f.service) });
  return { layout: "indmich", pdf: await s.bytes(), truth };
}

/** Orange & Rockland (New York): next read date, two dated readings, tiered delivery, market supply. */
async function oru(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NY", {
    utility: "Orange & Rockland",
    rate: "SC1 Residential",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "Orange & Rockland", { size: 16, bold: true });
  s.text(36, 52, "oru.com   1-877-434-4100", { size: 7 });
  s.text(36, 70, f.name.toUpperCase(), { size: 8, bold: true });
  s.text(36, 80, `Service address: ${addr1(f).toUpperCase()}, ${cityLine(f)}`, { size: 7 });
  const next = new Date(+f.periodEnd + r.int(29, 32) * 864e5);
  s.text(36, 90, `Next read date: ${fmt.mon(next)}`, { size: 7 });
  s.text(36, 108, "Your electricity use", { size: 9, bold: true });
  const rd = r.int(10000, 90000);
  s.text(36, 120, `Meter ${f.meters[0].number}`, { size: 7 });
  s.text(36, 130, `${fmt.mon(f.periodStart)}  Actual  ${fmt.kwh(rd)}`, { size: 7 });
  s.text(36, 140, `${fmt.mon(f.periodEnd)}  Actual  ${fmt.kwh(rd + k)}`, { size: 7 });
  s.text(36, 150, `Usage ${fmt.kwh(k)} kWh   ${days(f)} days   Service Classification: ${f.rate}`, {
    size: 7,
  });
  s.text(36, 166, "Delivery charges", { size: 8, bold: true });
  s.row(48, 300, 177, "Basic service charge", "$21.50", { size: 7 });
  const t1 = Math.min(250, k), t2 = Math.min(250, Math.max(0, k - 250)), t3 = Math.max(0, k - 500);
  [[`First ${t1} kWh @ $0.0${r.digits(4)}`, t1], [`Next ${t2} kWh @ $0.0${r.digits(4)}`, t2], [
    `Over 500 kWh ${fmt.kwh(t3)} kWh @ $0.0${r.digits(4)}`,
    t3,
  ]].filter(([, n]) => +n > 0).forEach(([a], i) =>
    s.row(48, 300, 187 + i * 10, String(a), cents(r, 8, 40), { size: 7 })
  );
  s.row(48, 300, 217, "System Benefits Charge", cents(r, 1, 5), { size: 7 });
  s.row(48, 300, 227, "Energy Cost Adjustment", cents(r, 0, 3), { size: 7 });
  s.row(48, 300, 237, "RDM Adjustment", cents(r, 0, 2), { size: 7 });
  s.text(36, 253, "Supply charges", { size: 8, bold: true });
  s.row(48, 300, 264, `Market supply charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 300, 274, "Merchant function charge", cents(r, 0, 3), { size: 7 });
  s.text(330, 40, "Account number", { size: 7, bold: true });
  s.text(430, 40, f.account, { size: 8 });
  s.text(330, 50, "Bill issued", { size: 7, bold: true });
  s.text(430, 50, fmt.mon(f.invoiceDate), { size: 8 });
  s.text(330, 70, "Your account summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous charges", money(prev)],
    ["Payments received", `-${money(paid)}`],
    [
      "Balance from previous bill",
      money(+f.pastDue),
    ],
    ["Current charges", money(cur)],
    ["Total amount due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 82 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(330, 136, `Please pay by ${fmt.mon(f.dueDate)}`, { size: 8, bold: true });
  bars(s, f.history, 330, 160, 246, "Your 13-month electricity use (kWh)", 4.5);
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Orange & Rockland.",
    remit: ["ORANGE & ROCKLAND", "PO BOX 1005", "SPRING VALLEY NY 10977-0800"],
    accountLabel: "Account number",
    amountLabel: "Total amount due",
    dueLabel: "Please pay by",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "oru", pdf: await s.bytes(), truth };
}

/** Public Service Company of Oklahoma (AEP): tariff with its number, rate billing, cost of fuel, previous charges. */
async function pso(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "OK", {
    utility: "Public Service Company of Oklahoma",
    rate: "Residential Service",
    pastDue: r.chance(0.25),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "PSO", { size: 22, bold: true });
  s.text(36, 52, "Public Service Company of Oklahoma   An AEP Company   PSOklahoma.com   1-888-216-3523", {
    size: 7,
  });
  mailing(s, f, 36, 70);
  labelsOver(s, [330, 430, 510], 30, [
    ["Account Number", f.account],
    ["Bill Date", fmt.slash(f.invoiceDate)],
    [
      "Amount Due",
      fmt.money(f.amountDue),
    ],
  ], 7.5);
  s.text(330, 62, `Due by ${fmt.slash(f.dueDate)}`, { size: 9, bold: true });
  s.text(36, 110, `Service Address ${addr1(f).toUpperCase()}, ${cityLine(f)}`, { size: 7 });
  s.text(36, 126, "Billing Details", { size: 9, bold: true });
  s.text(36, 138, `Tariff 015 - ${f.rate}`, { size: 7 });
  s.text(
    36,
    148,
    `Billing Period ${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)}   ${days(f)} Days`,
    {
      size: 7,
    },
  );
  const rd = r.int(10000, 90000);
  s.text(
    36,
    158,
    `Meter ${f.meters[0].number}   Current ${rd + k}   Previous ${rd}   Energy Used ${fmt.kwh(k)} kWh`,
    {
      size: 7,
    },
  );
  s.row(48, 300, 174, "Base Service Charge", "$17.00", { size: 7 });
  s.row(48, 300, 184, `Rate Billing ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 300, 194, `Cost of Fuel @ 0.0${r.digits(6)} per kWh`, cents(r, 20, 60), { size: 7 });
  s.row(48, 300, 204, "Winter Storm Cost Recovery Rider", cents(r, 1, 4), { size: 7 });
  s.row(48, 300, 214, "Other Taxes and Fees", cents(r, 3, 10), { size: 7 });
  s.row(36, 300, 228, "Current Charges", money(cur), { size: 7.5, bold: true });
  s.row(36, 300, 240, "Previous Charges", money(+f.pastDue), { size: 7.5 });
  s.row(36, 300, 252, "Total Amount Due", fmt.money(f.amountDue), { size: 7.5, bold: true });
  s.text(330, 126, "Usage History", { size: 9, bold: true });
  ["Month", "Days", "kWh", "Avg Daily kWh"].forEach((t, i) =>
    s.text(330 + i * 55, 138, t, { size: 6.5, bold: true })
  );
  f.history.forEach((m, i) => {
    const y = 148 + i * 8, dd = r.int(28, 33);
    s.text(330, y, mmyy(m), { size: 6.5 });
    s.text(385, y, String(dd), { size: 6.5 });
    s.text(440, y, fmt.kwh(m.value), { size: 6.5 });
    s.text(495, y, (m.value / dd).toFixed(1), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to PSO.",
    remit: ["PSO", "PO BOX 371496", "PITTSBURGH PA 15250-7496"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due By",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "pso", pdf: await s.bytes(), truth };
}

/** Chugach Electric Association (Alaska): member and account numbers, summary table, fuel and purchased power. */
async function chugach(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "AK", {
    utility: "Chugach Electric Association",
    rate: "Residential Service",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "CHUGACH", { size: 18, bold: true });
  s.text(36, 52, "Chugach Electric Association, Inc.   chugachelectric.com   (907) 563-7366", { size: 7 });
  mailing(s, f, 36, 74);
  s.text(330, 34, `Member Number ${r.digits(6)}`, { size: 7.5 });
  s.text(330, 44, `Account Number ${f.account}`, { size: 7.5 });
  s.text(330, 54, `Statement Date ${fmt.mon(f.invoiceDate)}`, { size: 7.5 });
  s.text(330, 68, `Please Pay ${fmt.money(f.amountDue)} by ${fmt.mon(f.dueDate)}`, { size: 9, bold: true });
  const cols = [36, 180, 250, 340, 400, 460, 520];
  [
    "Service Address",
    "Meter Number",
    "Billing Period",
    "",
    "Previous Read",
    "Current Read",
    "Total kWh Usage",
  ]
    .forEach((t, i) => s.text(cols[i], 124, t, { size: 6.5, bold: true }));
  const rd = r.int(10000, 90000);
  [
    `${addr1(f).toUpperCase()} ${cityLine(f)}`,
    f.meters[0].number,
    `${fmt.short(f.periodStart)} - ${fmt.short(f.periodEnd)}`,
    "",
    String(rd),
    String(rd + k),
    fmt.kwh(k),
  ].forEach((v, i) => v && s.text(cols[i], 134, v, { size: 6.5 }));
  s.text(36, 154, "Billing and Payment Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [["Prior Balance", money(prev)], ["Payment(s)", `-${money(paid)}`], [
    "Unpaid Prior Balance",
    money(+f.pastDue),
  ], [
    "Current Charges",
    money(cur),
  ], ["Total Due", fmt.money(f.amountDue)]].forEach(([a, b], i) =>
    s.row(36, 300, 166 + i * 10, a, b, { size: 7, bold: i === 4 })
  );
  s.text(36, 226, `Current Charges - ${f.rate}`, { size: 8, bold: true });
  s.row(48, 300, 238, "Customer Charge", "$10.00", { size: 7 });
  s.row(48, 300, 248, `Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(
    48,
    300,
    258,
    `Fuel & Purchased Power Adjustment ${fmt.kwh(k)} kWh @ $0.0${r.digits(5)}`,
    cents(r, 20, 70),
    {
      size: 7,
    },
  );
  s.row(48, 300, 268, "Regulatory Cost Charge", cents(r, 0, 2), { size: 7 });
  s.row(48, 300, 278, `Fire Island Wind ${fmt.kwh(k)} kWh @ $0.00${r.digits(4)}`, cents(r, 0, 3), {
    size: 7,
  });
  bars(s, f.history, 330, 160, 246, "Your Monthly kWh Usage");
  s.text(330, 260, "Member Information", { size: 8, bold: true });
  s.text(330, 270, "Capital credits are allocated to members each year.", { size: 6.5 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Chugach Electric.",
    remit: ["CHUGACH ELECTRIC ASSOCIATION", "PO BOX 196760", "ANCHORAGE AK 99519-6760"],
    accountLabel: "Account Number",
    amountLabel: "Total Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "chugach", pdf: await s.bytes(), truth };
}

export const R17_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  ace,
  mge,
  indmich,
  oru,
  pso,
  chugach,
};
/** Drawn at random from the six before the first score; only their totals are read until the round's last change. */
export const R17_SEALED = ["pso", "mge"];
