// Round-33 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from their public bill pages (label words, section names, charge names:
// tests/fixtures/bills/synthetic/SOURCES.md "Round 33 layouts"). Shapes: an investor-owned utility of a state the
// corpus had no layout of, its **supply (energy service) and delivery charges** in two blocks, a service reference
// number, the billing cycle and the next meter reading date, an electric account summary with the **balance
// forward**, and a 13-month **"Monthly kWh Use" table with average daily temperatures** (Eversource, New
// Hampshire); an investor-owned utility's **combined electricity and natural gas** bill with the account
// information band repeated, a premises number and an **invoice number** beside the account number, a summary of
// current charges by service, each service's details (service and facility, energy charge, the electric commodity
// adjustment; the gas usage, gas cost and interstate pipeline charges) and a **usage history of both services**
// (kWh and therms) month by month (Xcel Energy, Colorado); a co-op's bill with a map location and billing cycle, the
// **meter reading row with demand (kW)** and multiplier, the grid access charge, energy charge, the **wholesale
// power cost adjustment (WPCA)** and the NC renewable energy (REPS) charge, sales tax and Operation Round Up, and a
// **this month / last month / same month last year** comparison (Randolph EMC, North Carolina); a city's
// utilities bill of electric, natural gas, water, sewer, stormwater and solid waste, a **summary of each
// service's total including its taxes**, the electric details (customer charge, energy charge, fuel cost, the
// city's utility tax) and **historical consumption tables of every metered service** (City of Tallahassee
// Utilities, Florida).
// Two of them are SEALED (R33_SEALED, drawn at random before the first score). Registered in layouts_heldout.ts.
// Truth conventions (earlier rounds, docs/bills.md): an investor-owned utility's energy service (supply) price is
// the supply price; a co-op's or a city's (or a bundled utility's) energy charge per kWh is its supply price (a
// fuel, commodity or wholesale power cost adjustment is not it); a premises number is the service number; gas,
// water and sewer figures are no electric months; the history months are those printed with their kWh.
import { drawStub } from "./stub.ts";
import type { Rng } from "./random_bill.ts";
import { truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, days, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  NH: [["Manchester", "03103"], ["Nashua", "03062"], ["Keene", "03431"], ["Concord", "03301"]],
  CO: [["Denver", "80210"], ["Lakewood", "80228"], ["Boulder", "80304"], ["Golden", "80401"]],
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

/** Eversource (New Hampshire): supply and delivery blocks, service reference, balance forward, kWh by month. */
async function eversourcenh(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NH", {
    utility: "Eversource",
    rate: "R Residential Service",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.2),
  });
  f.account = `${r.digits(4)} ${r.digits(3)} ${r.digits(4)}`;
  f.supplyRate = price5(r, 8, 16);
  const k = f.meters[0].kwh;
  const supply = k * +f.supplyRate, cust = 13.81;
  const dist = k * 0.05812, trans = k * 0.03102, scr = k * 0.00801, sbc = k * 0.00743;
  const delivery = cust + dist + trans + scr + sbc;
  f.amountDue = (supply + delivery).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 38, "Eversource", { size: 18, bold: true });
  s.text(36, 50, "eversource.com", { size: 7 });
  s.text(576, 34, `Account Number: ${f.account}`, { size: 7.5, right: true });
  s.text(576, 44, `Bill Date: ${fmt.slash(f.invoiceDate)}`, { size: 7.5, right: true });
  s.text(576, 54, `Page 1 of 1`, { size: 6.5, right: true });
  s.text(36, 70, f.name.toUpperCase(), { size: 8 });
  s.text(36, 80, `Service provided to: ${addr1(f).toUpperCase()}, ${cityOf(f.service)}`, { size: 7 });
  s.box(372, 64, 204, 40);
  s.text(380, 76, "Total Amount Due", { size: 8, bold: true });
  s.text(568, 78, fmt.money(f.amountDue), { size: 12, bold: true, right: true });
  s.text(380, 96, `Due Date ${fmt.slash(f.dueDate)}`, { size: 8 });
  s.rule(112, 36, 576);
  // service information
  s.text(36, 124, "Service Information", { size: 8, bold: true });
  const next = new Date(+f.periodEnd + r.int(28, 32) * 864e5);
  [
    `Service Reference: ${r.digits(11)}`,
    `Billing Cycle: ${r.int(1, 21)}   Billing Period: ${fmt.mon(f.periodStart)} to ${fmt.mon(f.periodEnd)}, ${
      days(f)
    } Days`,
    `Next Read Date: ${fmt.mon(next)}`,
    `Rate ${f.rate}`,
  ].forEach((t, i) => s.text(36, 136 + i * 10, t, { size: 7 }));
  const rd = r.int(10000, 90000), actual = r.chance(0.8);
  ["Meter Number", "Current Read", "Prior Read", "Usage"].forEach((t, i) =>
    s.text(36 + i * 64, 182, t, { size: 6.5, bold: true })
  );
  [
    f.meters[0].number,
    `${rd + k} ${actual ? "Actual" : "Estimate"}`,
    `${rd} Actual`,
    `${fmt.kwh(k)} kWh`,
  ].forEach((t, i) => s.text(36 + i * 64, 192, t, { size: 7 }));
  // account summary
  const { prev, paid } = summary(r, f);
  s.text(330, 124, "Electric Account Summary", { size: 8, bold: true });
  [
    ["Amount Due On Previous Statement", money(prev)],
    [`Payment Received ${fmt.slash(new Date(+f.invoiceDate - r.int(6, 14) * 864e5))}`, `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges/Credits", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 136 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // total charges for electricity: supply, then delivery
  s.rule(206, 36, 576);
  s.text(36, 218, "Total Charges for Electricity", { size: 9, bold: true });
  s.text(36, 232, "Supplier: Eversource   Energy Service", { size: 7.5, bold: true });
  [
    [`Energy Service ${fmt.kwh(k)} kWh X $${f.supplyRate}`, money(supply)],
    ["Subtotal Supplier Services", money(supply)],
  ].forEach(([a, b], i) => s.row(48, 330, 244 + i * 10, a, b, { size: 7, bold: i === 1 }));
  s.text(36, 272, `Delivery Services: Eversource   Rate ${f.rate.split(" ")[0]}`, { size: 7.5, bold: true });
  [
    ["Customer Charge", money(cust)],
    [`Distribution Charge ${fmt.kwh(k)} kWh X $0.05812`, money(dist)],
    [`Transmission Charge ${fmt.kwh(k)} kWh X $0.03102`, money(trans)],
    [`Stranded Cost Recovery ${fmt.kwh(k)} kWh X $0.00801`, money(scr)],
    [`System Benefits Charge ${fmt.kwh(k)} kWh X $0.00743`, money(sbc)],
    ["Subtotal Delivery Services", money(delivery)],
  ].forEach(([a, b], i) => s.row(48, 330, 284 + i * 10, a, b, { size: 7, bold: i === 5 }));
  s.row(36, 330, 350, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  // monthly kWh use: month, kWh and the average daily temperature, two columns of months
  s.text(360, 218, "Monthly kWh Use", { size: 8, bold: true });
  ["Month", "kWh", "Avg Temp"].forEach((t, i) => {
    s.text(360 + i * 40, 230, t, { size: 6, bold: true });
    s.text(470 + i * 40, 230, t, { size: 6, bold: true });
  });
  f.history.forEach((m, i) => {
    const x = i < 7 ? 360 : 470, y = 240 + (i % 7) * 9;
    s.text(x, y, `${M3[m.month - 1]} ${String(m.year).slice(2)}`, { size: 6.5 });
    s.text(x + 60, y, fmt.kwh(m.value), { size: 6.5, right: true });
    s.text(x + 86, y, `${r.int(12, 78)}°`, { size: 6.5 });
  });
  s.text(360, 312, `Average daily use this month: ${(k / days(f)).toFixed(1)} kWh`, { size: 6.5 });
  s.text(36, 380, "News For You: Sign up for paperless billing at eversource.com.", { size: 6.5 });
  s.text(36, 390, "24-Hour Emergency 800-662-7764   Customer Service 800-662-7764", { size: 6.5 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Make check payable to Eversource.",
    remit: ["EVERSOURCE", "PO BOX 56005", "BOSTON MA 02205-6005"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "eversourcenh", pdf: await s.bytes(), truth };
}

/** Xcel Energy (Colorado): electricity and natural gas, premises and invoice numbers, both services' histories. */
async function xcelco(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "CO", {
    utility: "Xcel Energy",
    rate: "Residential General R",
    pastDue: r.chance(0.25),
    serviceNumber: true,
  });
  f.account = `${r.digits(2)}-${r.digits(10)}-${r.digits(1)}`;
  f.serviceNumber = r.digits(9);
  f.supplyRate = price6(r, 6, 9);
  const k = f.meters[0].kwh, eca = +price6(r, 2, 4);
  const sf = 7.1, energy = k * +f.supplyRate, ecaAmt = k * eca;
  const elec = sf + energy + ecaAmt;
  const therms = r.int(15, 140), gasSf = 11.86, gasUse = therms * 0.16411, gasCost = therms * 0.4231;
  const pipe = therms * 0.05932, gas = gasSf + gasUse + gasCost + pipe;
  const franchise = (elec + gas) * 0.03;
  f.amountDue = (elec + gas + franchise).toFixed(2);
  const cur = owed(f);
  const invoice = r.digits(10);
  const s = await Sheet.create();
  s.text(36, 38, "Xcel Energy", { size: 18, bold: true });
  s.text(36, 50, "RESPONSIBLE BY NATURE", { size: 6.5 });
  s.text(36, 66, "SERVICE ADDRESS:", { size: 6.5, bold: true });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityOf(f.service), { size: 8 });
  // the account information band (printed at the top of every page)
  const band = [
    ["ACCOUNT NUMBER", f.account],
    ["DAILY AVG. TEMP", `${r.int(20, 75)}°`],
    ["STATEMENT DATE", fmt.slash(f.invoiceDate)],
    ["DUE DATE", fmt.slash(f.dueDate)],
  ];
  band.forEach(([a, b], i) => {
    s.text(300 + i * 70, 36, a, { size: 5.5, bold: true });
    s.text(300 + i * 70, 46, b, { size: 7 });
  });
  s.text(300, 64, `PREMISES NUMBER: ${f.serviceNumber}`, { size: 6.5 });
  s.text(300, 74, `INVOICE NUMBER: ${invoice}`, { size: 6.5 });
  s.rule(108, 36, 576);
  // summary of current charges by service, then the account balance
  s.text(36, 120, "SUMMARY OF CURRENT CHARGES (detailed charges begin below)", { size: 8, bold: true });
  const per = `${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}`;
  [
    [`Electricity Service   ${per}   ${fmt.kwh(k)} kWh`, money(elec)],
    [`Natural Gas Service   ${per}   ${therms} therms`, money(gas)],
    ["Taxes and Fees", money(franchise)],
    ["Current Charges", money(cur)],
  ].forEach(([a, b], i) => s.row(36, 330, 132 + i * 10, a, b, { size: 7, bold: i === 3 }));
  const { prev, paid } = summary(r, f);
  s.text(360, 120, "ACCOUNT BALANCE", { size: 8, bold: true });
  [
    ["Previous Balance", money(prev)],
    [`Payment Received ${fmt.slash(new Date(+f.invoiceDate - r.int(6, 15) * 864e5))}`, `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 132 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // usage summary: last year against this month
  s.text(36, 190, "USAGE SUMMARY", { size: 8, bold: true });
  const last = f.history[0];
  [
    ["", "Last Year", "This Month"],
    ["Electricity kWh", fmt.kwh(last.value), fmt.kwh(k)],
    ["Avg Daily kWh", (last.value / 30).toFixed(1), (k / days(f)).toFixed(1)],
    ["Natural Gas therms", String(r.int(15, 140)), String(therms)],
  ].forEach((row, j) => row.forEach((t, i) => s.text(36 + i * 80, 202 + j * 10, t, { size: 6.5, bold: !j })));
  // electricity service details
  s.rule(246, 36, 576);
  s.text(36, 258, `ELECTRICITY SERVICE DETAILS   PREMISES NUMBER: ${f.serviceNumber}`, {
    size: 8,
    bold: true,
  });
  s.text(36, 268, `INVOICE NUMBER: ${invoice}   METER READING INFORMATION   METER ${f.meters[0].number}`, {
    size: 6.5,
  });
  const rd = r.int(10000, 90000);
  s.text(
    36,
    278,
    `Read Dates: ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)} (${days(f)} Days)   Current ${
      rd + k
    }  Previous ${rd}  Total Energy ${fmt.kwh(k)} kWh`,
    { size: 6.5 },
  );
  s.text(36, 290, `Rate: ${f.rate}`, { size: 7 });
  [
    ["Service & Facility", money(sf)],
    [`Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(energy)],
    [`Elec Commodity Adj ${fmt.kwh(k)} kWh @ $${eca.toFixed(6)}`, money(ecaAmt)],
    ["Subtotal", money(elec)],
  ].forEach(([a, b], i) => s.row(48, 330, 302 + i * 10, a, b, { size: 7, bold: i === 3 }));
  // natural gas service details
  s.text(36, 352, "NATURAL GAS SERVICE DETAILS", { size: 8, bold: true });
  s.text(36, 362, `METER ${r.digits(8)}   Total Energy ${therms} therms   Rate: Residential Gas RG`, {
    size: 6.5,
  });
  [
    ["Service & Facility", money(gasSf)],
    [`Usage Charge ${therms} therms @ $0.16411`, money(gasUse)],
    [`Natural Gas Cost ${therms} therms @ $0.42310`, money(gasCost)],
    [`Interstate Pipeline ${therms} therms @ $0.05932`, money(pipe)],
    ["Subtotal", money(gas)],
  ].forEach(([a, b], i) => s.row(48, 330, 374 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // the usage history of both services
  s.text(360, 252, "USAGE HISTORY", { size: 8, bold: true });
  ["Month", "kWh", "Therms"].forEach((t, i) => s.text(360 + i * 60, 264, t, { size: 6.5, bold: true }));
  f.history.forEach((m, i) => {
    const y = 274 + i * 9;
    s.text(360, y, `${M3[m.month - 1]} ${m.year}`, { size: 6.5 });
    s.text(445, y, fmt.kwh(m.value), { size: 6.5, right: true });
    s.text(505, y, String(r.int(10, 150)), { size: 6.5, right: true });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Make checks payable to Xcel Energy.",
    remit: ["XCEL ENERGY", "P.O. BOX 9477", "MPLS MN 55484-9477"],
    accountLabel: "ACCOUNT NUMBER",
    amountLabel: "AMOUNT DUE",
    dueLabel: "DUE DATE",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "xcelco", pdf: await s.bytes(), truth };
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
  eversourcenh,
  xcelco,
  randolphemc,
  tallahassee,
};
/** Drawn at random from the four before the first score (`python3 -c 'import random;
 * print(random.SystemRandom().sample(["eversourcenh","xcelco","randolphemc","tallahassee"],2))'` →
 * `['tallahassee', 'randolphemc']`); only their totals are read until the round's last change. */
export const R33_SEALED = ["tallahassee", "randolphemc"];
