// Round-18 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from their public "understanding your bill" pages (label words, section names, table shapes:
// tests/fixtures/bills/synthetic/SOURCES.md "Round 18 layouts"). Shapes: the account summary with the due date
// inside the total's line ("Total Due by Aug. 19, 2024 - Please pay this amount"), general information naming the
// supplier, a price-to-compare message in cents, the charges from the utility with a customer charge and the
// distribution and generation related components (The Illuminating Company, FirstEnergy Ohio); the account name,
// account and member numbers, the phone number on file and the meter number, the amount owed with the amount after
// the due date, the cycle's dates, days, multiplier and rate with the prior and present readings, a base charge and
// a per-kWh charge printed without a dollar sign, the power cost recovery factor, a security light and Operation
// Round Up (Wood County Electric Cooperative); a billing summary of past payments, current charges and total charges
// due, a 12-month energy use graph beside a comparison chart (days, average temperature, kWh this year and last),
// billing details with the meter number, rate schedule, service dates, meter reads and total kWh (Benton REA); an
// electric bill summary with the readings and kWh, previous statement charges, payments and adjustments, a yard
// light, a power use table with average kWh and cost per day and the days of service, the due date, the amount
// after the due date and a disconnect date (Marlboro Electric Cooperative).
// Two of them are SEALED (R18_SEALED, drawn at random before the first score). Registered in layouts_heldout.ts.
// Truth conventions: rounds 13 and 15 (docs/bills.md).
import { drawStub } from "./stub.ts";
import { type Facts, type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, cents, days, labelsOver, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  OH: [["Cleveland", "44114"], ["Euclid", "44123"], ["Mentor", "44060"], ["Painesville", "44077"]],
  TX: [["Quitman", "75783"], ["Mineola", "75773"], ["Winnsboro", "75494"], ["Emory", "75440"]],
  WA: [["Prosser", "99350"], ["Benton City", "99320"], ["West Richland", "99353"], ["Grandview", "98930"]],
  SC: [["Bennettsville", "29512"], ["McColl", "29570"], ["Clio", "29525"], ["Blenheim", "29516"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityLine = (f: Facts) => `${f.service.city.toUpperCase()} ${f.state} ${f.service.zip}`;
type Month = Facts["history"][number];
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Aug. 19, 2024" (May without a point). */
const dotted = (d: Date) =>
  `${M3[d.getUTCMonth()]}${d.getUTCMonth() === 4 ? "" : "."} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;

/** The Illuminating Company (FirstEnergy, Ohio): account summary, general information, price to compare. */
async function illuminating(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "OH", {
    utility: "The Illuminating Company",
    rate: "Residential Service (RS)",
    pastDue: r.chance(0.25),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "The Illuminating Company", { size: 15, bold: true });
  s.text(36, 52, "A FirstEnergy Company   firstenergycorp.com   1-800-589-3101", { size: 7 });
  s.text(330, 40, `Account Number: ${f.account.replace(/(\d\d)(\d\d)(\d\d)(\d{4})/, "$1 $2 $3 $4")}`, {
    size: 8,
  });
  s.text(330, 50, `Issue Date: ${dotted(f.invoiceDate)}`, { size: 8 });
  s.text(36, 72, f.name.toUpperCase(), { size: 8 });
  s.text(36, 82, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 92, `${f.service.city.toUpperCase()}, ${f.state} ${f.service.zip}`, { size: 8 });
  s.text(330, 66, "Account Summary", { size: 9, bold: true });
  s.text(520, 66, "Amount Due", { size: 7, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Balance at Last Billing", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Balance", money(+f.pastDue)],
    ["Current Basic Charges", money(cur)],
  ].forEach(([a, b], i) => s.row(330, 576, 78 + i * 10, a, b, { size: 7 }));
  s.text(
    330,
    124,
    `Total Due by ${dotted(f.dueDate)} - Please pay this amount   ${fmt.money(f.amountDue)}`,
    { size: 7.5, bold: true },
  );
  s.text(36, 112, `Service Address: ${addr1(f).toUpperCase()}, ${f.service.city.toUpperCase()} OH`, {
    size: 7,
  });
  s.text(36, 140, "General Information", { size: 9, bold: true });
  s.text(36, 151, "Your electricity is supplied by The Illuminating Company (standard service offer).", {
    size: 6.5,
  });
  s.text(
    36,
    161,
    `Billing Period: ${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)} for ${days(f)} days`,
    {
      size: 6.5,
    },
  );
  s.text(36, 171, `Next scheduled meter reading on or about ${dotted(new Date(+f.periodEnd + 30 * 864e5))}`, {
    size: 6.5,
  });
  s.text(36, 188, "Price to Compare Message", { size: 9, bold: true });
  s.text(
    36,
    199,
    `Your price to compare is ${r.int(6, 11)}.${
      r.digits(2)
    } cents per kWh. To save, a supplier's price must be lower.`,
    { size: 6.5 },
  );
  s.text(36, 220, "Charges from The Illuminating Company this billing period", { size: 9, bold: true });
  s.text(36, 231, `Rate: ${f.rate}`, { size: 7 });
  const rd = r.int(10000, 90000);
  ["Meter Number", "Reading Dates", "Previous", "Present", "Usage (kWh)"].forEach((t, i) =>
    s.text(36 + i * 100, 243, t, { size: 6.5, bold: true })
  );
  [
    f.meters[0].number,
    `${fmt.short(f.periodStart)} - ${fmt.short(f.periodEnd)}`,
    `${rd} Actual`,
    `${rd + k} Actual`,
    fmt.kwh(k),
  ].forEach((v, i) => s.text(36 + i * 100, 253, v, { size: 6.5 }));
  s.row(48, 330, 270, "Customer Charge", "$4.00", { size: 7 });
  s.row(48, 330, 280, `Distribution Related Component ${fmt.kwh(k)} KWH`, cents(r, 15, 45), { size: 7 });
  s.row(
    48,
    330,
    290,
    `Generation Related Component ${fmt.kwh(k)} KWH @ $${f.supplyRate}`,
    money(k * +f.supplyRate),
    {
      size: 7,
    },
  );
  s.row(48, 330, 300, "Transmission Related Component", cents(r, 4, 12), { size: 7 });
  s.row(48, 330, 310, "Energy Efficiency Rider", cents(r, 1, 4), { size: 7 });
  s.row(48, 330, 320, "Kilowatt-hour Tax", cents(r, 2, 6), { size: 7 });
  s.row(36, 330, 334, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  s.text(380, 140, "Usage History", { size: 9, bold: true });
  ["Month", "kWh", "Days"].forEach((t, i) => s.text(380 + i * 60, 152, t, { size: 6.5, bold: true }));
  f.history.forEach((m, i) => {
    const y = 162 + i * 8;
    s.text(380, y, `${fmt.m3(m.month)} ${m.year}`, { size: 6.5 });
    s.text(440, y, fmt.kwh(m.value), { size: 6.5 });
    s.text(500, y, String(r.int(28, 33)), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment. Make checks payable to The Illuminating Company.",
    remit: ["THE ILLUMINATING COMPANY", "PO BOX 3638", "AKRON OH 44309-3638"],
    accountLabel: "Account Number",
    amountLabel: "Total Due",
    dueLabel: "Due Date",
    date: dotted,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "illuminating", pdf: await s.bytes(), truth };
}

/** Wood County Electric Cooperative (Texas): account block with meter, amounts before/after due date, cycle facts. */
async function wcec(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "TX", {
    utility: "Wood County Electric Cooperative",
    rate: "Rate A",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const late = (+f.amountDue + Math.round(cur * 5) / 100).toFixed(2);
  const s = await Sheet.create();
  s.text(36, 40, "WOOD COUNTY ELECTRIC COOPERATIVE, INC.", { size: 12, bold: true });
  s.text(36, 52, "PO Box 1827  Quitman TX 75783   903-763-2203   wcec.org", { size: 7 });
  [
    ["Account Name", f.name.toUpperCase()],
    ["Account Number", f.account],
    ["Member Number", r.digits(6)],
    ["Phone Number", `903-${r.digits(3)}-${r.digits(4)}`],
    ["Meter Number", f.meters[0].number],
    ["Service Address", `${addr1(f).toUpperCase()} ${cityLine(f)}`],
  ].forEach(([a, b], i) => {
    s.text(36, 72 + i * 10, a, { size: 7, bold: true });
    s.text(120, 72 + i * 10, b, { size: 7 });
  });
  s.box(360, 64, 216, 48);
  s.row(368, 568, 76, "Total Amount Due", fmt.money(f.amountDue), { size: 8, bold: true });
  s.row(368, 568, 88, "Due Date", fmt.slash(f.dueDate), { size: 8 });
  s.row(368, 568, 100, "Amount Due After Due Date", fmt.money(late), { size: 7 });
  s.text(
    36,
    146,
    "Message Center: Operation Round Up rounds your bill to the next dollar for local charities.",
    {
      size: 6.5,
    },
  );
  const rd = r.int(10000, 90000);
  const cols = [36, 96, 156, 200, 250, 300, 350, 400, 460];
  ["Cycle Began", "Cycle Ended", "Days", "Due Date", "Mult", "Rate", "Prior Read", "Present Read", "kWh Used"]
    .forEach((t, i) => s.text(cols[i], 164, t, { size: 6.5, bold: true }));
  [
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(days(f)),
    fmt.slash(f.dueDate),
    "1",
    f.rate.replace("Rate ", ""),
    String(rd),
    String(rd + k),
    fmt.kwh(k),
  ].forEach((v, i) => s.text(cols[i], 174, v, { size: 6.5 }));
  s.text(36, 192, "Billing Detail", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  s.row(48, 330, 204, "Previous Balance", money(prev), { size: 7 });
  s.row(48, 330, 214, "Payment - Thank You", `-${money(paid)}`, { size: 7 });
  s.row(48, 330, 224, "Balance Forward", money(+f.pastDue), { size: 7 });
  s.row(48, 330, 236, "Base Charge", "$17.00", { size: 7 });
  s.row(
    48,
    330,
    246,
    `Energy Charge ${fmt.kwh(k)} kWh x ${f.supplyRate.replace(/^0/, "")}`,
    money(k * +f.supplyRate),
    {
      size: 7,
    },
  );
  s.row(48, 330, 256, `PCRF ${fmt.kwh(k)} kWh x .0${r.digits(4)}`, cents(r, 20, 60), { size: 7 });
  s.row(48, 330, 266, "Security Light 100W", "$9.75", { size: 7 });
  s.row(48, 330, 276, "Operation Round Up", `$0.${r.digits(2)}`, { size: 7 });
  s.row(36, 330, 290, "Current Amount Due", money(cur), { size: 7.5, bold: true });
  s.row(36, 330, 302, "Total Amount Due", fmt.money(f.amountDue), { size: 7.5, bold: true });
  s.text(360, 192, "kWh Usage - Last 13 Months", { size: 8, bold: true });
  const max = Math.max(...f.history.map((m) => m.value)), step = 216 / f.history.length, base = 300;
  f.history.forEach((m, i) => {
    const bh = Math.max(4, Math.round((m.value / max) * 60));
    const bx = 360 + i * step;
    for (let yy = base - bh; yy < base; yy += 2) s.rule(yy, bx + 2, bx + step - 3);
    s.text(bx + 1, base - bh - 3, String(m.value), { size: 4.5 });
    s.text(bx + 1, base + 8, `${fmt.m3(m.month)}`, { size: 4.5 });
    s.text(bx + 1, base + 14, `${m.year}`, { size: 4.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Wood County Electric Cooperative.",
    remit: ["WOOD COUNTY ELECTRIC COOPERATIVE", "PO BOX 1827", "QUITMAN TX 75783-1827"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "wcec", pdf: await s.bytes(), truth };
}

/** Benton REA (Washington): contact, message center, billing summary, energy use graph and comparison, details. */
async function bentonrea(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "WA", {
    utility: "Benton Rural Electric Association",
    rate: "Residential",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh, h = f.history;
  const s = await Sheet.create();
  s.text(36, 40, "Benton REA", { size: 18, bold: true });
  s.text(36, 52, "Benton Rural Electric Association   Contact Us: 509-786-2913   bentonrea.org", { size: 7 });
  labelsOver(s, [330, 430, 510], 30, [["Account Number", f.account], [
    "Statement Date",
    fmt.mon(f.invoiceDate),
  ], ["Due Date", fmt.mon(f.dueDate)]], 7.5);
  s.text(36, 70, f.name.toUpperCase(), { size: 8 });
  s.text(36, 80, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 90, cityLine(f), { size: 8 });
  s.text(330, 64, "Billing Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments Received", `-${money(paid)}`],
    ["Past Due Balance", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Charges Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 76 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 112, "Message Center", { size: 8, bold: true });
  s.text(36, 122, "Annual meeting notices and capital credit news will be listed here.", { size: 6.5 });
  s.text(36, 140, "Energy Use Graph", { size: 8, bold: true });
  const max = Math.max(...h.map((m) => m.value)), step = 270 / h.length, base = 214;
  h.forEach((m, i) => {
    const bh = Math.max(4, Math.round((m.value / max) * 56));
    const bx = 36 + i * step;
    for (let yy = base - bh; yy < base; yy += 2) s.rule(yy, bx + 2, bx + step - 3);
    s.text(bx + 1, base - bh - 3, fmt.kwh(m.value), { size: 5 });
    s.text(bx + 1, base + 8, `${fmt.m3(m.month)} ${String(m.year).slice(2)}`, { size: 5 });
  });
  s.text(330, 140, "Comparison Chart", { size: 8, bold: true });
  ["", "Days", "Avg Temp", "kWh", "kWh/Day"].forEach((t, i) =>
    s.text(330 + i * 50, 152, t, { size: 6.5, bold: true })
  );
  const ly = h[0];
  [[`${fmt.m3(h[h.length - 1].month)} ${h[h.length - 1].year}`, days(f), k], [
    `${fmt.m3(ly.month)} ${ly.year}`,
    r.int(28, 33),
    ly.value,
  ]].forEach(([a, d, v], j) => {
    [String(a), String(d), `${r.int(25, 85)}°F`, fmt.kwh(+v), (+v / +d).toFixed(1)].forEach((t, i) =>
      s.text(330 + i * 50, 162 + j * 10, t, { size: 6.5 })
    );
  });
  s.text(36, 240, "Billing Details", { size: 9, bold: true });
  s.text(36, 252, `Service Location: ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 7 });
  const rd = r.int(10000, 90000);
  const cols = [36, 110, 190, 290, 350, 410, 470];
  ["Meter Number", "Rate Schedule", "Service Dates", "", "Previous Read", "Present Read", "Total kWh"]
    .forEach((t, i) => t && s.text(cols[i], 264, t, { size: 6.5, bold: true }));
  [
    f.meters[0].number,
    f.rate,
    `${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}`,
    "",
    String(rd),
    String(rd + k),
    fmt.kwh(k),
  ].forEach((v, i) => v && s.text(cols[i], 274, v, { size: 6.5 }));
  s.row(48, 330, 292, "Basic Charge", "$33.00", { size: 7 });
  s.row(48, 330, 302, `Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 312, "BPA Rate Adjustment", cents(r, 1, 6), { size: 7 });
  s.row(48, 330, 322, "Washington State Utility Tax", cents(r, 2, 8), { size: 7 });
  s.row(36, 330, 336, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this bottom portion with your payment to Benton REA.",
    remit: ["BENTON REA", "PO BOX 1150", "PROSSER WA 99350-0850"],
    accountLabel: "Account Number",
    amountLabel: "Total Charges Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: h, ...stub, service: upper(f.service) });
  return { layout: "bentonrea", pdf: await s.bytes(), truth };
}

/** Marlboro Electric Cooperative (South Carolina): electric bill summary, power use, due/after-due/disconnect dates. */
async function marlboro(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "SC", {
    utility: "Marlboro Electric Cooperative",
    rate: "Residential",
    pastDue: r.chance(0.25),
  });
  const cur = owed(f), k = f.meters[0].kwh, d = days(f);
  const after = (+f.amountDue + Math.round(cur * 5) / 100).toFixed(2);
  const disconnect = new Date(+f.dueDate + r.int(10, 15) * 864e5);
  const s = await Sheet.create();
  s.text(36, 40, "Marlboro Electric Cooperative, Inc.", { size: 13, bold: true });
  s.text(36, 52, "Bennettsville, SC   843-479-3855   marlboro.coop", { size: 7 });
  s.text(36, 70, f.name.toUpperCase(), { size: 8 });
  s.text(36, 80, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 90, cityLine(f), { size: 8 });
  s.box(330, 30, 246, 70);
  s.row(338, 568, 42, "Account Number", f.account, { size: 7.5 });
  s.row(338, 568, 54, "Billing Date", fmt.slash(f.invoiceDate), { size: 7.5 });
  s.row(338, 568, 66, "Amount Due", fmt.money(f.amountDue), { size: 8, bold: true });
  s.row(338, 568, 78, "Due Date", fmt.slash(f.dueDate), { size: 7.5 });
  s.row(338, 568, 90, "After Due Date Pay", fmt.money(after), { size: 7.5 });
  s.text(36, 112, `Location: ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 7 });
  s.text(36, 130, "Electric Bill Summary", { size: 9, bold: true });
  const rd = r.int(10000, 90000);
  const cols = [36, 110, 170, 230, 290, 350];
  ["Meter", "From", "To", "Previous", "Present", "kWh Usage"].forEach((t, i) =>
    s.text(cols[i], 142, t, { size: 6.5, bold: true })
  );
  [
    f.meters[0].number,
    fmt.short(f.periodStart),
    fmt.short(f.periodEnd),
    String(rd),
    String(rd + k),
    fmt.kwh(k),
  ]
    .forEach((v, i) => s.text(cols[i], 152, v, { size: 6.5 }));
  s.text(36, 164, `Rate: ${f.rate}   Days of Service: ${d}`, { size: 7 });
  const { prev, paid } = summary(r, f);
  s.row(48, 330, 178, "Previous Statement Charges", money(prev), { size: 7 });
  s.row(48, 330, 188, "Payments", `-${money(paid)}`, { size: 7 });
  s.row(48, 330, 198, "Adjustments", "$0.00", { size: 7 });
  s.row(48, 330, 208, "Past Due Amount", money(+f.pastDue), { size: 7 });
  s.row(48, 330, 220, "Facility Charge", "$31.50", { size: 7 });
  s.row(48, 330, 230, `Energy Charge ${fmt.kwh(k)} kWh @ ${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 240, "Wholesale Power Cost Adjustment", cents(r, 1, 20), { size: 7 });
  s.row(48, 330, 250, "Yard Light 175W MV", "$11.25", { size: 7 });
  s.row(48, 330, 260, "SC Sales Tax", cents(r, 2, 8), { size: 7 });
  s.row(36, 330, 274, "Current Billing Charges", money(cur), { size: 7.5, bold: true });
  s.text(36, 296, "Messages and Important Information", { size: 8, bold: true });
  s.text(36, 306, `Disconnect Date: ${fmt.slash(disconnect)} if the amount due is not paid.`, { size: 6.5 });
  s.text(360, 130, "Power Use", { size: 9, bold: true });
  s.text(
    360,
    141,
    `Average kWh per Day ${(k / d).toFixed(1)}   Average Cost per Day $${(cur / d).toFixed(2)}`,
    {
      size: 6.5,
    },
  );
  ["Month", "Days", "kWh", "kWh/Day"].forEach((t, i) =>
    s.text(360 + i * 52, 153, t, { size: 6.5, bold: true })
  );
  [...f.history].reverse().forEach((m, i) => {
    const y = 163 + i * 8, dd = r.int(28, 33);
    s.text(360, y, `${fmt.m3(m.month)}/${String(m.year).slice(2)}`, { size: 6.5 });
    s.text(412, y, String(dd), { size: 6.5 });
    s.text(464, y, fmt.kwh(m.value), { size: 6.5 });
    s.text(516, y, (m.value / dd).toFixed(1), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Marlboro Electric Cooperative.",
    remit: ["MARLBORO ELECTRIC COOPERATIVE", "PO BOX 1057", "BENNETTSVILLE SC 29512-1057"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "marlboro", pdf: await s.bytes(), truth };
}

export const R18_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  illuminating,
  wcec,
  bentonrea,
  marlboro,
};
/** Drawn at random from the four before the first score; only their totals are read until the round's last change. */
export const R18_SEALED = ["illuminating", "marlboro"];
