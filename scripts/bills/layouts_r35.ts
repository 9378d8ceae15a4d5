// Round-35 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from knowledge of their bill formats and public "understanding your bill" material (no network was
// available while writing them; tests/fixtures/bills/synthetic/SOURCES.md "Round 35 layouts"). Shapes: a city-owned
// electric utility's statement whose **header band prints the labels over their values**, a meter row with a
// multiplier, a customer charge, a **summer/winter energy charge**, the city's occupation tax and the state's sales
// tax, and a **bar chart of 13 months with each bar's kWh printed over it** (Lincoln Electric System, Nebraska); an
// investor-owned utility's bill split into **delivery services and supply services** (customer charge, distribution,
// transmission, stranded cost, storm recovery, system benefits; the energy service charge as the supply), the meter
// readings as **two rows of read dates and readings** (previous and present) and a **13-month usage profile in two
// side-by-side column groups** (Unitil, New Hampshire); a co-op's bill with a member number, a facility charge, the
// **power cost adjustment (PCA)**, the state's gross receipts tax, a non-electric broadband line, and a history table
// of months with days and average kWh per day (Kit Carson Electric Cooperative, New Mexico); a city's utilities
// bill of **electric, natural gas, water and communications** with a summary by service, a metered services table
// whose units differ (KWH, CCF, GAL), electric details with a basic charge and **Iowa sales and local option taxes**,
// and a **usage comparison grid of every metered service** (this period, same period last year) (Cedar Falls
// Utilities, Iowa).
// Two of them are SEALED (R35_SEALED, drawn at random before the first score). Registered in layouts_heldout.ts.
// Truth conventions (earlier rounds, docs/bills.md): a co-op's or a city's energy charge per kWh is its supply price
// (a power cost adjustment is not it); a delivery/supply bill's supply price is the energy service charge; gas,
// water and communications figures are no electric months; the history months are those printed with their kWh.
import { rgb } from "pdf-lib";
import { drawStub } from "./stub.ts";
import type { Rng } from "./random_bill.ts";
import { truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, days, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  NE: [["Lincoln", "68502"], ["Lincoln", "68506"], ["Lincoln", "68516"], ["Lincoln", "68521"]],
  NH: [["Concord", "03301"], ["Exeter", "03833"], ["Hampton", "03842"], ["Seabrook", "03874"]],
  NM: [["Taos", "87571"], ["Questa", "87556"], ["Ranchos de Taos", "87557"], ["Angel Fire", "87710"]],
  IA: [["Cedar Falls", "50613"], ["Cedar Falls", "50613"], ["Cedar Falls", "50613"], [
    "Cedar Falls",
    "50613",
  ]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityOf = (a: { city: string; state: string; zip: string }) =>
  `${a.city.toUpperCase()}, ${a.state} ${a.zip}`;
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const p2 = (n: number) => String(n).padStart(2, "0");
/** A price of five decimals ("0.08412"). */
const price5 = (r: Rng, lo: number, hi: number) => `0.${p2(r.int(lo, hi))}${r.digits(3)}`;
/** A price of six decimals ("0.079660"). */
const price6 = (r: Rng, lo: number, hi: number) => `0.${p2(r.int(lo, hi))}${r.digits(4)}`;

/** A filled bar, top-left at (x, y) in the Sheet's top-down points. */
function bar(s: Sheet, x: number, y: number, w: number, h: number) {
  s.page.drawRectangle({ x, y: 792 - y - h, width: w, height: h, color: rgb(0.35, 0.5, 0.7) });
}

/** Lincoln Electric System (Nebraska, city-owned): labels over values, seasonal energy charge, taxes, a bar chart. */
async function les(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NE", {
    utility: "Lincoln Electric System",
    rate: "Residential Service (Rate 10)",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.2),
  });
  f.account = `${r.digits(6)}-${r.digits(3)}`;
  f.supplyRate = price5(r, 7, 10);
  const k = f.meters[0].kwh, summer = [5, 6, 7, 8].includes(f.periodEnd.getUTCMonth());
  const cust = 19, energy = k * +f.supplyRate;
  const occ = (cust + energy) * 0.07, sales = (cust + energy + occ) * 0.055;
  f.amountDue = (cust + energy + occ + sales).toFixed(2);
  const cur = owed(f);
  const { prev, paid } = summary(r, f);
  const s = await Sheet.create();
  s.text(36, 38, "LES", { size: 20, bold: true });
  s.text(80, 32, "Lincoln Electric System", { size: 10, bold: true });
  s.text(80, 42, "1040 O Street   Lincoln, NE 68508   402-475-4211   LES.com", { size: 6.5 });
  s.text(430, 36, "Your Statement", { size: 11, bold: true });
  // header band: the labels over their values
  s.rule(56, 36, 576);
  const xs = [36, 150, 250, 350, 460];
  [
    ["Account Number", f.account],
    ["Statement Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Previous Balance", money(prev)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => {
    s.text(xs[i], 66, a, { size: 6.5, bold: true });
    s.text(xs[i], 78, b, { size: 8.5, bold: i === 4 });
  });
  s.rule(86, 36, 576);
  s.text(36, 102, f.name.toUpperCase(), { size: 8 });
  let y = 112;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(36, y, l.toUpperCase(), { size: 8 });
    y += 10;
  }
  s.text(36, y, cityOf(f.billing), { size: 8 });
  s.text(320, 102, "Service Location", { size: 7, bold: true });
  s.text(320, 112, addr1(f).toUpperCase(), { size: 8 });
  s.text(
    320,
    124,
    `Billing Period ${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)}   ${days(f)} Days`,
    {
      size: 7,
    },
  );
  // meter
  s.text(36, 160, "Electric Service Detail", { size: 9, bold: true });
  const cols = [36, 120, 200, 280, 350, 420];
  ["Meter Number", "Previous Read", "Current Read", "Multiplier", "kWh Used", "Read Type"].forEach((t, i) =>
    s.text(cols[i], 174, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 90000);
  [f.meters[0].number, String(rd), String(rd + k), "1", fmt.kwh(k), "Actual"].forEach((t, i) =>
    s.text(cols[i], 184, t, { size: 7.5 })
  );
  s.text(36, 200, `Rate: ${f.rate}`, { size: 7.5 });
  [
    ["Customer Charge", money(cust)],
    [`Energy Charge - ${summer ? "Summer" : "Winter"} ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(energy)],
    ["City of Lincoln Occupation Tax 7%", money(occ)],
    ["Nebraska Sales Tax 5.5%", money(sales)],
    ["Total Current Charges", money(cur)],
  ].forEach(([a, b], i) => s.row(48, 330, 214 + i * 11, a, b, { size: 7.5, bold: i === 4 }));
  s.text(360, 200, "Account Activity", { size: 8, bold: true });
  [
    ["Payment Received - Thank You", `-${money(paid)}`],
    ["Unpaid Balance", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 214 + i * 11, a, b, { size: 7.5, bold: i === 3 }));
  // the bar chart: each bar's kWh printed over it, the month under it
  s.text(36, 290, "Your Electric Use - kWh", { size: 8, bold: true });
  const max = Math.max(...f.history.map((m) => m.value));
  f.history.forEach((m, i) => {
    const x = 46 + i * 38, h = Math.round((m.value / max) * 90);
    bar(s, x, 410 - h, 22, h);
    s.text(x + 1, 405 - h, fmt.kwh(m.value), { size: 5.5 });
    s.text(x + 2, 420, `${M3[m.month - 1]}`, { size: 6 });
    s.text(x + 2, 428, `'${String(m.year).slice(2)}`, { size: 5.5 });
  });
  s.text(36, 448, `Average daily use this period: ${(k / days(f)).toFixed(1)} kWh`, { size: 7 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please detach and return this portion with your payment. Make checks payable to LES.",
    remit: ["LINCOLN ELECTRIC SYSTEM", "PO BOX 2986", "OMAHA NE 68103-2986"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const service = { ...upper(f.service), city: "", state: "", zip: "" };
  const truth = truthOf(f, { history: f.history, ...stub, service });
  return { layout: "les", pdf: await s.bytes(), truth };
}

/** Unitil (New Hampshire): delivery and supply services, readings as two rows, a usage profile in two column groups. */
async function unitil(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NH", {
    utility: "Unitil",
    rate: "Domestic Delivery Service D",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.25),
  });
  f.account = `${r.digits(10)}`;
  f.supplyRate = price5(r, 9, 14);
  const k = f.meters[0].kwh;
  const cust = 16.22,
    dist = k * 0.05612,
    trans = k * 0.03874,
    stranded = k * 0.00117,
    storm = k * 0.00261,
    sbc = k * 0.00743;
  const delivery = cust + dist + trans + stranded + storm + sbc, supply = k * +f.supplyRate;
  f.amountDue = (delivery + supply).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "UNITIL", { size: 18, bold: true });
  s.text(36, 52, "Unitil Energy Systems, Inc.   6 Liberty Lane West, Hampton, NH 03842", { size: 6.5 });
  s.box(356, 28, 220, 60);
  [
    ["Account Number", f.account],
    ["Bill Date", fmt.mon(f.invoiceDate)],
    ["Amount Due", fmt.money(f.amountDue)],
    ["Please Pay By", fmt.mon(f.dueDate)],
  ].forEach(([a, b], i) => s.row(364, 568, 40 + i * 13, a, b, { size: 8, bold: i === 2 }));
  s.text(36, 72, f.name.toUpperCase(), { size: 8 });
  let y = 82;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(36, y, l.toUpperCase(), { size: 8 });
    y += 10;
  }
  s.text(36, y, cityOf(f.billing), { size: 8 });
  s.rule(120, 36, 576);
  s.text(36, 132, `Service Location: ${addr1(f).toUpperCase()}, ${cityOf(f.service)}`, { size: 7 });
  // meter readings as two rows: previous and present
  s.text(36, 150, "Meter Reading Information", { size: 8, bold: true });
  const cols = [36, 110, 190, 260, 330];
  ["Meter Number", "Read Date", "Reading", "Read Type", "Usage"].forEach((t, i) =>
    s.text(cols[i], 162, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 90000);
  [f.meters[0].number, fmt.slash(f.periodStart), String(rd), "Actual", ""].forEach((t, i) =>
    t && s.text(cols[i], 172, t, { size: 7 })
  );
  ["", fmt.slash(f.periodEnd), String(rd + k), "Actual", `${fmt.kwh(k)} kWh`].forEach((t, i) =>
    t && s.text(cols[i], 182, t, { size: 7 })
  );
  s.text(36, 196, `Number of Days ${days(f)}   Rate ${f.rate}`, { size: 7 });
  // account summary
  const { prev, paid } = summary(r, f);
  s.text(380, 150, "Account Summary", { size: 8, bold: true });
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(380, 576, 162 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // delivery services and supply services
  s.text(36, 220, "Delivery Services", { size: 8, bold: true });
  [
    ["Customer Charge", money(cust)],
    [`Distribution Charge ${fmt.kwh(k)} kWh @ $0.05612`, money(dist)],
    [`Transmission Charge ${fmt.kwh(k)} kWh @ $0.03874`, money(trans)],
    [`Stranded Cost Charge ${fmt.kwh(k)} kWh @ $0.00117`, money(stranded)],
    [`Storm Recovery Adjustment ${fmt.kwh(k)} kWh @ $0.00261`, money(storm)],
    [`System Benefits Charge ${fmt.kwh(k)} kWh @ $0.00743`, money(sbc)],
    ["Total Delivery Services", money(delivery)],
  ].forEach(([a, b], i) => s.row(48, 340, 232 + i * 10, a, b, { size: 7, bold: i === 6 }));
  s.text(36, 312, "Supply Services   Supplier: Unitil Energy Systems, Inc.", { size: 8, bold: true });
  [
    [`Energy Service Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(supply)],
    ["Total Supply Services", money(supply)],
  ].forEach(([a, b], i) => s.row(48, 340, 324 + i * 10, a, b, { size: 7, bold: i === 1 }));
  s.text(36, 352, "Total Current Charges", { size: 8, bold: true });
  s.text(340, 352, money(cur), { size: 8, bold: true, right: true });
  // usage profile: two column groups of months and kWh
  s.text(380, 232, "Usage Profile (kWh)", { size: 8, bold: true });
  [380, 480].forEach((x) => {
    s.text(x, 244, "Month", { size: 6.5, bold: true });
    s.text(x + 70, 244, "kWh", { size: 6.5, bold: true, right: true });
  });
  f.history.forEach((m, i) => {
    const x = i < 7 ? 380 : 480, yy = 254 + (i % 7) * 10;
    s.text(x, yy, `${M3[m.month - 1]} ${m.year}`, { size: 6.5 });
    s.text(x + 70, yy, fmt.kwh(m.value), { size: 6.5, right: true });
  });
  s.text(380, 330, `Average Daily Usage ${(k / days(f)).toFixed(1)} kWh`, { size: 6.5 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Unitil.",
    remit: ["UNITIL", "PO BOX 981010", "BOSTON MA 02298-1010"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Please Pay By",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "unitil", pdf: await s.bytes(), truth };
}

/** Kit Carson Electric Cooperative (New Mexico): facility charge, PCA, gross receipts tax, broadband, day history. */
async function kitcarson(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NM", {
    utility: "Kit Carson Electric Cooperative",
    rate: "Residential R-1",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.3),
  });
  f.account = `${r.digits(5)}`;
  f.supplyRate = price6(r, 9, 13);
  const k = f.meters[0].kwh, pca = r.int(200, 1500) / 100000;
  const fac = 27.5, energy = k * +f.supplyRate, adj = k * pca;
  const grt = (fac + energy + adj) * 0.0806, broadband = r.chance(0.5) ? 49.95 : 0;
  f.amountDue = (fac + energy + adj + grt + broadband).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 38, "KIT CARSON ELECTRIC COOPERATIVE, INC.", { size: 12, bold: true });
  s.text(36, 49, "118 Cruz Alta Road   Taos, NM 87571   575-758-2258   kitcarson.com", { size: 6.5 });
  s.text(36, 66, "Member Name", { size: 6.5, bold: true });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  let y = 86;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(36, y, l.toUpperCase(), { size: 8 });
    y += 10;
  }
  s.text(36, y, cityOf(f.billing), { size: 8 });
  [
    ["Member/Account No.", f.account],
    ["Billing Date", fmt.short(f.invoiceDate)],
    ["Due Date", fmt.short(f.dueDate)],
    ["Total Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(372, 576, 66 + i * 11, a, b, { size: 7.5, bold: i === 3 }));
  s.rule(124, 36, 576);
  s.text(36, 136, `Service Location: ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(
    330,
    136,
    `Location No. ${r.int(10000, 99999)}   Substation ${r.pick(["Taos", "Questa", "Cabresto"])}`,
    {
      size: 7,
    },
  );
  // meter row
  const cols = [36, 100, 150, 200, 260, 320, 370];
  ["Meter No.", "From", "To", "Prior Read", "Current Read", "Mult", "kWh"].forEach((t, i) =>
    s.text(cols[i], 154, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 90000);
  [
    f.meters[0].number,
    fmt.short(f.periodStart),
    fmt.short(f.periodEnd),
    String(rd),
    String(rd + k),
    "1",
    fmt.kwh(k),
  ]
    .forEach((t, i) => s.text(cols[i], 164, t, { size: 7 }));
  // charges
  s.text(36, 184, `Electric Charges   ${f.rate}`, { size: 8, bold: true });
  const lines: [string, string][] = [
    ["Facility Charge", money(fac)],
    [`Energy Charge ${fmt.kwh(k)} kWh x ${f.supplyRate}`, money(energy)],
    [`Power Cost Adjustment (PCA) ${fmt.kwh(k)} kWh x ${pca.toFixed(6)}`, money(adj)],
    ["NM Gross Receipts Tax", money(grt)],
  ];
  if (broadband) lines.push(["Kit Carson Broadband Internet", money(broadband)]);
  lines.push(["Total Current Charges", money(cur)]);
  lines.forEach(([a, b], i) => s.row(48, 330, 196 + i * 10, a, b, { size: 7, bold: i === lines.length - 1 }));
  const { prev, paid } = summary(r, f);
  s.text(360, 184, "Account Summary", { size: 8, bold: true });
  [
    ["Previous Bill", money(prev)],
    ["Payments Received", `-${money(paid)}`],
    ["Past Due Amount", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 196 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // history: month, days, kWh, average per day
  s.text(36, 272, "Usage History", { size: 8, bold: true });
  ["Month", "Days", "kWh", "Avg/Day"].forEach((t, i) =>
    s.text(36 + i * 55, 284, t, { size: 6.5, bold: true })
  );
  f.history.forEach((m, i) => {
    const yy = 294 + i * 9, d = r.int(28, 33);
    s.text(36, yy, `${M3[m.month - 1]}-${String(m.year).slice(2)}`, { size: 6.5 });
    s.text(91, yy, String(d), { size: 6.5 });
    s.text(146, yy, fmt.kwh(m.value), { size: 6.5 });
    s.text(201, yy, (m.value / d).toFixed(1), { size: 6.5 });
  });
  s.text(330, 300, "Your cooperative is member owned. Capital credits are allocated", { size: 6.5 });
  s.text(330, 309, "to members each year in proportion to their electric purchases.", { size: 6.5 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Kit Carson Electric Cooperative.",
    remit: ["KIT CARSON ELECTRIC COOP INC", "PO BOX 578", "TAOS NM 87571-0578"],
    accountLabel: "Member/Account No.",
    amountLabel: "Total Due",
    dueLabel: "Due Date",
    date: fmt.short,
  });
  const service = { ...upper(f.service), city: "", state: "", zip: "" };
  const truth = truthOf(f, { history: f.history, ...stub, service });
  return { layout: "kitcarson", pdf: await s.bytes(), truth };
}

/** Cedar Falls Utilities (Iowa, city-owned): electric, gas, water, communications; a usage comparison grid. */
async function cedarfalls(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "IA", {
    utility: "Cedar Falls Utilities",
    rate: "Residential Electric",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.2),
  });
  f.account = `${r.digits(6)}-${r.digits(3)}`;
  f.supplyRate = price5(r, 6, 9);
  const k = f.meters[0].kwh, ccf = r.int(8, 110), gal = r.int(18, 90) * 100;
  const basic = 11.5,
    energy = k * +f.supplyRate,
    stax = (basic + energy) * 0.06,
    lost = (basic + energy) * 0.01;
  const elec = basic + energy + stax + lost;
  const gas = 12 + ccf * 0.8731, water = 13.25 + (gal / 100) * 0.412, comm = r.pick([0, 55.95, 74.95]);
  f.amountDue = (elec + gas + water + comm).toFixed(2);
  owed(f);
  const s = await Sheet.create();
  s.text(36, 38, "Cedar Falls Utilities", { size: 15, bold: true });
  s.text(36, 50, "Electric   Gas   Water   Communications   utilities 319-266-1761   cfu.net", { size: 6.5 });
  s.box(380, 28, 196, 66);
  [
    ["Account Number", f.account],
    ["Bill Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(388, 568, 42 + i * 13, a, b, { size: 8, bold: i === 3 }));
  s.text(36, 72, f.name.toUpperCase(), { size: 8 });
  let y = 82;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(36, y, l.toUpperCase(), { size: 8 });
    y += 10;
  }
  s.text(36, y, cityOf(f.billing), { size: 8 });
  s.rule(120, 36, 576);
  s.text(36, 132, `Service Address ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(300, 132, `Service From ${fmt.slash(f.periodStart)} To ${fmt.slash(f.periodEnd)}`, { size: 7 });
  // summary by service
  const { prev, paid } = summary(r, f);
  s.text(36, 150, "Summary of Charges", { size: 8, bold: true });
  const rows: [string, string][] = [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Electric", money(elec)],
    ["Gas", money(gas)],
    ["Water", money(water)],
  ];
  if (comm) rows.push(["Communications", money(comm)]);
  rows.push(["Amount Due", fmt.money(f.amountDue)]);
  rows.forEach(([a, b], i) => s.row(36, 260, 162 + i * 10, a, b, { size: 7, bold: i === rows.length - 1 }));
  // metered services
  s.text(290, 150, "Metered Services", { size: 8, bold: true });
  const cols = [290, 340, 400, 450, 500, 545];
  ["Service", "Meter", "Previous", "Present", "Usage", "Units"].forEach((t, i) =>
    s.text(cols[i], 162, t, { size: 6.5, bold: true })
  );
  const e0 = r.int(10000, 90000), g0 = r.int(1000, 9000), w0 = r.int(1000, 9000);
  [
    ["Electric", f.meters[0].number, String(e0), String(e0 + k), fmt.kwh(k), "KWH"],
    ["Gas", r.digits(8), String(g0), String(g0 + ccf), String(ccf), "CCF"],
    ["Water", r.digits(8), String(w0), String(w0 + gal / 100), fmt.kwh(gal), "GAL"],
  ].forEach((row, j) => row.forEach((t, i) => s.text(cols[i], 172 + j * 10, t, { size: 6.5 })));
  // electric details
  s.text(36, 256, `Electric   ${f.rate}   ${days(f)} Days`, { size: 8, bold: true });
  [
    ["Basic Charge", money(basic)],
    [`Energy ${fmt.kwh(k)} KWH @ ${f.supplyRate}`, money(energy)],
    ["Iowa Sales Tax", money(stax)],
    ["Local Option Sales Tax", money(lost)],
    ["Total Electric", money(elec)],
  ].forEach(([a, b], i) => s.row(48, 260, 268 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 330, "Gas   Residential Firm", { size: 8, bold: true });
  [
    ["Basic Charge", money(12)],
    [`Gas Usage ${ccf} CCF @ 0.8731`, money(ccf * 0.8731)],
    ["Total Gas", money(gas)],
  ].forEach(([a, b], i) => s.row(48, 260, 342 + i * 10, a, b, { size: 7, bold: i === 2 }));
  // the comparison grid: every metered service, this period and the same period last year
  const ly = f.history[0], now = f.history[12];
  s.text(290, 256, "Usage Comparison", { size: 8, bold: true });
  [
    ["", "Electric KWH", "Gas CCF", "Water GAL"],
    [`${M3[now.month - 1]} ${now.year}`, fmt.kwh(k), String(ccf), fmt.kwh(gal)],
    [
      `${M3[ly.month - 1]} ${ly.year}`,
      fmt.kwh(ly.value),
      String(r.int(8, 110)),
      fmt.kwh(r.int(18, 90) * 100),
    ],
    ["Avg Per Day", (k / days(f)).toFixed(1), (ccf / days(f)).toFixed(1), String(Math.round(gal / days(f)))],
  ].forEach((row, j) =>
    row.forEach((t, i) => s.text(290 + i * 70, 268 + j * 10, t, { size: 6.5, bold: !j }))
  );
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment to Cedar Falls Utilities.",
    remit: ["CEDAR FALLS UTILITIES", "PO BOX 769", "CEDAR FALLS IA 50613-0769"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const service = { ...upper(f.service), city: "", state: "", zip: "" };
  const truth = truthOf(f, { history: [ly, now], ...stub, service });
  return { layout: "cedarfalls", pdf: await s.bytes(), truth };
}

export const R35_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  les,
  unitil,
  kitcarson,
  cedarfalls,
};
/** Drawn at random from the four before the first score (`python3 -c 'import random;
 * print(random.SystemRandom().sample(["les","unitil","kitcarson","cedarfalls"],2))'` →
 * `['les', 'unitil']`, 2026-11-25 21:08 UTC); only their totals
 * are read until the round's last change. */
export const R35_SEALED = ["les", "unitil"];
