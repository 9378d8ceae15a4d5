// Round-32 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from their public bill pages (label words, section names, charge names:
// tests/fixtures/bills/synthetic/SOURCES.md "Round 32 layouts"). Shapes: a co-op bill due upon receipt with a
// **late-after date**, an eight-digit account number, a basic member service charge, an energy charge and a power
// cost adjustment, outdoor lighting, and a **this year / last year comparison** of kWh, days of use and kWh per day
// (Baldwin EMC, Alabama); a city utility's bill of electric, water and sewer whose **service classes print their
// rate schedule** ("EL-RG-1 Single Res"), meter multipliers, bold service totals over their base, usage and power
// cost adjustment lines, water usage tiers, "Billing Charges" adding up to the "Current Bill" (Rice Lake Utilities,
// Wisconsin); an investor-owned utility's bill with the date sent and a **12-digit account number** top right, the
// period under the company's name, an account summary, usage information, charges from the utility, payments and
// adjustments, and a **bar graph of the year's usage with each bar's kWh over it** (Mon Power, West Virginia); a
// California utility's bill for a **community choice aggregator's** customer: PG&E's delivery charges with a
// generation credit and the power charge indifference adjustment, the CCA's generation charges, a service agreement
// ID, a rate plan, and usage printed **with six decimals** ("543.000000 kWh") as the utility prints it (San José
// Clean Energy on a PG&E bill).
// Two of them were SEALED in round 32 (R32_SEALED, drawn at random before the first score; dev layouts since round
// 33, their sealed figures in docs/bills.md). Registered in layouts_heldout.ts.
// Truth conventions (earlier rounds, docs/bills.md): a co-op's or a city's energy charge per kWh is its supply price
// (an adjustment is not it); a CCA's generation price is the supply price of the utility's bill (sdge); the amount
// due is the amount due by the due date; a bill due upon receipt has as its due date the date after which it is
// late; gas and water figures are no electric months; the history months are those printed with their kWh.
import { drawStub } from "./stub.ts";
import type { Rng } from "./random_bill.ts";
import { truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, days, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";
import { rgb } from "pdf-lib";

const TOWNS: Record<string, [string, string][]> = {
  AL: [["Summerdale", "36580"], ["Foley", "36535"], ["Fairhope", "36532"], ["Robertsdale", "36567"]],
  WI: [["Rice Lake", "54868"], ["Rice Lake", "54868"], ["Rice Lake", "54868"], ["Rice Lake", "54868"]],
  WV: [["Clarksburg", "26301"], ["Morgantown", "26505"], ["Fairmont", "26554"], ["Shinnston", "26431"]],
  CA: [["San Jose", "95125"], ["San Jose", "95112"], ["San Jose", "95127"], ["San Jose", "95136"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityOf = (a: { city: string; state: string; zip: string }) =>
  `${a.city.toUpperCase()}, ${a.state} ${a.zip}`;
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const p2 = (n: number) => String(n).padStart(2, "0");
/** A price of five decimals ("0.10412"). */
const price5 = (r: Rng, lo: number, hi: number) => `0.${p2(r.int(lo, hi))}${r.digits(3)}`;

/** Baldwin EMC (Alabama): due upon receipt, a late-after date, PCA, outdoor lighting, this year vs last year. */
async function baldwinemc(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "AL", {
    utility: "Baldwin EMC",
    rate: "R1 Residential Single Phase",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.25),
  });
  f.account = r.digits(8);
  f.supplyRate = price5(r, 6, 8);
  const k = f.meters[0].kwh, last = f.history[0];
  const pca = r.int(200, 900) / 100000, light = r.chance(0.5) ? 12.5 : 0;
  const energy = k * +f.supplyRate, service = 44.95, tax = (energy + service) * 0.04;
  f.amountDue = (service + energy + k * pca + light + tax).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 38, "Baldwin EMC", { size: 16, bold: true });
  s.text(36, 50, "Your Touchstone Energy Cooperative   PO Box 220   Summerdale, AL 36580   (251) 989-6247", {
    size: 6.5,
  });
  s.box(372, 28, 204, 52);
  [
    ["Account Number", f.account],
    ["Billing Date", fmt.slash(f.invoiceDate)],
    ["Amount Due", fmt.money(f.amountDue)],
    ["Due Upon Receipt - Late After", fmt.slash(f.dueDate)],
  ].forEach(([a, b], i) => s.row(380, 568, 40 + i * 11, a, b, { size: 7, bold: i === 2 }));
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  let y = 86;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(36, y, l.toUpperCase(), { size: 8 });
    y += 10;
  }
  s.text(36, y, cityOf(f.billing), { size: 8 });
  s.rule(120, 36, 576);
  s.text(36, 134, `Service Address: ${addr1(f).toUpperCase()} ${cityOf(f.service)}`, { size: 7 });
  s.text(36, 144, `Rate: ${f.rate}`, { size: 7 });
  s.text(300, 134, `Service From ${fmt.slash(f.periodStart)} To ${fmt.slash(f.periodEnd)}`, { size: 7 });
  const rd = r.int(10000, 90000);
  const cols = [36, 130, 220, 310, 400];
  ["Meter Number", "Present Reading", "Previous Reading", "Multiplier", "kWh Used"].forEach((t, i) =>
    s.text(cols[i], 162, t, { size: 6.5, bold: true })
  );
  [f.meters[0].number, String(rd + k), String(rd), "1", fmt.kwh(k)].forEach((t, i) =>
    s.text(cols[i], 172, t, { size: 7 })
  );
  s.text(36, 194, "Current Charges", { size: 8, bold: true });
  const lines: [string, string][] = [
    ["Basic Member Service Charge", money(service)],
    [`Energy Charge ${fmt.kwh(k)} kWh @ ${f.supplyRate}`, money(energy)],
    [`Power Cost Adjustment ${fmt.kwh(k)} kWh @ ${pca.toFixed(5)}`, money(k * pca)],
  ];
  if (light) lines.push(["Outdoor Lighting", money(light)]);
  lines.push(["State Tax", money(tax)]);
  lines.forEach(([a, b], i) => s.row(48, 330, 206 + i * 10, a, b, { size: 7 }));
  s.row(36, 330, 206 + lines.length * 10 + 4, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  const { prev, paid } = summary(r, f);
  s.text(372, 194, "Account Activity", { size: 8, bold: true });
  [
    ["Previous Bill Amount", money(prev)],
    ["Payments Received", `-${money(paid)}`],
    ["Past Due Amount", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(372, 576, 206 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // this year vs last year: the same month, its kWh, its days and its kWh a day
  const dLast = r.int(28, 33);
  s.text(36, 290, "Usage Comparison", { size: 8, bold: true });
  [[
    "",
    `${M3[f.periodEnd.getUTCMonth()]} ${f.periodEnd.getUTCFullYear()}`,
    `${M3[last.month - 1]} ${last.year}`,
  ]]
    .concat([
      ["kWh Used", fmt.kwh(k), fmt.kwh(last.value)],
      ["Days of Use", String(days(f)), String(dLast)],
      ["kWh per Day", (k / days(f)).toFixed(1), (last.value / dLast).toFixed(1)],
    ]).forEach((row, j) =>
      row.forEach((t, i) => s.text(36 + i * 90, 302 + j * 10, t, { size: 7, bold: !j }))
    );
  s.text(36, 350, "Are the days of use the same? Check this time last year on My Account.", { size: 6.5 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment. Make checks payable to Baldwin EMC.",
    remit: ["BALDWIN EMC", "PO BOX 220", "SUMMERDALE AL 36580-0220"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Late After",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: [last, f.history[12]], ...stub, service: upper(f.service) });
  return { layout: "baldwinemc", pdf: await s.bytes(), truth };
}

/** Rice Lake Utilities (Wisconsin municipal): service classes with their schedules, multipliers, PCAC, tiers. */
async function ricelake(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "WI", {
    utility: "Rice Lake Utilities",
    rate: "EL-RG-1 Single Res",
    pastDue: r.chance(0.25),
  });
  f.supplyRate = price5(r, 9, 12);
  const k = f.meters[0].kwh, mult = 1;
  const pcac = (r.chance(0.5) ? -1 : 1) * r.int(100, 900) / 100000;
  const base = 14, energy = k * +f.supplyRate, adj = k * pcac;
  const elec = base + energy + adj;
  const gal = r.int(3, 12) * 1000, t1 = Math.min(gal, 6000), t2 = gal - t1;
  const water = 11.5 + t1 / 1000 * 2.01 + t2 / 1000 * 1.85, sewer = 16 + gal / 1000 * 3.1;
  f.amountDue = (elec + water + sewer).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 38, "RICE LAKE UTILITIES", { size: 13, bold: true });
  s.text(36, 49, "320 W Coleman St   Rice Lake WI 54868   715-234-7004", { size: 6.5 });
  s.text(380, 36, "BALANCE DUE", { size: 8, bold: true });
  s.text(576, 52, fmt.money(f.amountDue), { size: 15, bold: true, right: true });
  [
    ["Account No.", f.account],
    ["Bill Date", fmt.short(f.invoiceDate)],
    ["Due Date", fmt.short(f.dueDate)],
  ].forEach(([a, b], i) => s.row(380, 576, 66 + i * 10, a, b, { size: 7 }));
  s.text(36, 72, f.name.toUpperCase(), { size: 8 });
  s.text(36, 82, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 92, `${f.service.city.toUpperCase()} WI ${f.service.zip}`, { size: 8 });
  s.rule(110, 36, 576);
  s.text(36, 122, `Service Location  ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(300, 122, `Period ${fmt.short(f.periodStart)} - ${fmt.short(f.periodEnd)}   ${days(f)} Days`, {
    size: 7,
  });
  // the meters: (current - previous) x multiplier = usage
  const cols = [36, 110, 190, 260, 330, 390, 450];
  ["Service", "Meter", "Previous", "Current", "Mult", "Usage", "Units"].forEach((t, i) =>
    s.text(cols[i], 140, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 90000), w0 = r.int(100, 900);
  [
    ["EL-RG-1", f.meters[0].number, String(rd), String(rd + k / mult), String(mult), fmt.kwh(k), "KWH"],
    ["WA-RS-1", r.digits(8), String(w0), String(w0 + gal / 1000), "1000", fmt.kwh(gal), "GAL"],
  ].forEach((row, j) => row.forEach((t, i) => s.text(cols[i], 150 + j * 10, t, { size: 7 })));
  // billing charges: each service bold, its items under it
  s.text(36, 184, "Billing Charges", { size: 8, bold: true });
  let y = 196;
  const block = (head: string, total: number, items: [string, string][]) => {
    s.row(36, 400, y, head, money(total), { size: 7, bold: true });
    y += 10;
    for (const [a, b] of items) {
      s.row(52, 340, y, a, b, { size: 6.5 });
      y += 9;
    }
    y += 3;
  };
  block(`${f.rate}`, elec, [
    ["Base Charge", money(base)],
    [`Usage ${fmt.kwh(k)} KWH @ ${f.supplyRate}`, money(energy)],
    [`PCAC ${fmt.kwh(k)} KWH @ ${pcac.toFixed(5)}`, money(adj)],
  ]);
  block("WA-RS-1 Water Residential", water, [
    ["Base Charge", money(11.5)],
    [`Usage First ${fmt.kwh(t1)} GAL @ 2.01`, money(t1 / 1000 * 2.01)],
    ...(t2 ? [[`Usage Next ${fmt.kwh(t2)} GAL @ 1.85`, money(t2 / 1000 * 1.85)] as [string, string]] : []),
  ]);
  block("SW-RS-1 Sewer Residential", sewer, [
    ["Base Charge", money(16)],
    [`Usage ${fmt.kwh(gal)} GAL @ 3.10`, money(gal / 1000 * 3.1)],
  ]);
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Past Due", money(+f.pastDue)],
    ["Current Bill", money(cur)],
  ].forEach(([a, b], i) => s.row(430, 576, 196 + i * 10, a, b, { size: 7, bold: i === 3 }));
  // electric usage history: a row of months, kWh under each, with its year
  y += 10;
  s.text(36, y, "Electric Usage History (KWH)", { size: 8, bold: true });
  f.history.forEach((m, i) => {
    const x = 36 + i * 40;
    s.text(x, y + 12, `${M3[m.month - 1]} ${String(m.year).slice(2)}`, { size: 6, bold: true });
    s.text(x, y + 22, fmt.kwh(m.value), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this stub with your payment to Rice Lake Utilities.",
    remit: ["RICE LAKE UTILITIES", "320 W COLEMAN ST", "RICE LAKE WI 54868-2199"],
    accountLabel: "Account No.",
    amountLabel: "Balance Due",
    dueLabel: "Due Date",
    date: fmt.short,
  });
  const service = { ...upper(f.service), city: "", state: "", zip: "" };
  const truth = truthOf(f, { history: f.history, ...stub, service });
  return { layout: "ricelake", pdf: await s.bytes(), truth };
}

/** Mon Power (West Virginia): 12-digit account, sections of the summary, a bar graph with each bar's kWh. */
async function monpower(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "WV", {
    utility: "Mon Power",
    rate: "Residential Service (R)",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.2),
  });
  f.account = `110${r.digits(9)}`;
  f.supplyRate = price5(r, 8, 10);
  const k = f.meters[0].kwh, ecc = price5(r, 0, 0);
  const energy = k * +f.supplyRate, env = k * +ecc, cust = 5;
  const tax = (cust + energy + env) * 0.03;
  f.amountDue = (cust + energy + env + tax).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 36, "Mon Power", { size: 18, bold: true });
  s.text(36, 48, "A FirstEnergy Company", { size: 7 });
  s.text(36, 62, `Billing Period: ${fmt.mon(f.periodStart)} to ${fmt.mon(f.periodEnd)}`, { size: 7 });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityOf(f.service), { size: 8 });
  s.text(576, 34, `Issue Date: ${fmt.full(f.invoiceDate)}`, { size: 7, right: true });
  s.text(576, 44, `Account Number: ${f.account}`, { size: 7, right: true });
  s.box(420, 52, 156, 34);
  s.text(428, 64, "Amount Due", { size: 7 });
  s.text(568, 66, fmt.money(f.amountDue), { size: 12, bold: true, right: true });
  s.text(428, 80, `Due Date: ${fmt.full(f.dueDate)}`, { size: 7 });
  s.rule(108, 36, 576);
  s.text(
    36,
    116,
    "Emergency or Outage 1-888-544-4877   Customer Service 1-800-686-0022   Payment Options 1-800-686-9901",
    {
      size: 6.5,
    },
  );
  s.rule(122, 36, 576);
  s.text(36, 136, "Messages", { size: 8, bold: true });
  s.text(36, 146, "Your meter is read by an actual reading or an estimate.", { size: 6.5 });
  s.text(36, 154, "An estimated bill is trued up at the next actual reading.", { size: 6.5 });
  const { prev, paid } = summary(r, f);
  s.text(300, 136, "Account Summary", { size: 8, bold: true });
  [
    ["Amount Due on Last Bill", money(prev)],
    ["Total Payments", `-${money(paid)}`],
    ["Balance Prior to Current Charges", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(300, 576, 148 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(300, 210, "Usage Information", { size: 8, bold: true });
  const rd = r.int(10000, 90000), actual = r.chance(0.7);
  [
    ["Meter Number", f.meters[0].number],
    [`Reading ${fmt.slash(f.periodEnd)} (${actual ? "Actual" : "Estimated"})`, String(rd + k)],
    [`Reading ${fmt.slash(f.periodStart)} (Actual)`, String(rd)],
    ["Usage (kWh)", fmt.kwh(k)],
  ].forEach(([a, b], i) => s.row(300, 576, 222 + i * 10, a, b, { size: 7 }));
  s.text(300, 274, "Charges from Mon Power", { size: 8, bold: true });
  s.text(300, 284, `Rate: ${f.rate}`, { size: 7 });
  [
    ["Customer Charge", money(cust)],
    [`Energy Charge ${fmt.kwh(k)} kWh x $${f.supplyRate}`, money(energy)],
    [`Environmental Control Charge ${fmt.kwh(k)} kWh x $${ecc}`, money(env)],
    ["Municipal Tax", money(tax)],
    ["Total Charges from Mon Power", money(cur)],
  ].forEach(([a, b], i) => s.row(300, 576, 296 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(300, 356, "Detail Payment and Adjustment Information", { size: 8, bold: true });
  s.row(300, 576, 368, `Payment ${fmt.slash(f.periodStart)}`, `-${money(paid)}`, { size: 7 });
  // the year's usage: a bar a month, its kWh over it, the month's initial under it
  s.text(36, 210, "Usage History (kWh)", { size: 8, bold: true });
  const max = Math.max(...f.history.map((h) => h.value));
  f.history.forEach((m, i) => {
    const x = 40 + i * 18, h = Math.round(m.value / max * 110);
    s.page.drawRectangle({ x, y: 792 - 360, width: 12, height: h, color: rgb(0.55, 0.55, 0.55) });
    s.text(x - 1, 360 - h - 3, fmt.kwh(m.value), { size: 4.5 });
    s.text(x + 3, 369, M3[m.month - 1][0], { size: 6 });
  });
  s.text(
    40,
    379,
    `${M3[f.history[0].month - 1]} ${f.history[0].year} - ${M3[f.history[12].month - 1]} ${
      f.history[12].year
    }`,
    { size: 6 },
  );
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please write the amount you are paying and return this portion with your payment.",
    remit: ["MON POWER", "PO BOX 3615", "AKRON OH 44309-3615"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.full,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "monpower", pdf: await s.bytes(), truth };
}

/** San José Clean Energy on a PG&E bill: delivery with a generation credit and PCIA, the CCA's generation. */
async function sjce(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "CA", {
    utility: "Pacific Gas and Electric",
    rate: "E1 Residential Service",
    pastDue: r.chance(0.25),
  });
  f.account = `${r.digits(10)}-${r.int(1, 9)}`;
  f.supplyRate = price5(r, 11, 15);
  const k = f.meters[0].kwh, said = r.digits(10);
  // the service agreement ID is the service number (the lexicon's "SA ID", the pge layout's truth); round 32 had
  // left it empty (corrected in round 33: truth only, the bills are the same bytes)
  f.serviceNumber = said;
  const t1 = Math.min(k, r.int(280, 420)), t2 = k - t1;
  const delivery = t1 * 0.32 + t2 * 0.40, credit = -k * 0.142, pcia = k * 0.0109, ffs = k * 0.0009;
  const pge = delivery + credit + pcia + ffs;
  const gen = k * +f.supplyRate, uut = gen * 0.05;
  f.amountDue = (pge + gen + uut).toFixed(2);
  owed(f);
  const k6 = `${fmt.kwh(k)}.000000`;
  const s = await Sheet.create();
  s.text(36, 36, "PG&E", { size: 18, bold: true });
  s.text(36, 48, "ENERGY STATEMENT   www.pge.com/MyEnergy", { size: 7, bold: true });
  s.text(380, 32, `Account No: ${f.account}`, { size: 7 });
  s.text(380, 42, `Statement Date: ${fmt.slash(f.invoiceDate)}`, { size: 7 });
  s.text(380, 52, `Due Date: ${fmt.slash(f.dueDate)}`, { size: 7 });
  s.text(36, 68, "Service For:", { size: 7, bold: true });
  s.text(36, 78, f.name.toUpperCase(), { size: 8 });
  s.text(36, 88, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 98, cityOf(f.service), { size: 8 });
  s.text(300, 68, "Questions about your bill?", { size: 7, bold: true });
  s.text(300, 78, "Monday-Friday 7 a.m.-9 p.m.   1-800-743-5000", { size: 6.5 });
  s.rule(112, 36, 576);
  const { prev, paid } = summary(r, f);
  s.text(36, 126, "Your Account Summary", { size: 9, bold: true });
  [
    ["Amount Due on Previous Statement", money(prev)],
    ["Payment(s) Received Since Last Statement", `-${money(paid)}`],
    ["Previous Unpaid Balance", money(+f.pastDue)],
    ["Current PG&E Electric Delivery Charges", money(pge)],
    ["San Jose Clean Energy Electric Generation Charges", money(gen + uut)],
    ["Total Amount Due by " + fmt.slash(f.dueDate), fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 330, 138 + i * 10, a, b, { size: 7, bold: i === 5 }));
  s.rule(206, 36, 576);
  s.text(36, 220, "Details of PG&E Electric Delivery Charges", { size: 9, bold: true });
  s.text(36, 230, `${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)} (${days(f)} billing days)`, {
    size: 7,
  });
  s.text(36, 240, `Service For: ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(36, 250, `Service Agreement ID: ${said}`, { size: 7 });
  s.text(36, 260, `Rate Schedule: ${f.rate}`, { size: 7 });
  [
    [`Tier 1 Usage ${fmt.kwh(t1)}.000000 kWh @ $0.32000`, money(t1 * 0.32)],
    [`Tier 2 Usage ${fmt.kwh(t2)}.000000 kWh @ $0.40000`, money(t2 * 0.4)],
    ["Generation Credit", `-${money(-credit)}`],
    ["Power Charge Indifference Adjustment", money(pcia)],
    ["Franchise Fee Surcharge", money(ffs)],
    ["Total PG&E Electric Delivery Charges", money(pge)],
  ].forEach(([a, b], i) => s.row(48, 330, 274 + i * 10, a, b, { size: 7, bold: i === 5 }));
  s.text(360, 220, "Electric Meter Information", { size: 8, bold: true });
  const rd = r.int(10000, 90000);
  [
    ["Meter #", f.meters[0].number],
    ["Current Meter Reading", String(rd + k)],
    ["Prior Meter Reading", String(rd)],
    ["Total Usage", `${k6} kWh`],
    ["Baseline Territory", "X"],
  ].forEach(([a, b], i) => s.row(360, 576, 232 + i * 10, a, b, { size: 7 }));
  s.rule(340, 36, 576);
  s.text(36, 354, "Details of San Jose Clean Energy Electric Generation Charges", { size: 9, bold: true });
  s.text(36, 364, `${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)} (${days(f)} billing days)`, {
    size: 7,
  });
  s.text(36, 374, `Service Agreement ID: ${said}   Rate Schedule: GreenSource ${f.rate.split(" ")[0]}`, {
    size: 7,
  });
  [
    [`Generation ${k6} kWh @ $${f.supplyRate}`, money(gen)],
    ["Utility Users' Tax (5.000%)", money(uut)],
    ["Total San Jose Clean Energy Electric Generation Charges", money(gen + uut)],
  ].forEach(([a, b], i) => s.row(48, 330, 388 + i * 10, a, b, { size: 7, bold: i === 2 }));
  // the history: a row of months, each with its kWh under it
  s.text(36, 430, "Monthly Billing History (kWh)", { size: 8, bold: true });
  f.history.forEach((m, i) => {
    const x = 36 + i * 40;
    s.text(x, 442, `${M3[m.month - 1]}/${String(m.year).slice(2)}`, { size: 6, bold: true });
    s.text(x, 452, fmt.kwh(m.value), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Thank you.",
    remit: ["PG&E", "BOX 997300", "SACRAMENTO CA 95899-7300"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "sjce", pdf: await s.bytes(), truth };
}

export const R32_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  baldwinemc,
  ricelake,
  monpower,
  sjce,
};
/** Drawn at random from the four before the first score (`python3 -c 'import random;
 * print(random.SystemRandom().sample(["baldwinemc","ricelake","monpower","sjce"],2))'` → `['ricelake', 'sjce']`);
 * only their totals are read until the round's last change. */
export const R32_SEALED = ["ricelake", "sjce"];
