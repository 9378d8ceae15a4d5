// Round-22 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from their public "understanding your bill", rate and billing-plan pages (label words, section names,
// table shapes: tests/fixtures/bills/synthetic/SOURCES.md "Round 22 layouts"). Shapes: an investor-owned utility's
// two-page bill whose distribution charges and an alternate supplier's generation charges are separate sections,
// with the utility's default "Price to Compare" printed beside them and the usage history on page 2 (Met-Ed,
// Pennsylvania); a co-op member on a levelized budget plan with an accumulated variance and a settle-up month, whose
// history is a table of kWh, days and average daily kWh (Golden Valley Electric Association, Alaska); a city's
// utility bill where electric is one service code among sewer, solid waste and water, and the customer's name is
// printed only on the payment stub (City of Goodland, Kansas); a co-op bill whose energy is priced in parts — a
// wholesale power charge, a power cost recovery factor and the co-op's delivery service, each per kWh — with a
// member number beside the account number and a 13-month history printed as one row (Bluebonnet Electric
// Cooperative, Texas).
// Two of them are SEALED (R22_SEALED, dev since round 23, drawn at random before the first score). Registered in layouts_heldout.ts.
// Truth conventions: rounds 9, 13 and 15 (docs/bills.md); a bill with an alternate supplier's generation charge
// has that supplier's price as its supply price (the utility's "Price to Compare" is not the customer's price); a
// levelized bill's amount due is the levelized amount it asks (round 20); a co-op's wholesale power charge per kWh
// is its supply price (the power cost recovery factor is an adjustment, the co-op's service charge per kWh is
// delivery); a city utility bill's amount due is the whole bill (round 21); the name printed only on the stub is
// the customer's name.
import { drawStub } from "./stub.ts";
import { type Facts, type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, days, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  PA: [["Reading", "19601"], ["York", "17402"], ["Lebanon", "17042"], ["Hamburg", "19526"]],
  AK: [["Fairbanks", "99709"], ["North Pole", "99705"], ["Delta Junction", "99737"], ["Healy", "99743"]],
  KS: [["Goodland", "67735"], ["Goodland", "67735"], ["Goodland", "67735"], ["Goodland", "67735"]],
  TX: [["Bastrop", "78602"], ["Giddings", "78942"], ["Brenham", "77833"], ["La Grange", "78945"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityLine = (f: Facts) => `${f.service.city.toUpperCase()} ${f.state} ${f.service.zip}`;
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const yy = (y: number) => String(y).slice(2);

/** Met-Ed (Pennsylvania): two pages; Met-Ed's distribution charges and a supplier's generation charges apart. */
async function meted(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "PA", {
    utility: "Met-Ed",
    rate: "Residential Service (RS)",
    pastDue: r.chance(0.25),
  });
  const k = f.meters[0].kwh, d = days(f);
  const dist = `0.0${r.int(3, 5)}${r.digits(3)}`, ptc = `0.${r.int(10, 13)}${r.digits(3)}`;
  const distAmt = k * +dist, genAmt = k * +f.supplyRate, tax = r.int(-90, 90) / 100;
  const utilityPart = 11.25 + distAmt + tax;
  f.amountDue = (utilityPart + genAmt).toFixed(2);
  const cur = owed(f);
  const supplier = r.pick(["Shipley Energy", "Constellation NewEnergy", "Direct Energy Services"]);
  const s = await Sheet.create();
  // page 1: the account summary and the stub
  s.text(36, 40, "Met-Ed", { size: 20, bold: true });
  s.text(36, 54, "A FirstEnergy Company   1-800-545-7741   firstenergycorp.com/meted", { size: 7 });
  s.text(400, 40, "Page 1 of 2", { size: 7 });
  s.box(360, 56, 216, 58);
  [
    ["Account Number", f.account],
    ["Issue Date", fmt.mon(f.invoiceDate)],
    ["Amount Due", fmt.money(f.amountDue)],
    ["Due Date", fmt.mon(f.dueDate)],
  ].forEach(([a, b], i) => s.row(368, 568, 68 + i * 11, a, b, { size: 7.5, bold: i === 2 }));
  s.text(36, 80, f.name.toUpperCase(), { size: 8 });
  s.text(36, 90, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 100, cityLine(f), { size: 8 });
  s.text(36, 130, "Account Summary", { size: 10, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Amount of Your Last Bill", money(prev)],
    ["Payment(s) Received - Thank You", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Met-Ed Charges", money(utilityPart)],
    [`${supplier} Charges`, money(genAmt)],
    ["Total Current Charges", money(cur)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 330, 144 + i * 11, a, b, { size: 7.5, bold: i === 6 }));
  s.text(36, 232, `Your electric supplier is ${supplier}. Met-Ed delivers your electricity.`, { size: 7 });
  s.text(36, 242, "Details of your charges and your usage history are on page 2.", { size: 7 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment. Make checks payable to Met-Ed.",
    remit: ["MET-ED", "PO BOX 3687", "AKRON OH 44309-3687"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  // page 2: the charges of each company, the meter, the price to compare, the history
  s.addPage();
  s.text(36, 40, "Met-Ed", { size: 12, bold: true });
  s.text(400, 40, `Page 2 of 2   Account Number ${f.account}`, { size: 7 });
  s.text(36, 62, `Service Address: ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 7.5 });
  s.text(
    36,
    72,
    `Bill Period: ${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)}   ${d} Days   Rate: ${f.rate}`,
    { size: 7.5 },
  );
  const cols = [36, 120, 200, 280, 340];
  ["Meter Number", "Previous Reading", "Current Reading", "Multiplier", "kWh Used"].forEach((t, i) =>
    s.text(cols[i], 92, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 80000);
  [f.meters[0].number, `${rd} Actual`, `${rd + k} Actual`, "1", fmt.kwh(k)].forEach((t, i) =>
    s.text(cols[i], 102, t, { size: 7 })
  );
  s.text(36, 124, "Charges from Met-Ed", { size: 9, bold: true });
  [
    ["Customer Charge", "$11.25"],
    [`Distribution Charge ${fmt.kwh(k)} KWH X $${dist} per KWH`, money(distAmt)],
    ["State Tax Adjustment", tax < 0 ? `-${money(-tax)}` : money(tax)],
  ].forEach(([a, b], i) => s.row(48, 400, 136 + i * 10, a, b, { size: 7 }));
  s.row(36, 400, 168, "Total Met-Ed Charges", money(utilityPart), { size: 7.5, bold: true });
  s.text(36, 188, `Charges from ${supplier}`, { size: 9, bold: true });
  s.text(48, 199, `Supplier Phone 1-888-${r.digits(3)}-${r.digits(4)}`, { size: 7 });
  s.row(48, 400, 209, `Generation Charge ${fmt.kwh(k)} KWH X $${f.supplyRate} per KWH`, money(genAmt), {
    size: 7,
  });
  s.row(36, 400, 221, `Total ${supplier} Charges`, money(genAmt), { size: 7.5, bold: true });
  s.text(
    36,
    242,
    `Price to Compare: Met-Ed's default service price for generation and transmission is $${ptc} per kWh.`,
    { size: 6.5 },
  );
  s.text(36, 251, "To save, a supplier's price must be lower than the Price to Compare. papowerswitch.com", {
    size: 6.5,
  });
  s.text(36, 276, "Your Usage History", { size: 9, bold: true });
  ["Month", "kWh", "Days"].forEach((t, i) => s.text(36 + i * 60, 288, t, { size: 6.5, bold: true }));
  [...f.history].reverse().forEach((m, i) => {
    const y = 298 + i * 9;
    s.text(36, y, `${M3[m.month - 1]} ${yy(m.year)}`, { size: 6.5 });
    s.text(96, y, fmt.kwh(m.value), { size: 6.5 });
    s.text(156, y, String(i === 0 ? d : r.int(28, 33)), { size: 6.5 });
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "meted", pdf: await s.bytes(), truth };
}

/** Golden Valley Electric Association (Alaska): levelized budget billing, accumulated variance, a settle-up month. */
async function gvea(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "AK", {
    utility: "Golden Valley Electric Association",
    rate: "Residential Service",
  });
  const k = f.meters[0].kwh, d = days(f);
  const energy = k * +f.supplyRate, actual = 21.5 + energy + r.int(100, 900) / 100;
  const level = r.int(9000, 26000) / 100;
  const variance = r.int(-25000, 25000) / 100;
  f.amountDue = level.toFixed(2);
  const s = await Sheet.create();
  s.text(36, 40, "Golden Valley Electric Association, Inc.", { size: 13, bold: true });
  s.text(36, 52, "PO Box 71249, Fairbanks, AK 99707-1249   907-452-1151   gvea.com", { size: 7 });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityLine(f), { size: 8 });
  [
    ["Account No.", f.account],
    ["Bill Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Levelized Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 40 + i * 10, a, b, { size: 7.5, bold: i === 3 }));
  s.text(36, 116, `Service Location: ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 7 });
  s.text(
    36,
    125,
    `Service Period: ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}   Rate: ${f.rate}`,
    {
      size: 7,
    },
  );
  const cols = [36, 110, 180, 250, 310];
  ["Meter", "Previous", "Present", "Multiplier", "kWh"].forEach((t, i) =>
    s.text(cols[i], 142, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 80000);
  [f.meters[0].number, String(rd), String(rd + k), "1", fmt.kwh(k)].forEach((t, i) =>
    s.text(cols[i], 152, t, { size: 7 })
  );
  s.text(36, 172, "Charges This Month", { size: 9, bold: true });
  [
    ["Customer Charge", "$21.50"],
    [`Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(energy)],
    ["Regulatory Cost Charge", money(actual - 21.5 - energy)],
  ].forEach(([a, b], i) => s.row(48, 330, 184 + i * 10, a, b, { size: 7 }));
  s.row(36, 330, 216, "Actual Charges This Month", money(actual), { size: 7.5, bold: true });
  s.text(360, 172, "Levelized Budget Billing", { size: 9, bold: true });
  const prevVar = variance - (actual - level);
  [
    ["Previous Balance", money(level)],
    ["Payment Received", `-${money(level)}`],
    ["Actual Charges This Month", money(actual)],
    ["Accumulated Variance", variance < 0 ? `-${money(-variance)}` : money(variance)],
    ["Prior Variance", prevVar < 0 ? `-${money(-prevVar)}` : money(prevVar)],
    ["Levelized Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 184 + i * 10, a, b, { size: 7, bold: i === 5 }));
  s.text(360, 250, "Your account settles up in your April bill: the", { size: 6.5 });
  s.text(360, 258, "accumulated variance is then due or credited.", { size: 6.5 });
  s.text(36, 246, "Usage History", { size: 9, bold: true });
  ["Billing Month", "Days", "kWh", "Avg Daily kWh"].forEach((t, i) =>
    s.text(36 + i * 60, 258, t, { size: 6.5, bold: true })
  );
  [...f.history].reverse().forEach((m, i) => {
    const y = 268 + i * 8, dd = i === 0 ? d : r.int(28, 33);
    s.text(36, y, `${M3[m.month - 1]} ${m.year}`, { size: 6.5 });
    s.text(96, y, String(dd), { size: 6.5 });
    s.text(156, y, fmt.kwh(m.value), { size: 6.5 });
    s.text(216, y, (m.value / dd).toFixed(1), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Levelized members: pay the levelized amount.",
    remit: ["GOLDEN VALLEY ELECTRIC ASSN", "PO BOX 71249", "FAIRBANKS AK 99707-1249"],
    accountLabel: "Account No.",
    amountLabel: "Levelized Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "gvea", pdf: await s.bytes(), truth };
}

/** City of Goodland (Kansas): electric as one service code among sewer, solid waste and water; name on the stub. */
async function goodland(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "KS", {
    utility: "City of Goodland",
    // the class as the bill prints it, in capitals (round 23: the truth held "Residential Electric", never printed)
    rate: "RESIDENTIAL ELECTRIC",
    pastDue: r.chance(0.2),
  });
  const k = f.meters[0].kwh, d = days(f);
  const energy = k * +f.supplyRate, gal = r.int(2000, 12000);
  const water = 20 + (gal / 748) * 1.35, sewer = 14, trash = 16.5, plan = gal / 1000 * 0.032;
  const elec = 15 + energy;
  const tax = Math.round(elec * 0.075 * 100) / 100;
  f.amountDue = (elec + tax + water + sewer + trash + plan).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "CITY OF GOODLAND", { size: 14, bold: true });
  s.text(36, 52, "Utility Billing   204 W 11th Street   Goodland, KS 67735   785-890-4500", { size: 7 });
  s.box(360, 30, 216, 52);
  [
    ["Account No.", f.account],
    ["Billing Date", fmt.dash(f.invoiceDate)],
    ["Due Date", fmt.dash(f.dueDate)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(368, 568, 42 + i * 10, a, b, { size: 7.5, bold: i === 3 }));
  s.text(36, 76, `Service Location: ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 7.5 });
  s.text(36, 86, `Service From ${fmt.dash(f.periodStart)} To ${fmt.dash(f.periodEnd)}   ${d} Days`, {
    size: 7.5,
  });
  s.text(36, 108, "METER READINGS", { size: 9, bold: true });
  const cols = [36, 70, 140, 210, 270, 330, 390];
  ["Svc", "Meter", "Read Date", "Previous", "Present", "Usage", "Units"].forEach((t, i) =>
    s.text(cols[i], 120, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 80000), wr = r.int(1000, 9000), cf = Math.round(gal / 7.48);
  [
    ["RE", f.meters[0].number, fmt.dash(f.periodEnd), String(rd), String(rd + k), fmt.kwh(k), "KWH"],
    ["WA", r.digits(8), fmt.dash(f.periodEnd), String(wr), String(wr + cf), fmt.kwh(cf), "CF"],
  ].forEach((row, j) => row.forEach((t, i) => s.text(cols[i], 130 + j * 10, t, { size: 7 })));
  s.text(36, 162, "CURRENT CHARGES", { size: 9, bold: true });
  [
    ["RE", `ELECTRIC ${f.rate.toUpperCase()} ${fmt.kwh(k)} KWH @ $${f.supplyRate}`, money(energy)],
    ["RE", "ELECTRIC METER CHARGE", "$15.00"],
    ["RE", "SALES TAX", money(tax)],
    ["SE", "SEWER FLAT RATE", money(sewer)],
    ["SW", "SOLID WASTE", money(trash)],
    ["WA", `WATER ${fmt.kwh(cf)} CF`, money(water)],
    ["PL", "STATE WATER PLAN", money(plan)],
  ].forEach(([c, a, b], i) => {
    s.text(36, 174 + i * 10, c, { size: 7 });
    s.row(60, 400, 174 + i * 10, a, b, { size: 7 });
  });
  s.row(36, 400, 248, "TOTAL CURRENT CHARGES", money(cur), { size: 7.5, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["PREVIOUS BALANCE", money(prev)],
    ["PAYMENTS", `-${money(paid)}`],
    ["PAST DUE", money(+f.pastDue)],
    ["CURRENT CHARGES", money(cur)],
    ["AMOUNT DUE", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(420, 576, 174 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // electric history: two columns of months, seven then six
  s.text(36, 272, "ELECTRIC USAGE HISTORY (KWH)", { size: 9, bold: true });
  const h = [...f.history].reverse();
  h.forEach((m, i) => {
    const x = i < 7 ? 36 : 160, y = 284 + (i % 7) * 9;
    s.text(x, y, `${M3[m.month - 1].toUpperCase()} ${m.year}`, { size: 6.5 });
    s.text(x + 60, y, fmt.kwh(m.value), { size: 6.5 });
  });
  s.text(36, 360, "A penalty is added to balances not paid by the due date. Disconnection may follow.", {
    size: 6.5,
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this stub with your payment to City of Goodland Utility Billing.",
    remit: ["CITY OF GOODLAND", "PO BOX 59", "GOODLAND KS 67735-0059"],
    accountLabel: "Account No.",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.dash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "goodland", pdf: await s.bytes(), truth };
}

/** Bluebonnet Electric Cooperative (Texas): wholesale power, PCRF and the co-op's service, each per kWh. */
async function bluebonnet(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "TX", {
    utility: "Bluebonnet Electric Cooperative",
    rate: "Residential Service",
    pastDue: r.chance(0.2),
  });
  const k = f.meters[0].kwh, d = days(f);
  const pcrf = `0.00${r.int(1, 6)}000`, svc = `0.03${r.digits(4)}`;
  const whole = k * +f.supplyRate, pc = k * +pcrf, del = k * +svc;
  const franchise = r.chance(0.5) ? Math.round((whole + del) * 0.04 * 100) / 100 : 0;
  f.amountDue = (22.5 + whole + pc + del + franchise).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "Bluebonnet Electric Cooperative, Inc.", { size: 13, bold: true });
  s.text(36, 52, "PO Box 240, Giddings, TX 78942   800-842-7708   bluebonnet.coop", { size: 7 });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityLine(f), { size: 8 });
  [
    ["Member Number", r.digits(7)],
    ["Account Number", f.account],
    ["Bill Date", fmt.mon(f.invoiceDate)],
    ["Due Date", fmt.mon(f.dueDate)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 40 + i * 10, a, b, { size: 7.5, bold: i === 4 }));
  s.text(
    36,
    116,
    `Service Address: ${addr1(f).toUpperCase()} ${cityLine(f)}   Map Location: ${r.digits(5)}`,
    {
      size: 7,
    },
  );
  s.text(36, 136, "Meter Information", { size: 9, bold: true });
  const cols = [36, 100, 170, 240, 300, 360, 420];
  ["Meter", "Service From", "Service To", "Days", "Previous", "Present", "kWh Used"].forEach((t, i) =>
    s.text(cols[i], 148, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 80000);
  [
    f.meters[0].number,
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(d),
    String(rd),
    String(rd + k),
    fmt.kwh(k),
  ].forEach((t, i) => s.text(cols[i], 158, t, { size: 7 }));
  s.text(36, 180, `Current Charges - ${f.rate}`, { size: 9, bold: true });
  [
    ["Service Availability", "$22.50"],
    [`Wholesale Power Charge ${fmt.kwh(k)} kWh x $${f.supplyRate}`, money(whole)],
    [`Power Cost Recovery Factor ${fmt.kwh(k)} kWh x $${pcrf}`, money(pc)],
    [`Bluebonnet Residential Service ${fmt.kwh(k)} kWh x $${svc}`, money(del)],
    ...(franchise ? [["City Franchise Fee", money(franchise)]] : []),
  ].forEach(([a, b], i) => s.row(48, 380, 192 + i * 10, a, b, { size: 7 }));
  s.row(36, 380, 246, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  s.text(400, 180, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(400, 576, 192 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // the 13 months as one row: a month over its kWh
  s.text(36, 272, "kWh Usage History", { size: 9, bold: true });
  f.history.forEach((m, i) => {
    const x = 36 + i * 41;
    s.text(x, 284, `${M3[m.month - 1]} ${yy(m.year)}`, { size: 6 });
    s.text(x, 293, fmt.kwh(m.value), { size: 6 });
  });
  s.text(36, 312, `Average daily use this period: ${(k / d).toFixed(1)} kWh over ${d} days.`, { size: 6.5 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Bluebonnet Electric Cooperative.",
    remit: ["BLUEBONNET ELECTRIC COOPERATIVE", "PO BOX 240", "GIDDINGS TX 78942-0240"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "bluebonnet", pdf: await s.bytes(), truth };
}

export const R22_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  meted,
  gvea,
  goodland,
  bluebonnet,
};
/** Drawn at random from the four before the first score; only their totals are read until the round's last change. */
export const R22_SEALED = ["goodland", "gvea"];
