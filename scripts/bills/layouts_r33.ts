// Round-33 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from their public bill pages (label words, section names, charge names:
// tests/fixtures/bills/synthetic/SOURCES.md "Round 33 layouts"). Shapes: an investor-owned utility's **combined
// electricity and natural gas** bill in a state the corpus had no layout of, a **daily basic service charge**, a
// meter constant, an electric energy charge beside a distribution delivery charge and a fuel and purchased power
// adjustment, the gas measured in Ccf and **billed in Dk through a therm factor**, a "next bill" date, and a
// **13-month history of both services as two rows under the months** (Montana-Dakota Utilities, Wyoming); a city's
// gas and electric department with a **prompt payment discount** (the payment due date and the discount date top
// right, the gross amount, the discount and the net amount due), consumption by service (E = Electric, G = Gas) in
// one table, purchased power and purchased natural gas charges, and a **usage comparison** with the previous month
// and the previous year of both services (Holyoke Gas & Electric, Massachusetts); a co-op's bill with a map location
// and billing cycle, the **meter reading row with demand (kW)** and multiplier, the grid access charge, energy
// charge, the **wholesale power cost adjustment (WPCA)** and the NC renewable energy (REPS) charge, sales tax and
// Operation Round Up, and a **this month / last month / same month last year** comparison (Randolph EMC, North
// Carolina); a city's utilities bill of electric, natural gas, water, sewer, stormwater and solid waste, a **summary
// of each service's total including its taxes**, the electric details (customer charge, energy charge, fuel cost,
// the city's utility tax) and **historical consumption tables of every metered service** (City of Tallahassee
// Utilities, Florida).
// Two of them are SEALED (R33_SEALED, drawn at random before the first score). Registered in layouts_heldout.ts.
// Truth conventions (earlier rounds, docs/bills.md): a co-op's or a city's (or a bundled utility's) energy charge
// per kWh is its supply price (a fuel, purchased power or wholesale power cost adjustment is not it), and a city's
// purchased power price per kWh is; a discount bill's amount due is its net amount and its due date the discount
// date; gas, water and sewer figures are no electric months; the history months are those printed with their kWh.
import { drawStub } from "./stub.ts";
import type { Rng } from "./random_bill.ts";
import { truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, days, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  WY: [["Sheridan", "82801"], ["Sheridan", "82801"], ["Buffalo", "82834"], ["Dayton", "82836"]],
  MA: [["Holyoke", "01040"], ["Holyoke", "01040"], ["Holyoke", "01040"], ["Holyoke", "01040"]],
  NC: [["Asheboro", "27205"], ["Ramseur", "27316"], ["Liberty", "27298"], ["Siler City", "27344"]],
  FL: [["Tallahassee", "32301"], ["Tallahassee", "32303"], ["Tallahassee", "32308"], [
    "Tallahassee",
    "32312",
  ]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityOf = (a: { city: string; state: string; zip: string }) =>
  `${a.city.toUpperCase()}, ${a.state} ${a.zip}`;
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const p2 = (n: number) => String(n).padStart(2, "0");
/** A price of five decimals ("0.10412"). */
const price5 = (r: Rng, lo: number, hi: number) => `0.${p2(r.int(lo, hi))}${r.digits(3)}`;
/** A price of six decimals ("0.079660"). */
const price6 = (r: Rng, lo: number, hi: number) => `0.${p2(r.int(lo, hi))}${r.digits(4)}`;

/** Montana-Dakota Utilities (Wyoming): electricity and natural gas, a daily basic charge, Dk billed, both histories. */
async function mdu(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "WY", {
    utility: "Montana-Dakota Utilities Co.",
    rate: "Residential Electric Service Rate 10",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.2),
  });
  f.account = `${r.digits(3)} ${r.digits(3)} ${r.digits(3)} ${r.digits(1)}`;
  f.supplyRate = price6(r, 5, 8);
  const k = f.meters[0].kwh, d = days(f), fppa = +price6(r, 1, 2);
  const basic = 0.23 * d, energy = k * +f.supplyRate, dist = k * 0.021345, adj = k * fppa;
  const elec = basic + energy + dist + adj;
  const ccf = r.int(12, 140), tf = r.int(960, 1040) / 1000, dk = Math.round(ccf * tf) / 10;
  const gasBasic = 0.3 * d, gasDist = dk * 1.9871, cog = dk * 4.1123, cons = dk * 0.0611;
  const gas = gasBasic + gasDist + cog + cons;
  const tax = (elec + gas) * 0.04;
  f.amountDue = (elec + gas + tax).toFixed(2);
  owed(f);
  const s = await Sheet.create();
  s.text(36, 38, "Montana-Dakota", { size: 17, bold: true });
  s.text(36, 50, "UTILITIES CO.   In the Community to Serve", { size: 7 });
  s.text(36, 66, "Customer Information", { size: 7, bold: true });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, `Service Address: ${addr1(f).toUpperCase()}`, { size: 7.5 });
  s.text(36, 96, cityOf(f.service), { size: 7.5 });
  s.box(372, 28, 204, 56);
  [
    ["Account Number", f.account],
    ["Billing Date", fmt.full(f.invoiceDate)],
    ["Amount Due", fmt.money(f.amountDue)],
    ["Due Date", fmt.full(f.dueDate)],
  ].forEach(([a, b], i) => s.row(380, 568, 40 + i * 11, a, b, { size: 7.5, bold: i === 2 }));
  s.rule(110, 36, 576);
  // account summary
  const { prev, paid } = summary(r, f);
  const nextBill = new Date(+f.invoiceDate + r.int(29, 32) * 864e5);
  s.text(36, 122, "Account Summary", { size: 8, bold: true });
  [
    ["Previous Balance", money(prev)],
    ["Payment(s) - Thank You", `-${money(paid)}`],
    ["Current Balance", money(+f.pastDue)],
    ["Electric Charges", money(elec)],
    ["Natural Gas Charges", money(gas)],
    ["Taxes", money(tax)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 290, 134 + i * 10, a, b, { size: 7, bold: i === 6 }));
  s.text(36, 210, `Your next bill will be issued on or about ${fmt.full(nextBill)}.`, { size: 6.5 });
  s.text(320, 122, "Contact Montana-Dakota", { size: 8, bold: true });
  s.text(320, 134, "Customer Service 1-800-638-3278   Emergencies 24 hours", { size: 6.5 });
  s.text(320, 144, "montana-dakota.com   PO Box 5600, Bismarck, ND 58506-5600", { size: 6.5 });
  // electric service details
  s.rule(222, 36, 576);
  s.text(36, 234, `Electric Service   ${f.rate}`, { size: 8, bold: true });
  const rd = r.int(10000, 90000);
  const cols = [36, 110, 180, 250, 320, 370, 420];
  ["Meter", "Read Dates", "", "Previous", "Present", "Constant", "kWh"].forEach((t, i) =>
    t && s.text(cols[i], 246, t, { size: 6.5, bold: true })
  );
  [
    f.meters[0].number,
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(rd),
    String(rd + k),
    "1",
    fmt.kwh(k),
  ]
    .forEach((t, i) => s.text(cols[i], 256, t, { size: 7 }));
  s.text(36, 268, `Days in Billing Cycle ${d}`, { size: 7 });
  [
    [`Basic Service Charge ${d} days @ $0.23000`, money(basic)],
    [`Electric Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(energy)],
    [`Distribution Delivery Charge ${fmt.kwh(k)} kWh @ $0.021345`, money(dist)],
    [`Fuel & Purchased Power Adj ${fmt.kwh(k)} kWh @ $${fppa.toFixed(6)}`, money(adj)],
    ["Total Electric Charges", money(elec)],
  ].forEach(([a, b], i) => s.row(48, 400, 280 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // natural gas service details
  s.text(36, 340, "Natural Gas Service   Residential Firm General Gas Service Rate 60", {
    size: 8,
    bold: true,
  });
  const g0 = r.int(1000, 9000);
  [
    r.digits(8),
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(g0),
    String(g0 + ccf),
    "1",
    `${ccf} Ccf`,
  ]
    .forEach((t, i) => s.text(cols[i], 352, t, { size: 7 }));
  s.text(36, 364, `Therm Factor ${tf.toFixed(3)}   Dk Billed ${dk.toFixed(1)}`, { size: 7 });
  [
    [`Basic Service Charge ${d} days @ $0.30000`, money(gasBasic)],
    [`Distribution Delivery Charge ${dk.toFixed(1)} Dk @ $1.987100`, money(gasDist)],
    [`Cost of Gas ${dk.toFixed(1)} Dk @ $4.112300`, money(cog)],
    [`Conservation Program Charge ${dk.toFixed(1)} Dk @ $0.061100`, money(cons)],
    ["Total Natural Gas Charges", money(gas)],
  ].forEach(([a, b], i) => s.row(48, 400, 376 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // 13 months of both services: months across, a row per service
  s.text(36, 440, "Usage History", { size: 8, bold: true });
  s.text(36, 452, "Month", { size: 6, bold: true });
  s.text(36, 462, "Electric kWh", { size: 6, bold: true });
  s.text(36, 472, "Gas Dk", { size: 6, bold: true });
  f.history.forEach((m, i) => {
    const x = 100 + i * 36;
    s.text(x, 452, `${M3[m.month - 1]} ${String(m.year).slice(2)}`, { size: 6, bold: true });
    s.text(x, 462, fmt.kwh(m.value), { size: 6 });
    s.text(x, 472, (r.int(10, 160) / 10).toFixed(1), { size: 6 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment to Montana-Dakota Utilities Co.",
    remit: ["MONTANA-DAKOTA UTILITIES CO", "PO BOX 5603", "BISMARCK ND 58506-5603"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "mdu", pdf: await s.bytes(), truth };
}

/** Holyoke Gas & Electric (Massachusetts municipal): the net amount by the discount date, E and G services. */
async function hged(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MA", {
    utility: "Holyoke Gas & Electric",
    rate: "Residential R-1",
    pastDue: r.chance(0.2),
    mailElsewhere: r.chance(0.2),
  });
  f.account = `${r.digits(5)}-${r.digits(5)}`;
  f.supplyRate = price5(r, 6, 9);
  const k = f.meters[0].kwh, ccf = r.int(10, 120);
  const eCust = 6.5, eDist = k * 0.04312, power = k * +f.supplyRate;
  const gCust = 9, gDist = ccf * 0.6125, gGas = ccf * 0.9312;
  // the prompt payment discount: 15% of the customer and distribution charges (not purchased power or gas)
  const discount = Math.round((eCust + eDist + gCust + gDist) * 15) / 100;
  const gross = eCust + eDist + power + gCust + gDist + gGas;
  f.amountDue = (gross - discount).toFixed(2);
  owed(f);
  const grossDue = (+f.amountDue + discount).toFixed(2);
  const payDue = new Date(+f.invoiceDate + r.int(28, 30) * 864e5);
  const s = await Sheet.create();
  s.text(36, 38, "HOLYOKE GAS & ELECTRIC", { size: 14, bold: true });
  s.text(36, 50, "99 Suffolk Street   Holyoke, MA 01040   413-536-9300   hged.com", { size: 6.5 });
  [
    ["Payment Due Date", fmt.slash(payDue)],
    ["Discount Date", fmt.slash(f.dueDate)],
  ].forEach(([a, b], i) => s.row(400, 576, 36 + i * 11, a, b, { size: 7.5 }));
  s.text(36, 68, f.name.toUpperCase(), { size: 8 });
  let y = 78;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(36, y, l.toUpperCase(), { size: 8 });
    y += 10;
  }
  s.text(36, y, cityOf(f.billing), { size: 8 });
  s.rule(112, 36, 576);
  // account information
  [
    ["Account Number", f.account],
    ["Service Address", addr1(f).toUpperCase()],
    ["Bill Date", fmt.slash(f.invoiceDate)],
    ["Discount Date", fmt.slash(f.dueDate)],
  ].forEach(([a, b], i) => {
    s.text(36 + i * 135, 124, a, { size: 6.5, bold: true });
    s.text(36 + i * 135, 134, b, { size: 7.5 });
  });
  // consumption by service (E = Electric, G = Gas)
  s.text(36, 154, "Consumption", { size: 8, bold: true });
  const cols = [36, 66, 130, 230, 290, 350, 410];
  ["Svc", "Meter", "Read Dates", "Previous", "Present", "Usage", "Units"].forEach((t, i) =>
    s.text(cols[i], 166, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 90000), g0 = r.int(1000, 9000);
  const per = `${fmt.short(f.periodStart)}-${fmt.short(f.periodEnd)}`;
  [
    ["E", f.meters[0].number, per, String(rd), String(rd + k), fmt.kwh(k), "KWH"],
    ["G", r.digits(7), per, String(g0), String(g0 + ccf), String(ccf), "CCF"],
  ].forEach((row, j) => row.forEach((t, i) => s.text(cols[i], 176 + j * 10, t, { size: 7 })));
  // usage and rate calculations
  s.text(36, 206, `Electric   Rate ${f.rate}   ${days(f)} days`, { size: 8, bold: true });
  [
    ["Customer Charge", money(eCust)],
    [`Distribution ${fmt.kwh(k)} KWH @ .04312`, money(eDist)],
    [`Purchased Power ${fmt.kwh(k)} KWH @ ${f.supplyRate.slice(1)}`, money(power)],
  ].forEach(([a, b], i) => s.row(48, 330, 218 + i * 10, a, b, { size: 7 }));
  s.text(36, 256, "Gas   Rate Residential Heating G-2", { size: 8, bold: true });
  [
    ["Customer Charge", money(gCust)],
    [`Distribution ${ccf} CCF @ .61250`, money(gDist)],
    [`Purchased Natural Gas ${ccf} CCF @ .93120`, money(gGas)],
  ].forEach(([a, b], i) => s.row(48, 330, 268 + i * 10, a, b, { size: 7 }));
  // usage compared with the previous month and the previous year
  const lastMonth = f.history[11], lastYear = f.history[0];
  s.text(360, 206, "Usage Comparison", { size: 8, bold: true });
  [
    ["", "KWH", "CCF"],
    [`${M3[f.periodEnd.getUTCMonth()]} ${f.periodEnd.getUTCFullYear()}`, fmt.kwh(k), String(ccf)],
    [`${M3[lastMonth.month - 1]} ${lastMonth.year}`, fmt.kwh(lastMonth.value), String(r.int(10, 120))],
    [`${M3[lastYear.month - 1]} ${lastYear.year}`, fmt.kwh(lastYear.value), String(r.int(10, 120))],
  ].forEach((row, j) => row.forEach((t, i) => s.text(360 + i * 60, 218 + j * 10, t, { size: 7, bold: !j })));
  // account balance: gross, discount, net
  const { prev, paid } = summary(r, f);
  s.text(36, 314, "Account Balance", { size: 8, bold: true });
  [
    ["Previous Balance", money(prev)],
    ["Payments Received", `-${money(paid)}`],
    ["Past Due Balance", money(+f.pastDue)],
    ["Gross Amount", money(+grossDue)],
    [`Prompt Payment Discount if paid by ${fmt.slash(f.dueDate)}`, `-${money(discount)}`],
    ["Net Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 330, 326 + i * 10, a, b, { size: 7, bold: i === 5 }));
  s.text(36, 392, "The discount is lost on payments received after the discount date.", { size: 6.5 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Pay the net amount by the discount date.",
    remit: ["HOLYOKE GAS & ELECTRIC", "99 SUFFOLK STREET", "HOLYOKE MA 01040-5082"],
    accountLabel: "Account Number",
    amountLabel: "Net Amount Due",
    dueLabel: "Discount Date",
    date: fmt.slash,
  });
  const service = { ...upper(f.service), city: "", state: "", zip: "" };
  const truth = truthOf(f, { history: [lastYear, lastMonth, f.history[12]], ...stub, service });
  return { layout: "hged", pdf: await s.bytes(), truth };
}

/** Randolph EMC (North Carolina co-op): map location, demand, grid access charge, WPCA, REPS, a comparison. */
async function randolphemc(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NC", {
    utility: "Randolph EMC",
    rate: "Residential Service RS",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.25),
  });
  f.account = `${r.digits(7)}`;
  f.supplyRate = price5(r, 9, 12);
  const k = f.meters[0].kwh, wpca = r.int(100, 700) / 100000, demand = (r.int(40, 140) / 10).toFixed(1);
  const grid = 31.5, energy = k * +f.supplyRate, adj = k * wpca, reps = 1.21;
  const tax = (grid + energy + adj + reps) * 0.07;
  const sub = grid + energy + adj + reps + tax, roundUp = Math.ceil(sub) - sub;
  f.amountDue = (sub + roundUp).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 38, "RANDOLPH ELECTRIC MEMBERSHIP CORPORATION", { size: 11, bold: true });
  s.text(36, 49, "879 McDowell Road   Asheboro, NC 27205   336-625-5177   randolphemc.com", { size: 6.5 });
  s.text(36, 66, `Account No. ${f.account}`, { size: 7.5 });
  s.text(
    36,
    76,
    `Map Location ${r.int(100, 999)}-${r.int(10, 99)}-${r.int(100, 999)}   Cycle ${r.int(1, 4)}`,
    {
      size: 7,
    },
  );
  s.text(36, 86, `Service Address: ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(36, 100, f.name.toUpperCase(), { size: 8 });
  let y = 110;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(36, y, l.toUpperCase(), { size: 8 });
    y += 10;
  }
  s.text(36, y, cityOf(f.billing), { size: 8 });
  s.box(372, 60, 204, 50);
  [
    ["Bill Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(380, 568, 72 + i * 12, a, b, { size: 8, bold: i === 2 }));
  s.rule(146, 36, 576);
  // meter readings: a row per meter with the demand
  const cols = [36, 100, 160, 220, 280, 330, 380, 430, 480];
  ["Meter", "From", "To", "Days", "Previous", "Present", "Mult", "kW", "kWh"].forEach((t, i) =>
    s.text(cols[i], 158, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 90000);
  [
    f.meters[0].number,
    fmt.short(f.periodStart),
    fmt.short(f.periodEnd),
    String(days(f)),
    String(rd),
    String(rd + k),
    "1",
    demand,
    fmt.kwh(k),
  ].forEach((t, i) => s.text(cols[i], 168, t, { size: 7 }));
  s.text(36, 182, `Rate ${f.rate}   WPCA per kWh ${wpca.toFixed(5)}`, { size: 7 });
  // this month, last month and the same month last year
  const lastMonth = f.history[11], lastYear = f.history[0], dl = r.int(28, 33), dy = r.int(28, 33);
  s.text(36, 202, "Usage Comparison", { size: 8, bold: true });
  [
    ["", "kWh", "Days", "Avg kWh/Day", "Avg Temp"],
    [
      `This Month ${M3[f.periodEnd.getUTCMonth()]} ${f.periodEnd.getUTCFullYear()}`,
      fmt.kwh(k),
      String(days(f)),
    ],
    [`Last Month ${M3[lastMonth.month - 1]} ${lastMonth.year}`, fmt.kwh(lastMonth.value), String(dl)],
    [`Last Year ${M3[lastYear.month - 1]} ${lastYear.year}`, fmt.kwh(lastYear.value), String(dy)],
  ].forEach((row, j) => {
    const v = [k, lastMonth.value, lastYear.value][j - 1], d = [days(f), dl, dy][j - 1];
    const cells = j ? [...row, (v / d).toFixed(1), `${r.int(30, 85)}°`] : row;
    cells.forEach((t, i) =>
      s.text(36 + (i ? 90 + (i - 1) * 50 : 0), 214 + j * 10, t, { size: 6.5, bold: !j })
    );
  });
  // account summary and current charges
  const { prev, paid } = summary(r, f);
  s.text(330, 202, "Account Summary", { size: 8, bold: true });
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Balance", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 214 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 270, "Current Charges", { size: 8, bold: true });
  [
    ["Grid Access Charge", money(grid)],
    [`Energy Charge ${fmt.kwh(k)} kWh @ ${f.supplyRate}`, money(energy)],
    [`WPCA ${fmt.kwh(k)} kWh @ ${wpca.toFixed(5)}`, money(adj)],
    ["NC REPS Charge", money(reps)],
    ["NC Sales Tax 7%", money(tax)],
    ["Operation Round Up", money(roundUp)],
    ["Total Current Charges", money(cur)],
  ].forEach(([a, b], i) => s.row(48, 330, 282 + i * 10, a, b, { size: 7, bold: i === 6 }));
  s.text(36, 360, "Report outages 24/7 at 877-534-2359 or on the Randolph EMC app.", { size: 6.5 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Randolph EMC.",
    remit: ["RANDOLPH EMC", "PO BOX 40", "ASHEBORO NC 27204-0040"],
    accountLabel: "Account No.",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const service = { ...upper(f.service), city: "", state: "", zip: "" };
  const truth = truthOf(f, { history: [lastYear, lastMonth, f.history[12]], ...stub, service });
  return { layout: "randolphemc", pdf: await s.bytes(), truth };
}

/** City of Tallahassee Utilities (Florida): each service's total with its taxes, electric details, every history. */
async function tallahassee(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "FL", {
    utility: "City of Tallahassee Utilities",
    rate: "Residential Electric RS",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.2),
  });
  f.account = `${r.digits(6)}-${r.digits(6)}`;
  f.supplyRate = price5(r, 5, 8);
  const k = f.meters[0].kwh, fuel = price5(r, 3, 5);
  const cust = 9.77, energy = k * +f.supplyRate, fuelAmt = k * +fuel;
  const utax = (cust + energy + fuelAmt) * 0.1;
  const elec = cust + energy + fuelAmt + utax;
  const ccf = r.int(5, 60), kgal = r.int(3, 14);
  const gas = 14.5 + ccf * 1.38,
    water = 8.7 + kgal * 2.43,
    sewer = 20.1 + kgal * 5.41,
    storm = 13.3,
    solid = 24.58;
  f.amountDue = (elec + gas + water + sewer + storm + solid).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 38, "CITY OF TALLAHASSEE UTILITIES", { size: 12, bold: true });
  s.text(36, 49, "Your Own Utilities   300 S. Adams Street   Tallahassee, FL 32301   850-891-4968", {
    size: 6.5,
  });
  [
    ["Account Number", f.account],
    ["Billing Date", fmt.mon(f.invoiceDate)],
    ["Total Amount Due", fmt.money(f.amountDue)],
    ["Payment Due By", fmt.mon(f.dueDate)],
  ].forEach(([a, b], i) => s.row(372, 576, 36 + i * 11, a, b, { size: 7.5, bold: i === 2 }));
  s.text(36, 70, f.name.toUpperCase(), { size: 8 });
  let y = 80;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(36, y, l.toUpperCase(), { size: 8 });
    y += 10;
  }
  s.text(36, y, cityOf(f.billing), { size: 8 });
  s.rule(118, 36, 576);
  s.text(36, 130, `Service Address: ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(
    300,
    130,
    `Service Period: ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}  (${days(f)} days)`,
    {
      size: 7,
    },
  );
  // the summary: each service's total with its taxes
  const { prev, paid } = summary(r, f);
  s.text(36, 148, "Account Summary", { size: 8, bold: true });
  [
    ["Previous Balance", money(prev)],
    ["Payments Received - Thank You", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Electric (incl. taxes)", money(elec)],
    ["Natural Gas (incl. taxes)", money(gas)],
    ["Water", money(water)],
    ["Sewer", money(sewer)],
    ["Stormwater", money(storm)],
    ["Solid Waste", money(solid)],
    ["Total Current Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 290, 160 + i * 10, a, b, { size: 7, bold: i >= 9 }));
  // meters of every service
  s.text(320, 148, "Meter Readings", { size: 8, bold: true });
  const cols = [320, 370, 425, 480, 530];
  ["Service", "Meter", "Previous", "Present", "Usage"].forEach((t, i) =>
    s.text(cols[i], 160, t, { size: 6.5, bold: true })
  );
  const e0 = r.int(10000, 90000), g0 = r.int(1000, 9000), w0 = r.int(100, 900);
  [
    ["Electric", f.meters[0].number, String(e0), String(e0 + k), `${fmt.kwh(k)} KWH`],
    ["Gas", r.digits(7), String(g0), String(g0 + ccf), `${ccf} CCF`],
    ["Water", r.digits(7), String(w0), String(w0 + kgal), `${kgal} KGAL`],
  ].forEach((row, j) => row.forEach((t, i) => s.text(cols[i], 170 + j * 10, t, { size: 6.5 })));
  // electric details
  s.text(320, 212, `Electric Charges   Rate ${f.rate}`, { size: 8, bold: true });
  [
    ["Customer Charge", money(cust)],
    [`Energy Charge ${fmt.kwh(k)} KWH @ ${f.supplyRate}`, money(energy)],
    [`Fuel Cost ${fmt.kwh(k)} KWH @ ${fuel}`, money(fuelAmt)],
    ["City Utility Tax", money(utax)],
    ["Total Electric", money(elec)],
  ].forEach(([a, b], i) => s.row(320, 576, 224 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // historical consumption of every metered service
  s.text(36, 290, "Historical Consumption", { size: 8, bold: true });
  ["Month", "Electric KWH", "Gas CCF", "Water KGAL"].forEach((t, i) =>
    s.text(36 + i * 70, 302, t, { size: 6.5, bold: true })
  );
  f.history.forEach((m, i) => {
    const yy = 312 + i * 9;
    s.text(36, yy, `${M3[m.month - 1]} ${String(m.year).slice(2)}`, { size: 6.5 });
    s.text(150, yy, fmt.kwh(m.value), { size: 6.5, right: true });
    s.text(210, yy, String(r.int(4, 70)), { size: 6.5, right: true });
    s.text(280, yy, String(r.int(2, 16)), { size: 6.5, right: true });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment. Make checks payable to City of Tallahassee.",
    remit: ["CITY OF TALLAHASSEE", "PO BOX 1050", "TALLAHASSEE FL 32302-1050"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Payment Due By",
    date: fmt.mon,
  });
  const service = { ...upper(f.service), city: "", state: "", zip: "" };
  const truth = truthOf(f, { history: f.history, ...stub, service });
  return { layout: "tallahassee", pdf: await s.bytes(), truth };
}

export const R33_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  mdu,
  hged,
  randolphemc,
  tallahassee,
};
/** Drawn at random from the four first written before the first score (`python3 -c 'import random;
 * print(random.SystemRandom().sample(["eversourcenh","xcelco","randolphemc","tallahassee"],2))'` →
 * `['tallahassee', 'randolphemc']`); only their totals are read until the round's last change. The two not drawn
 * (eversourcenh, xcelco) turned out to be utilities the corpus already had layouts of (eversource, xcel) and were
 * replaced by mdu and hged before any change to the reader (docs/bills.md round 33). */
export const R33_SEALED = ["tallahassee", "randolphemc"];
