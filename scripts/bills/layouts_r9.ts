// Round-9 held-out bill layouts (issue #11): six utilities the corpus had no layout of, written from their public
// "understanding your bill" guides and sample bills (label words, section names, table shapes:
// tests/fixtures/bills/synthetic/SOURCES.md). Shapes: labels printed above their values, a time-of-use meter,
// a bimonthly tiered bill with water, an average payment plan (budget billing) beside a labelled usage chart, a
// net-metered solar customer (energy delivered and received, the history continued on page 2), a page-2 meter
// table with its arithmetic in the header, a usage graph printing axis ticks only. Registered in layouts_heldout.ts.
// Conventions for the truths (docs/bills.md "Round 9"): a net-metered meter's usage is the NET kWh billed
// (delivered by the utility minus received from the customer), and so is each month of its history; a bill billed
// every two months has its history by the month each period ends in; a bundled time-of-use bill (two prices, no
// single energy price) has no supply price, and since round 13 neither has a tiered one printing more than one
// tier price (before, its first tier's price was expected, as seattle's first block); its tier is not marked when
// several tiers are priced.
import type { Address } from "../../shared/bills/schema.ts";
import { drawStub } from "./stub.ts";
import { type Facts, facts, type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";

export const days = (f: Facts) => Math.round((+f.periodEnd - +f.periodStart) / 864e5);
export const addr1 = (f: Facts) => `${f.service.line1}${f.service.line2 ? ` ${f.service.line2}` : ""}`;
export const upper = (a: Address): Address => ({
  ...a,
  line1: a.line1.toUpperCase(),
  line2: a.line2.toUpperCase(),
  city: a.city.toUpperCase(),
});
export const cents = (r: Rng, lo: number, hi: number) => `$${r.int(lo, hi)}.${r.digits(2)}`;
const CITIES: Record<string, [string, string][]> = {
  AZ: [["Phoenix", "85018"], ["Tempe", "85282"], ["Mesa", "85204"], ["Chandler", "85224"]],
  PA: [["Pittsburgh", "15217"], ["Pittsburgh", "15213"], ["Bethel Park", "15102"], ["Coraopolis", "15108"]],
  CA: [["Los Angeles", "90027"], ["Los Angeles", "90064"], ["Van Nuys", "91405"], ["San Pedro", "90731"]],
  KS: [["Topeka", "66604"], ["Wichita", "67203"], ["Lawrence", "66044"], ["Overland Park", "66212"]],
  VT: [["Burlington", "05401"], ["Rutland", "05701"], ["Montpelier", "05602"], ["Colchester", "05446"]],
  OR: [["Portland", "97206"], ["Beaverton", "97005"], ["Gresham", "97030"], ["Salem", "97301"]],
};

/** Facts placed in one of a table's towns (the service and mailing address move there). */
export function placedIn(
  towns: Record<string, [string, string][]>,
  r: Rng,
  state: string,
  o: Omit<Parameters<typeof facts>[1], "state">,
): Facts {
  const f = facts(r, { ...o, state: "CO" });
  const [city, zip] = r.pick(towns[state]);
  for (const a of new Set([f.service, f.billing])) Object.assign(a, { city, state, zip });
  f.state = state;
  return f;
}
const placed = (r: Rng, state: string, o: Omit<Parameters<typeof facts>[1], "state">) =>
  placedIn(CITIES, r, state, o);

/** Labels printed over their values, one column each (a header band of a summary box). */
export function labelsOver(s: Sheet, xs: number[], y: number, pairs: [string, string][], size = 8) {
  pairs.forEach(([k, v], i) => {
    s.text(xs[i], y, k, { size: size - 1, bold: true });
    s.text(xs[i], y + 11, v, { size });
  });
}

/** Salt River Project (AZ, SEALED): summary box of labels over values, time-of-use meter registers, billing history. */
async function srp(r: Rng): Promise<Generated> {
  const f = placed(r, "AZ", {
    utility: "Salt River Project",
    rate: "E-26 Time-of-Use",
    pastDue: r.chance(0.2),
  });
  f.account = `${r.digits(3)}-${r.digits(3)}-${r.digits(3)}`;
  const s = await Sheet.create();
  s.text(36, 40, "SRP", { size: 20, bold: true });
  s.text(90, 40, "Salt River Project   srpnet.com   (602) 236-8888", { size: 7 });
  s.box(36, 58, 540, 34);
  labelsOver(s, [44, 190, 320, 440], 70, [
    ["Service Period", `${fmt.mon(f.periodStart)} - ${fmt.mon(f.periodEnd)}`],
    ["Due Date", fmt.mon(f.dueDate)],
    ["Amount Due", fmt.money(f.amountDue)],
    ["Account Number", f.account],
  ]);
  s.text(36, 110, "SERVICE ADDRESS", { size: 7, bold: true });
  s.text(36, 121, f.name.toUpperCase(), { size: 8 });
  s.text(36, 131, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 141, `${f.service.city.toUpperCase()} AZ ${f.service.zip}`, { size: 8 });
  s.row(360, 576, 110, "Bill Date", fmt.slash(f.invoiceDate), { size: 8 });
  s.row(360, 576, 121, "Price Plan", "Time-of-Use E-26", { size: 8 });
  s.text(36, 166, "Account Summary", { size: 10, bold: true });
  const prev = (r.int(6000, 24000) / 100).toFixed(2);
  s.row(36, 290, 180, "Previous Charges", fmt.money((+prev + +f.pastDue).toFixed(2)), { size: 8 });
  s.row(36, 290, 190, "Payments", `-${fmt.money(prev)}`, { size: 8 });
  s.row(36, 290, 200, "Past Due Balance", fmt.money(f.pastDue), { size: 8 });
  s.row(36, 290, 210, "Current Charges", fmt.money((+f.amountDue - +f.pastDue).toFixed(2)), { size: 8 });
  s.row(36, 290, 222, "Current Balance Due", fmt.money(f.amountDue), { size: 8, bold: true });
  // the meter: two registers of a time-of-use meter and their total
  s.text(320, 166, "Your Energy Use", { size: 10, bold: true });
  const on = Math.round(f.meters[0].kwh * (0.2 + r.next() * 0.1)), off = f.meters[0].kwh - on;
  const mx = [320, 390, 450, 500, 545];
  ["Meter", "Register", "Current", "Prior", "kWh"].forEach((h, i) =>
    s.text(mx[i], 180, h, { size: 7, bold: true })
  );
  const p1 = r.int(10000, 60000), p2 = r.int(10000, 60000);
  [[f.meters[0].number, "On-Peak", p1 + on, p1, on], ["", "Off-Peak", p2 + off, p2, off]].forEach((row, k) =>
    row.forEach((v, i) =>
      v !== "" && s.text(mx[i], 191 + k * 10, typeof v === "number" ? String(v) : v, { size: 7 })
    )
  );
  s.text(320, 213, `Read dates ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}   ${days(f)} days`, {
    size: 7,
  });
  s.row(320, 576, 224, "Total kWh", fmt.kwh(f.meters[0].kwh), { size: 8, bold: true });
  s.text(36, 248, "Current Charges Detail", { size: 10, bold: true });
  s.row(48, 290, 262, "Monthly Service Charge", "$20.00", { size: 8 });
  s.row(48, 290, 272, `On-Peak Energy ${fmt.kwh(on)} kWh x $0.2${r.digits(3)}`, cents(r, 60, 120), {
    size: 8,
  });
  s.row(48, 290, 282, `Off-Peak Energy ${fmt.kwh(off)} kWh x $0.07${r.digits(2)}`, cents(r, 40, 90), {
    size: 8,
  });
  s.row(48, 290, 292, "Taxes & Fees", cents(r, 5, 15), { size: 8 });
  s.text(36, 310, "Notes: your savings on Time-of-Use this month and year to date are shown on My Account.", {
    size: 7,
  });
  // billing history: bill month, billing days, kWh, amount (13 rows, newest first)
  s.text(320, 248, "Billing History", { size: 10, bold: true });
  const hx = [320, 390, 440, 500];
  ["Month", "Days", "kWh", "Amount"].forEach((h, i) => s.text(hx[i], 262, h, { size: 7, bold: true }));
  [...f.history].reverse().forEach((m, i) => {
    const y = 273 + i * 9;
    s.text(hx[0], y, `${fmt.m3(m.month)} ${m.year}`, { size: 7 });
    s.text(hx[1], y, String(r.int(28, 33)), { size: 7 });
    s.text(hx[2], y, fmt.kwh(m.value), { size: 7 });
    s.text(hx[3], y, `$${(m.value * 0.13 + 20).toFixed(2)}`, { size: 7 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Keep the top part of your bill for your records. Return this stub with your payment to SRP.",
    remit: ["SRP", "PO BOX 2950", "PHOENIX AZ 85062-2950"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  truth.electricityUsage.supplyRatePerKwh = ""; // two time-of-use prices, no supply price
  truth.electricityUsage.electricRate = "Time-of-Use E-26"; // as its price plan prints it (round 10)
  return { layout: "srp", pdf: await s.bytes(), truth };
}

/** Duquesne Light (PA, SEALED): labels over values, meter read information in prose, usage comparison, supplier charges. */
async function duquesne(r: Rng): Promise<Generated> {
  const f = placed(r, "PA", {
    utility: "Duquesne Light",
    rate: "RS-Residential Service",
    pastDue: r.chance(0.25),
  });
  const s = await Sheet.create();
  s.text(36, 40, "Duquesne Light", { size: 16, bold: true });
  s.text(36, 52, "Duquesne Light Company   duquesnelight.com   412-393-7100", { size: 7 });
  labelsOver(s, [330, 430, 510], 36, [
    ["Account Number:", f.account],
    ["Rate:", "RS"],
    ["Date Prepared:", fmt.short(f.invoiceDate)],
  ]);
  s.text(36, 76, "Customer Name and Service Address:", { size: 7, bold: true });
  s.text(36, 87, f.name, { size: 8 });
  s.text(36, 97, addr1(f), { size: 8 });
  s.text(36, 107, `${f.service.city.toUpperCase()}, PA ${f.service.zip}`, { size: 8 });
  s.text(330, 76, `Rate: ${f.rate}`, { size: 8 });
  s.text(330, 87, `BILL ID: ${r.digits(12)}`, { size: 8 });
  s.text(36, 130, "Meter Reading Usage Information", { size: 9, bold: true });
  const next = new Date(+f.periodEnd + r.int(29, 31) * 864e5);
  s.text(36, 142, `Next Scheduled Meter Reading Date: ${fmt.full(next)}`, { size: 7 });
  s.text(36, 154, `Meter Read Information for Meter Number: ${f.meters[0].number}`, { size: 7 });
  const pr = r.int(1000, 60000) + r.int(0, 9999) / 10000;
  s.text(36, 164, `Present: ${fmt.mon(f.periodEnd)} - Actual   ${(pr + f.meters[0].kwh).toFixed(4)}`, {
    size: 7,
  });
  s.text(36, 174, `Prior: ${fmt.mon(f.periodStart)} - Actual   ${pr.toFixed(4)}`, { size: 7 });
  s.text(36, 184, `Difference   ${f.meters[0].kwh.toFixed(4)}`, { size: 7 });
  s.text(36, 194, "Your Meter Multiplier   1", { size: 7 });
  s.text(36, 204, `Total kWh Used   ${fmt.kwh(f.meters[0].kwh)}`, { size: 7, bold: true });
  s.text(330, 130, "Prior Billing Information", { size: 9, bold: true });
  const last = (r.int(6000, 22000) / 100).toFixed(2);
  s.row(330, 576, 142, "Amount of Last Bill", fmt.money((+last + +f.pastDue).toFixed(2)), { size: 7 });
  s.row(330, 576, 152, `Payment(s) Received as of ${fmt.short(f.periodEnd)}`, `-${fmt.money(last)}`, {
    size: 7,
  });
  s.row(330, 576, 162, "Prior Account Balance", fmt.money(f.pastDue), { size: 7 });
  s.text(330, 178, "Current Billing Information", { size: 9, bold: true });
  const dlc = (+f.amountDue * 0.45).toFixed(2);
  s.row(330, 576, 190, "DLC Basic Service Charges", fmt.money(dlc), { size: 7 });
  s.row(
    330,
    576,
    200,
    "Supplier Basic Service Charges",
    fmt.money((+f.amountDue - +f.pastDue - +dlc).toFixed(2)),
    {
      size: 7,
    },
  );
  s.row(330, 576, 210, "Total Amount Due", fmt.money(f.amountDue), { size: 7, bold: true });
  s.text(36, 228, "Supplier Charges", { size: 9, bold: true });
  s.row(
    48,
    290,
    240,
    `Generation Charge ${fmt.kwh(f.meters[0].kwh)} kWh @ $${f.supplyRate}`,
    cents(r, 40, 120),
    {
      size: 7,
    },
  );
  s.row(48, 290, 250, "Transmission Charge", cents(r, 5, 20), { size: 7 });
  s.text(48, 262, `Price to Compare: ${r.int(8, 12)}.${r.digits(2)} cents per kWh`, { size: 7 });
  s.text(330, 228, "Comparing Your Usage", { size: 9, bold: true });
  const h = f.history, cur = h.at(-1)!, ly = h[0];
  const yy = (m: typeof cur) => `${fmt.m3(m.month)} ${String(m.year).slice(2)}`;
  s.text(470, 240, yy(ly), { size: 7, bold: true });
  s.text(530, 240, yy(cur), { size: 7, bold: true });
  s.text(330, 250, "Avg. Temperature (F)", { size: 7 });
  s.text(470, 250, String(r.int(20, 80)), { size: 7 });
  s.text(530, 250, String(r.int(20, 80)), { size: 7 });
  s.text(330, 260, "YTD Usage (kWh)", { size: 7 });
  s.text(470, 260, String(r.int(6000, 12000)), { size: 7 });
  s.text(530, 260, String(r.int(6000, 12000)), { size: 7 });
  // the graph prints billing days under each bar, not its kWh
  s.text(330, 280, "Prior 12 Months   Latest 12 Months", { size: 7, bold: true });
  s.text(330, 292, Array.from({ length: 12 }, () => r.int(29, 33)).join(" "), { size: 6 });
  s.text(330, 300, Array.from({ length: 12 }, () => r.int(29, 33)).join(" "), { size: 6 });
  const avg = Math.round(h.slice(1).reduce((a, m) => a + m.value, 0) / 12);
  s.text(330, 314, `Average Monthly Usage for the past 12 months is ${avg} kWh.`, { size: 7 });
  s.text(330, 324, `Total Annual Usage for the past 12 months is ${avg * 12} kWh.`, { size: 7 });
  labelsOver(s, [36, 150, 260, 380, 480], 346, [
    ["Estimated Gross Receipts Tax", cents(r, 3, 9)],
    ["Estimated PA State Taxes", cents(r, 3, 9)],
    ["Late Charge After", fmt.mon(f.dueDate)],
    ["Payment Due", fmt.mon(f.dueDate)],
    ["Amount Due", fmt.money(f.amountDue)],
  ], 7);
  const stub = drawStub(s, r, f, 560, {
    returnText:
      "Please return this portion with your payment. Make payment payable to Duquesne Light Company.",
    remit: ["DUQUESNE LIGHT COMPANY", "PO BOX 10", "PITTSBURGH PA 15230-0010"],
    accountLabel: "Account Number",
    amountLabel: "PLEASE PAY THIS AMOUNT",
    dueLabel: "Payment Due",
    date: fmt.mon,
  });
  const truth = truthOf(f, {
    history: [cur],
    ...stub,
    service: { ...f.service, city: f.service.city.toUpperCase() },
  });
  return { layout: "duquesne", pdf: await s.bytes(), truth };
}

/** LADWP (Los Angeles, dev): billed every two months, electric and water, tiered energy, a bimonthly usage history. */
async function ladwp(r: Rng): Promise<Generated> {
  const f = placed(r, "CA", {
    utility: "Los Angeles Department of Water and Power",
    rate: "R-1 Residential Standard",
    pastDue: r.chance(0.2),
  });
  // two months a bill: the period and the meter cover the last two months of the history
  const h = f.history;
  f.periodStart = new Date(+f.periodEnd - r.int(59, 62) * 864e5);
  f.meters[0].kwh = h.at(-1)!.value + h.at(-2)!.value;
  const periods = [0, 1, 2, 3, 4, 5].map((k) => ({
    ...h[12 - 2 * k],
    value: h[12 - 2 * k].value + h[11 - 2 * k].value,
  })).reverse();
  f.account = `${r.digits(3)} ${r.digits(3)} ${r.digits(4)}`;
  const s = await Sheet.create();
  s.text(36, 40, "LADWP", { size: 18, bold: true });
  s.text(36, 54, "Los Angeles Department of Water and Power   ladwp.com   1-800-DIAL-DWP", { size: 7 });
  s.row(360, 576, 36, "Account Number", f.account, { size: 8 });
  s.row(360, 576, 47, "Bill Date", fmt.slash(f.invoiceDate), { size: 8 });
  s.row(360, 576, 58, "Amount Due", fmt.money(f.amountDue), { size: 9, bold: true });
  s.row(360, 576, 69, "Due Date", fmt.slash(f.dueDate), { size: 8 });
  s.text(36, 80, "Service Address", { size: 7, bold: true });
  s.text(36, 90, `${addr1(f).toUpperCase()}, ${f.service.city.toUpperCase()} CA ${f.service.zip}`, {
    size: 8,
  });
  s.text(36, 108, "Summary of Account Activity", { size: 10, bold: true });
  const prev = (r.int(9000, 40000) / 100).toFixed(2);
  const elec = ((+f.amountDue - +f.pastDue) * 0.7).toFixed(2);
  s.row(36, 300, 122, "Previous Balance", fmt.money((+prev + +f.pastDue).toFixed(2)), { size: 8 });
  s.row(36, 300, 132, "Payment Received", `-${fmt.money(prev)}`, { size: 8 });
  s.row(36, 300, 142, "Balance Forward", fmt.money(f.pastDue), { size: 8 });
  s.row(36, 300, 152, "Current Electric Charges", fmt.money(elec), { size: 8 });
  s.row(36, 300, 162, "Current Water Charges", fmt.money((+f.amountDue - +f.pastDue - +elec).toFixed(2)), {
    size: 8,
  });
  s.row(36, 300, 174, "Total Amount Due", fmt.money(f.amountDue), { size: 8, bold: true });
  s.text(36, 198, "Electric Charges", { size: 10, bold: true });
  s.text(36, 210, `Rate Schedule: ${f.rate}`, { size: 8 });
  s.text(
    36,
    220,
    `Billing Period ${fmt.short(f.periodStart)} - ${fmt.short(f.periodEnd)} (${days(f)} days)`,
    {
      size: 8,
    },
  );
  const ex = [36, 110, 180, 250, 310];
  ["Meter Number", "Present Read", "Previous Read", "Multiplier", "kWh Used"].forEach((t, i) =>
    s.text(ex[i], 234, t, { size: 7, bold: true })
  );
  const pr = r.int(10000, 80000);
  [f.meters[0].number, String(pr + f.meters[0].kwh), String(pr), "1", fmt.kwh(f.meters[0].kwh)].forEach((
    v,
    i,
  ) => s.text(ex[i], 244, v, { size: 7 }));
  const t1 = Math.min(f.meters[0].kwh, 700), t2 = f.meters[0].kwh - t1;
  s.row(48, 330, 260, "Service Charge", cents(r, 10, 14), { size: 8 });
  s.row(48, 330, 270, `Tier 1 Energy ${fmt.kwh(t1)} kWh x $${f.supplyRate}`, cents(r, 60, 120), {
    size: 8,
  });
  if (t2 > 0) {
    s.row(48, 330, 280, `Tier 2 Energy ${fmt.kwh(t2)} kWh x $0.2${r.digits(4)}`, cents(r, 40, 200), {
      size: 8,
    });
  }
  s.row(
    48,
    330,
    290,
    `Energy Cost Adjustment ${fmt.kwh(f.meters[0].kwh)} kWh x $0.0${r.digits(4)}`,
    cents(r, 40, 90),
    {
      size: 8,
    },
  );
  s.row(48, 330, 300, "City of Los Angeles Utility Tax", cents(r, 10, 30), { size: 8 });
  s.text(36, 322, "Water Charges", { size: 10, bold: true });
  const hcf = r.int(12, 40);
  s.text(
    36,
    334,
    `Water Meter W${r.digits(7)}   ${hcf} HCF   Billing Period ${fmt.short(f.periodStart)} - ${
      fmt.short(f.periodEnd)
    }`,
    { size: 7 },
  );
  s.row(48, 330, 346, `Tier 1 Water ${hcf} HCF x $6.${r.digits(3)}`, cents(r, 60, 200), { size: 8 });
  // the electric history: one row a bill, each covering two months
  s.text(360, 108, "Electric Usage History", { size: 10, bold: true });
  const hx = [360, 470, 520];
  ["Billing Period", "Days", "kWh"].forEach((t, i) => s.text(hx[i], 122, t, { size: 7, bold: true }));
  [...periods].reverse().forEach((p, i) => {
    const end = new Date(Date.UTC(p.year, p.month - 1, f.periodEnd.getUTCDate()));
    const start = i === 0 ? f.periodStart : new Date(+end - 61 * 864e5);
    s.text(hx[0], 133 + i * 10, `${fmt.short(start)} - ${fmt.short(end)}`, { size: 7 });
    s.text(hx[1], 133 + i * 10, String(i === 0 ? days(f) : 61), { size: 7 });
    s.text(hx[2], 133 + i * 10, fmt.kwh(i === 0 ? f.meters[0].kwh : p.value), { size: 7 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Make checks payable to LADWP.",
    remit: ["LADWP", "P.O. BOX 30808", "LOS ANGELES CA 90030-0808"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: periods, ...stub, service: upper(f.service) });
  // two tier prices printed: no single price is the rate (round 13's convention; the bills' bytes unchanged)
  if (t2 > 0) truth.electricityUsage.supplyRatePerKwh = "";
  return { layout: "ladwp", pdf: await s.bytes(), truth };
}

/** Evergy (Kansas, dev): labels over values, an average payment plan amount due, a usage chart with kWh labels. */
async function evergy(r: Rng): Promise<Generated> {
  const f = placed(r, "KS", { utility: "Evergy", rate: "Residential Standard", pastDue: false });
  const s = await Sheet.create();
  s.text(36, 42, "evergy", { size: 20, bold: true });
  s.text(36, 56, "evergy.com   888-471-5275", { size: 7 });
  const x = 420;
  s.text(x, 36, "Amount Due", { size: 7, bold: true });
  s.text(x, 50, fmt.money(f.amountDue), { size: 12, bold: true });
  s.text(x, 66, "Due Date", { size: 7, bold: true });
  s.text(x, 77, fmt.slash(f.dueDate), { size: 8 });
  s.text(x, 92, "Account Number", { size: 7, bold: true });
  s.text(x, 103, f.account, { size: 8 });
  s.text(x, 118, "Bill Date", { size: 7, bold: true });
  s.text(x, 129, fmt.slash(f.invoiceDate), { size: 8 });
  s.text(36, 80, "Service Address", { size: 7, bold: true });
  s.text(36, 91, f.name, { size: 8 });
  s.text(36, 101, addr1(f), { size: 8 });
  s.text(36, 111, `${f.service.city}, KS ${f.service.zip}`, { size: 8 });
  s.text(36, 150, "Average Payment Plan", { size: 10, bold: true });
  const actual = (+f.amountDue * (0.7 + r.next() * 0.6)).toFixed(2);
  const deferred = (r.int(-9000, 9000) / 100).toFixed(2);
  s.row(36, 300, 163, "Actual Charges This Month", fmt.money(actual), { size: 8 });
  s.row(36, 300, 173, "Deferred Balance", fmt.money(deferred), { size: 8 });
  s.row(36, 300, 183, "Your Average Payment Plan Amount", fmt.money(f.amountDue), { size: 8, bold: true });
  s.text(36, 204, "Account Summary", { size: 10, bold: true });
  const prev = fmt.money((r.int(6000, 20000) / 100).toFixed(2));
  s.row(36, 300, 217, "Previous Amount Due", prev, { size: 8 });
  s.row(36, 300, 227, "Payment Received - Thank You", `-${prev}`, { size: 8 });
  s.row(36, 300, 237, "Average Payment Plan Amount", fmt.money(f.amountDue), { size: 8 });
  s.row(36, 300, 249, "Amount Due", fmt.money(f.amountDue), { size: 8, bold: true });
  s.text(36, 272, "Meter Information", { size: 10, bold: true });
  const pr = r.int(10000, 80000);
  labelsOver(s, [36, 100, 210, 250, 320, 390], 285, [
    ["Meter Number", f.meters[0].number],
    ["Billing Period", `${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}`],
    ["Days", String(days(f))],
    ["Previous Reading", String(pr)],
    ["Current Reading", String(pr + f.meters[0].kwh)],
    ["Usage (kWh)", fmt.kwh(f.meters[0].kwh)],
  ], 7);
  s.text(36, 318, `Electric Charges - ${f.rate}`, { size: 9, bold: true });
  s.row(48, 300, 330, "Customer Charge", "$14.25", { size: 8 });
  s.row(48, 300, 340, `Energy Charge ${fmt.kwh(f.meters[0].kwh)} kWh @ $${f.supplyRate}`, cents(r, 40, 140), {
    size: 8,
  });
  s.row(
    48,
    300,
    350,
    `Fuel Recovery Charge ${fmt.kwh(f.meters[0].kwh)} kWh @ $0.0${r.digits(5)}`,
    cents(r, 5, 30),
    {
      size: 8,
    },
  );
  s.row(48, 300, 360, "Transmission Delivery Charge", cents(r, 3, 12), { size: 8 });
  s.row(48, 300, 370, "Energy Efficiency Rider", cents(r, 1, 4), { size: 8 });
  // the chart: a kWh label over each of 13 months, the year under its first month and under January
  s.text(330, 160, "Monthly kWh Usage", { size: 9, bold: true });
  f.history.forEach((m, i) => {
    const cx = 330 + i * 19;
    s.text(cx, 176, String(m.value), { size: 6 });
    s.text(cx, 236, fmt.m3(m.month), { size: 6 });
    if (i === 0 || m.month === 1) s.text(cx, 245, String(m.year), { size: 6 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment. Evergy, thank you for your payment.",
    remit: ["EVERGY", "PO BOX 219703", "KANSAS CITY MO 64121-9703"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub });
  truth.billingInformation.pastDue = "0.00"; // the previous amount and the payment that cleared it (round 13)
  return { layout: "evergy", pdf: await s.bytes(), truth };
}

/** Green Mountain Power (Vermont, dev): a net-metered solar customer, delivered / received / net kWh, history on two pages. */
async function gmp(r: Rng): Promise<Generated> {
  const f = placed(r, "VT", {
    utility: "Green Mountain Power",
    rate: "Rate 1 Residential Service",
    pastDue: false,
  });
  const solar = (m: number) => r.int(m >= 4 && m <= 9 ? 250 : 40, m >= 4 && m <= 9 ? 600 : 200);
  const rows = f.history.map((m) => {
    const received = solar(m.month);
    return { ...m, received, delivered: m.value + received };
  });
  const cur = rows.at(-1)!;
  const s = await Sheet.create();
  s.text(36, 40, "GREEN MOUNTAIN POWER", { size: 14, bold: true });
  s.text(36, 52, "greenmountainpower.com   1-888-835-4672", { size: 7 });
  s.text(360, 36, `Statement Date: ${fmt.slash(f.invoiceDate)}`, { size: 8 });
  s.text(360, 47, `Account Number: ${f.account}`, { size: 8 });
  s.text(360, 58, `Amount Due: ${fmt.money(f.amountDue)}`, { size: 8, bold: true });
  s.text(360, 69, `Due Date: ${fmt.slash(f.dueDate)}`, { size: 8 });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 87, `Service Location: ${addr1(f).toUpperCase()}, ${f.service.city.toUpperCase()} VT`, {
    size: 8,
  });
  s.text(36, 110, "Net Metering Summary", { size: 10, bold: true });
  const nx = [36, 100, 210, 320, 430];
  [["Meter", ""], ["Read Dates", ""], ["Energy Delivered", "by GMP (kWh)"], [
    "Energy Received",
    "from You (kWh)",
  ], [
    "Net kWh",
    "Billed",
  ]].forEach(([a, b], i) => {
    s.text(nx[i], 124, a, { size: 7, bold: true });
    if (b) s.text(nx[i], 132, b, { size: 7, bold: true });
  });
  [
    f.meters[0].number,
    `${fmt.short(f.periodStart)} - ${fmt.short(f.periodEnd)}`,
    fmt.kwh(cur.delivered),
    fmt.kwh(cur.received),
    fmt.kwh(f.meters[0].kwh),
  ].forEach((v, i) => s.text(nx[i], 143, v, { size: 7 }));
  s.text(36, 166, `Current Charges - ${f.rate}`, { size: 9, bold: true });
  s.row(48, 330, 178, `Customer Service Charge ${days(f)} days @ $0.${r.int(40, 55)}`, cents(r, 12, 17), {
    size: 8,
  });
  s.row(48, 330, 188, `Energy Charge ${fmt.kwh(f.meters[0].kwh)} kWh @ $${f.supplyRate}`, cents(r, 30, 150), {
    size: 8,
  });
  s.row(48, 330, 198, "Energy Efficiency Charge", cents(r, 2, 9), { size: 8 });
  s.row(48, 330, 208, "Solar Adder Credit", `-${cents(r, 5, 30)}`, { size: 8 });
  s.text(48, 220, "Non bypassable charges are printed in green.", { size: 6 });
  s.text(36, 240, "Account Summary", { size: 10, bold: true });
  const prev = fmt.money((r.int(3000, 15000) / 100).toFixed(2));
  s.row(36, 300, 252, "Previous Balance", prev, { size: 8 });
  s.row(36, 300, 262, "Payment - Thank You", `-${prev}`, { size: 8 });
  s.row(36, 300, 272, "Current Charges", fmt.money(f.amountDue), { size: 8 });
  s.row(36, 300, 284, "Total Amount Due", fmt.money(f.amountDue), { size: 8, bold: true });
  // the history, newest first: seven months here, the rest on page 2 under the same header
  const hx = [340, 400, 460, 520];
  const header = (y: number) =>
    ["Month", "Delivered kWh", "Received kWh", "Net kWh"].forEach((t, i) =>
      s.text(hx[i], y, t, { size: 7, bold: true })
    );
  const row = (m: typeof cur, y: number) =>
    [`${fmt.m3(m.month)} ${m.year}`, fmt.kwh(m.delivered), fmt.kwh(m.received), fmt.kwh(m.value)].forEach((
      v,
      i,
    ) => s.text(hx[i], y, v, { size: 7 }));
  s.text(340, 240, "Your Usage History", { size: 10, bold: true });
  header(252);
  const newest = [...rows].reverse();
  newest.slice(0, 7).forEach((m, i) => row(m, 263 + i * 10));
  s.text(340, 337, "Continued on page 2", { size: 6 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Green Mountain Power.",
    remit: ["GREEN MOUNTAIN POWER", "PO BOX 1915", "BRATTLEBORO VT 05302-1915"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  s.addPage();
  s.text(36, 40, `GREEN MOUNTAIN POWER   Account Number ${f.account}   Page 2 of 2`, { size: 8 });
  s.text(340, 70, "Your Usage History (continued)", { size: 10, bold: true });
  header(82);
  newest.slice(7).forEach((m, i) => row(m, 93 + i * 10));
  s.text(36, 70, "Net Metering", { size: 10, bold: true });
  s.text(36, 82, "Energy you send to the grid is credited against the energy we deliver;", { size: 7 });
  s.text(36, 91, "credits unused after 12 months expire.", { size: 7 });
  const truth = truthOf(f, {
    history: f.history,
    ...stub,
    service: { ...upper(f.service), zip: "" },
  });
  truth.billingInformation.pastDue = "0.00"; // the previous balance and the payment that cleared it (round 13)
  return { layout: "gmp", pdf: await s.bytes(), truth };
}

/** Portland General Electric (Oregon, dev): summary with labels beside and above, a graph of axis ticks, the meter on page 2. */
async function pgeor(r: Rng): Promise<Generated> {
  const f = placed(r, "OR", { utility: "Portland General Electric", rate: "Schedule 7 Residential Service" });
  f.meters[0].number = `${r.digits(8)}IN`;
  const s = await Sheet.create();
  s.text(36, 40, "PGE", { size: 20, bold: true });
  s.text(36, 54, "Portland General Electric   PortlandGeneral.com   503-228-6322", { size: 7 });
  const paid = (r.int(4000, 16000) / 100).toFixed(2);
  s.text(36, 78, "Thank you!", { size: 9, bold: true });
  s.text(36, 89, `We received your payments totaling $${paid}`, { size: 8 });
  s.text(400, 74, "Amount due", { size: 8, bold: true });
  s.text(400, 88, fmt.money(f.amountDue), { size: 12, bold: true });
  s.text(36, 108, f.name, { size: 8 });
  s.text(36, 120, `Account number   ${f.account}`, { size: 8 });
  s.text(400, 108, "Due date", { size: 8, bold: true });
  s.text(400, 120, fmt.short(f.dueDate), { size: 8 });
  s.text(36, 132, `Service address   ${addr1(f)}`, { size: 8 });
  s.text(104, 142, `${f.service.city}, OR ${f.service.zip}`, { size: 8 });
  s.text(36, 154, `Service period   ${fmt.short(f.periodStart)} to ${fmt.short(f.periodEnd)}`, { size: 8 });
  // the graph: axis ticks and months, no values printed
  s.text(36, 178, "Your monthly energy use history", { size: 9, bold: true });
  const top = Math.ceil(Math.max(...f.history.map((m) => m.value)) / 250) * 250;
  [[top, 190], [top / 2, 220], [0, 250]].forEach(([v, y]) => s.text(36, y, String(v), { size: 6 }));
  f.history.forEach((m, i) => s.text(60 + i * 19, 260, fmt.m3(m.month).slice(0, 1), { size: 6 }));
  s.text(60, 270, String(f.history[0].year), { size: 6 });
  s.text(60 + 12 * 19 - 10, 270, String(f.history.at(-1)!.year), { size: 6 });
  s.text(330, 178, "Your energy use comparison", { size: 9, bold: true });
  const h = f.history, cur = h.at(-1)!;
  const pct = (a: number, b: number) => `${Math.abs(Math.round(100 * (a - b) / b))}%`;
  s.text(330, 194, String(cur.value), { size: 12, bold: true });
  s.text(390, 194, pct(cur.value, h.at(-2)!.value), { size: 9 });
  s.text(450, 194, pct(cur.value, h[0].value), { size: 9 });
  s.text(330, 205, "kWh this month", { size: 6 });
  s.text(390, 205, "from last month", { size: 6 });
  s.text(450, 205, "from this month last year", { size: 6 });
  s.text(330, 222, "Compared to this time last year, this service period was", { size: 6 });
  s.text(330, 230, `the same number of days and ${r.int(1, 6)} degree warmer.`, { size: 6 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "PGE  P.O. Box 4438 Portland, OR 97208-4438",
    remit: ["PGE", "P.O. BOX 4438", "PORTLAND OR 97208-4438"],
    accountLabel: "Account number",
    amountLabel: "Amount due:",
    dueLabel: "Due date:",
    date: fmt.short,
    comma: true,
  });
  s.addPage();
  s.text(36, 40, `Page 2 of 2   Account number ${f.account}`, { size: 8 });
  const mx = [36, 110, 210, 260, 330, 400, 470];
  ["Meter number", "Service period", "Schedule", "Current read", "- Previous read", "= Total use"].forEach((
    t,
    i,
  ) => s.text(mx[i], 64, t, { size: 7, bold: true }));
  const pr = r.int(1000, 30000);
  [
    f.meters[0].number,
    `${fmt.short(f.periodStart)} to ${fmt.short(f.periodEnd)}`,
    "7",
    fmt.kwh(pr + f.meters[0].kwh),
    fmt.kwh(pr),
    `${fmt.kwh(f.meters[0].kwh)} kWh`,
  ].forEach((v, i) => s.text(mx[i], 75, v, { size: 7 }));
  s.text(36, 100, "Account charges", { size: 9, bold: true });
  s.row(36, 280, 112, "Balance forward", "0.00", { size: 7 });
  s.row(36, 280, 122, `Previous amount due ${fmt.short(f.periodStart)}`, paid, { size: 7 });
  s.row(36, 280, 132, `Payments through ${fmt.short(f.invoiceDate)}`, `${paid} (CR)`, { size: 7 });
  s.text(36, 150, `Energy charges - ${f.rate}`, { size: 9, bold: true });
  const k = fmt.kwh(f.meters[0].kwh);
  s.row(36, 280, 162, "Basic charge", "13.00", { size: 7 });
  s.row(36, 280, 172, `Transmission & related services (${k} kWh x $0.00${r.digits(3)})`, cents(r, 1, 5), {
    size: 7,
  });
  s.row(36, 280, 182, `Distribution charge (${k} kWh x $0.0${r.digits(4)})`, cents(r, 20, 60), { size: 7 });
  s.row(36, 280, 192, `Energy use charge (${k} kWh x $${f.supplyRate})`, cents(r, 30, 120), { size: 7 });
  s.row(
    36,
    280,
    202,
    `Energy Efficiency Funding Adj (${f.meters[0].kwh}.000 kWh x $0.00${r.digits(3)})`,
    "1.77",
    {
      size: 7,
    },
  );
  s.row(36, 280, 216, "Total current charges", f.amountDue, { size: 7, bold: true });
  const truth = truthOf(f, { history: [cur], ...stub });
  truth.billingInformation.invoiceDate = ""; // the bill prints no statement date
  return { layout: "pgeor", pdf: await s.bytes(), truth };
}

export const R9_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  srp,
  duquesne,
  ladwp,
  evergy,
  gmp,
  pgeor,
};
/** Round 9's sealed layouts: only their totals are read while the reader is changed. */
export const R9_SEALED = ["srp", "duquesne"];
