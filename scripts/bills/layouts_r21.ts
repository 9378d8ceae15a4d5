// Round-21 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from their public "understanding your bill", program and FAQ pages (label words, section names, table
// shapes: tests/fixtures/bills/synthetic/SOURCES.md "Round 21 layouts"). Shapes: a county utilities bill whose
// water and wastewater sections come first and the electric section second, with a residential demand charge per kW
// beside the kWh, then gas (Los Alamos County Department of Public Utilities, New Mexico); a co-op bill with a
// residential demand charge, the meter's kWh and kW in one table, and a 13-month bar chart whose kWh are printed
// above the bars, month initials under them (Flathead Electric Cooperative, Montana); a net-metered member's bill
// whose meter prints kWh delivered and kWh received, whose banked kWh credits are applied before billing, with the
// kWh credit bank's beginning and ending balances (Shenandoah Valley Electric Cooperative, Virginia); a prepay
// (pay-as-you-go) member's monthly usage statement, not a bill: a credit balance drawn down by daily charges, the
// last days' usage and a monthly history (Pee Dee Electric Cooperative, South Carolina; its truth's utility name
// corrected in round 22 to the name the statement prints).
// Two of them are SEALED (R21_SEALED, dev since round 22, drawn at random before the first score). Registered in layouts_heldout.ts.
// Truth conventions: rounds 9, 13 and 15 (docs/bills.md); a net-metered meter's kWh is the net (delivered less
// received), not the kWh billed after banked credits; a prepay statement's credit balance is a credit (a negative
// amount due, as the corpus's credit bills) and it has no due date; a municipal bill's amount due is the whole bill.
import { drawStub } from "./stub.ts";
import { type Facts, type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, cents, days, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  NM: [["Los Alamos", "87544"], ["White Rock", "87547"], ["Los Alamos", "87544"], ["White Rock", "87547"]],
  MT: [["Kalispell", "59901"], ["Whitefish", "59937"], ["Columbia Falls", "59912"], ["Bigfork", "59911"]],
  VA: [["Harrisonburg", "22801"], ["Mount Crawford", "22841"], ["Woodstock", "22664"], ["Luray", "22835"]],
  SC: [["Wadesboro", "28170"], ["Rockingham", "28379"], ["Bennettsville", "29512"], ["Cheraw", "29520"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityLine = (f: Facts) => `${f.service.city.toUpperCase()} ${f.state} ${f.service.zip}`;
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const kw = (r: Rng) => (r.int(28, 120) / 10).toFixed(1);

/** Los Alamos County DPU (New Mexico): water and wastewater first, electric second with a demand charge, then gas. */
async function losalamos(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NM", {
    utility: "Los Alamos County Department of Public Utilities",
    rate: "Residential Electric",
    pastDue: r.chance(0.2),
  });
  const elec = owed(f), k = f.meters[0].kwh, d = days(f), demand = kw(r);
  const water = r.int(3000, 9000) / 100, sewer = r.int(3500, 7000) / 100, gas = r.int(2000, 11000) / 100;
  f.amountDue = (+f.amountDue + water + sewer + gas).toFixed(2);
  const s = await Sheet.create();
  s.text(36, 40, "Los Alamos County", { size: 14, bold: true });
  s.text(36, 52, "Department of Public Utilities   1000 Central Avenue, Los Alamos, NM   505-662-8333", {
    size: 7,
  });
  s.text(360, 36, "UTILITY BILL", { size: 10, bold: true });
  [
    ["Account Number", f.account],
    ["Bill Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 48 + i * 10, a, b, { size: 7.5, bold: i === 3 }));
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityLine(f), { size: 8 });
  s.text(
    36,
    116,
    `Service Address: ${addr1(f).toUpperCase()}   Service Period: ${fmt.slash(f.periodStart)} - ${
      fmt.slash(f.periodEnd)
    }   Days: ${d}`,
    { size: 7 },
  );
  // water and wastewater first
  const gal = r.int(2000, 9000), wm = r.digits(8);
  s.text(36, 136, "WATER", { size: 9, bold: true });
  s.text(
    48,
    147,
    `Meter ${wm}   Previous ${r.int(100, 900)}   Present ${r.int(901, 999)}   Usage ${fmt.kwh(gal)} Gallons`,
    { size: 7 },
  );
  s.row(48, 330, 157, "Water Service Charge and Usage", money(water), { size: 7 });
  s.text(36, 172, "WASTEWATER", { size: 9, bold: true });
  s.row(48, 330, 183, "Wastewater Service Charge", money(sewer), { size: 7 });
  // electric second
  s.text(36, 200, `ELECTRIC - ${f.rate}`, { size: 9, bold: true });
  const cols = [48, 110, 170, 230, 290, 340];
  ["Meter", "Previous", "Present", "Mult", "kWh", "kW"].forEach((t, i) =>
    s.text(cols[i], 211, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 80000);
  [f.meters[0].number, String(rd), String(rd + k), "1", fmt.kwh(k), demand].forEach((t, i) =>
    s.text(cols[i], 220, t, { size: 7 })
  );
  const energy = k * +f.supplyRate;
  [
    ["Customer Charge", "$13.50"],
    [`Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(energy)],
    [`Demand Charge ${demand} kW @ $1.00`, money(+demand)],
    ["Power Cost Adjustment", cents(r, 1, 9)],
  ].forEach(([a, b], i) => s.row(48, 330, 232 + i * 10, a, b, { size: 7 }));
  s.row(36, 330, 274, "Total Electric", money(elec), { size: 7.5, bold: true });
  s.text(36, 292, "GAS", { size: 9, bold: true });
  s.row(48, 330, 303, `Gas Service and Usage ${r.int(10, 90)} Therms`, money(gas), { size: 7 });
  // account summary on the right
  s.text(360, 136, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments Received", `-${money(paid)}`],
    ["Past Due Balance", money(+f.pastDue)],
    ["Water", money(water)],
    ["Wastewater", money(sewer)],
    ["Electric", money(elec)],
    ["Gas", money(gas)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 148 + i * 10, a, b, { size: 7, bold: i === 7 }));
  // history: electric kWh beside water gallons
  s.text(36, 326, "Usage History", { size: 9, bold: true });
  ["Month", "Electric kWh", "Water Gal"].forEach((t, i) =>
    s.text(36 + i * 70, 338, t, { size: 6.5, bold: true })
  );
  [...f.history].reverse().forEach((m, i) => {
    const y = 348 + i * 8;
    s.text(36, y, `${M3[m.month - 1]} ${m.year}`, { size: 6.5 });
    s.text(106, y, fmt.kwh(m.value), { size: 6.5 });
    s.text(176, y, fmt.kwh(i === 0 ? gal : r.int(2000, 9000)), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Make checks payable to Los Alamos County.",
    remit: ["LOS ALAMOS COUNTY UTILITIES", "PO BOX 30", "LOS ALAMOS NM 87544-0030"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  truth.customerInformation.serviceAddress = { ...upper(f.service), city: "", state: "", zip: "" }; // round 15
  return { layout: "losalamos", pdf: await s.bytes(), truth };
}

/** Flathead Electric Cooperative (Montana): a residential demand charge, kWh and kW metered, kWh above the bars. */
async function flathead(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MT", {
    utility: "Flathead Electric Cooperative",
    rate: "Residential Demand",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh, d = days(f), demand = kw(r);
  const s = await Sheet.create();
  s.text(36, 40, "Flathead Electric Cooperative, Inc.", { size: 14, bold: true });
  s.text(36, 52, "2510 U.S. Highway 2 East, Kalispell, MT 59901   406-751-4483   flatheadelectric.com", {
    size: 7,
  });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityLine(f), { size: 8 });
  s.box(370, 30, 206, 62);
  [
    ["Account", f.account],
    ["Billing Date", fmt.mon(f.invoiceDate)],
    ["Due Date", fmt.mon(f.dueDate)],
    ["Please Pay", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(378, 568, 42 + i * 11, a, b, { size: 7.5, bold: i === 3 }));
  s.text(36, 116, `Service Location: ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(36, 136, "Meter Reading Information", { size: 9, bold: true });
  const cols = [36, 96, 156, 216, 270, 320, 370, 420];
  ["Meter", "Read From", "Read To", "Days", "Previous", "Present", "kWh", "Peak kW"].forEach((t, i) =>
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
    demand,
  ].forEach((t, i) => s.text(cols[i], 158, t, { size: 7 }));
  s.text(36, 180, `Electric Charges - ${f.rate}`, { size: 9, bold: true });
  const dRate = `${r.int(1, 3)}.${r.int(10, 95)}`;
  [
    ["Base Charge", "$29.00"],
    [`Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate)],
    [`Demand Charge ${demand} kW @ $${dRate}`, money(+demand * +dRate)],
    ["Operation Round Up", `$0.${r.int(10, 99)}`],
  ].forEach(([a, b], i) => s.row(48, 330, 192 + i * 10, a, b, { size: 7 }));
  s.row(36, 330, 236, "Total Electric Charges", money(cur), { size: 7.5, bold: true });
  s.text(360, 180, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Bill", money(prev)],
    ["Payment Received", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Please Pay", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 192 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 258, "Demand is your highest 15-minute kW during the billing period.", { size: 6.5 });
  // 13 bars, the kWh above each bar, month initials under; the years printed once under the months
  s.text(36, 280, "kWh Usage", { size: 9, bold: true });
  const h = f.history, max = Math.max(...h.map((m) => m.value)), base = 420;
  h.forEach((m, i) => {
    const x = 48 + i * 36, hg = Math.round((m.value / max) * 100);
    s.box(x, base - hg, 18, hg);
    s.text(x, base - hg - 3, fmt.kwh(m.value), { size: 5.5 });
    s.text(x + 6, base + 9, M3[m.month - 1][0], { size: 6.5 });
  });
  const firstJan = h.findIndex((m) => m.month === 1);
  s.text(48, base + 19, String(h[0].year), { size: 6 });
  if (firstJan > 0) s.text(48 + firstJan * 36, base + 19, String(h[firstJan].year), { size: 6 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please detach and return this portion with your payment.",
    remit: ["FLATHEAD ELECTRIC COOPERATIVE INC", "2510 US HIGHWAY 2 EAST", "KALISPELL MT 59901-2397"],
    accountLabel: "Account",
    amountLabel: "Please Pay",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: h, ...stub, service: upper(f.service) });
  truth.customerInformation.serviceAddress = { ...upper(f.service), city: "", state: "", zip: "" }; // round 15
  return { layout: "flathead", pdf: await s.bytes(), truth };
}

/** Shenandoah Valley Electric Cooperative (Virginia): net metering, delivered and received kWh, a kWh credit bank. */
async function svec(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "VA", {
    utility: "Shenandoah Valley Electric Cooperative",
    rate: "Residential Service - Net Metering",
    pastDue: r.chance(0.15),
  });
  const net = f.meters[0].kwh, received = r.int(150, 700), delivered = net + received;
  const bankStart = r.int(0, 900), used = Math.min(bankStart, Math.round(net * (0.2 + r.next() * 0.5)));
  const billed = net - used;
  const energy = billed * +f.supplyRate;
  f.amountDue = (26 + energy + r.int(100, 900) / 100).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "SHENANDOAH VALLEY ELECTRIC COOPERATIVE", { size: 13, bold: true });
  s.text(36, 52, "PO Box 236, Mount Crawford, VA 22841   800-234-7832   svec.coop", { size: 7 });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityLine(f), { size: 8 });
  [
    ["Account Number", f.account],
    ["Statement Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 40 + i * 10, a, b, { size: 7.5, bold: i === 3 }));
  s.text(36, 116, `Service Location: ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 7 });
  s.text(
    36,
    125,
    `Billing Period: ${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)}   Rate: ${f.rate}`,
    {
      size: 7,
    },
  );
  s.text(36, 144, "Net Meter Readings", { size: 9, bold: true });
  const cols = [36, 110, 190, 250, 310, 380];
  ["Meter", "Channel", "Previous", "Present", "Mult", "kWh"].forEach((t, i) =>
    s.text(cols[i], 156, t, { size: 6.5, bold: true })
  );
  const r1 = r.int(10000, 60000), r2 = r.int(1000, 9000);
  [["Delivered (kWh In)", r1, delivered], ["Received (kWh Out)", r2, received]].forEach(([c, p, v], j) =>
    [j === 0 ? f.meters[0].number : "", String(c), String(p), String(+p + +v), "1", fmt.kwh(+v)].forEach((
      t,
      i,
    ) => s.text(cols[i], 166 + j * 10, t, { size: 7 }))
  );
  s.row(36, 410, 188, "Net kWh (Delivered less Received)", fmt.kwh(net), { size: 7, bold: true });
  s.text(36, 206, "kWh Credit Bank", { size: 9, bold: true });
  [
    ["Beginning Bank Balance", `${fmt.kwh(bankStart)} kWh`],
    ["Banked kWh Applied This Month", `-${fmt.kwh(used)} kWh`],
    ["Ending Bank Balance", `${fmt.kwh(bankStart - used)} kWh`],
    ["kWh Billed", `${fmt.kwh(billed)} kWh`],
  ].forEach(([a, b], i) => s.row(48, 300, 218 + i * 10, a, b, { size: 7 }));
  s.text(36, 266, "Current Charges", { size: 9, bold: true });
  [
    ["Basic Customer Charge", "$26.00"],
    [`Energy Charge ${fmt.kwh(billed)} kWh @ $${f.supplyRate}`, money(energy)],
    ["Virginia Consumption Tax", money(cur - 26 - energy)],
  ].forEach(([a, b], i) => s.row(48, 330, 278 + i * 10, a, b, { size: 7 }));
  s.row(36, 330, 312, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  s.text(360, 206, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Past Due Amount", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 218 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 336, "Monthly Net Usage", { size: 9, bold: true });
  ["Month", "Net kWh", "Bank kWh"].forEach((t, i) => s.text(36 + i * 70, 348, t, { size: 6.5, bold: true }));
  let bank = bankStart - used;
  [...f.history].reverse().forEach((m, i) => {
    const y = 358 + i * 8;
    s.text(36, y, `${M3[m.month - 1]} ${m.year}`, { size: 6.5 });
    s.text(106, y, fmt.kwh(m.value), { size: 6.5 });
    s.text(176, y, fmt.kwh(bank), { size: 6.5 });
    bank = Math.max(0, bank + r.int(-200, 250));
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to SVEC.",
    remit: ["SHENANDOAH VALLEY ELECTRIC COOP", "PO BOX 49", "MOUNT CRAWFORD VA 22841-0049"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "svec", pdf: await s.bytes(), truth };
}

/** Pee Dee EMC (South Carolina): a PrePay member's monthly usage statement — a credit balance drawn down daily. */
async function pdemc(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "SC", {
    utility: "Pee Dee Electric Cooperative",
    rate: "Residential PrePay",
  });
  const k = f.meters[0].kwh, d = days(f);
  const energy = k * +f.supplyRate, facility = d * 0.9, tax = r.int(100, 900) / 100;
  const used = energy + facility + tax;
  const end = r.int(1500, 9000) / 100, paid = Math.round((used + end - r.int(0, 3000) / 100) * 100) / 100;
  const start = Math.round((end + used - paid) * 100) / 100;
  f.amountDue = (-end).toFixed(2); // a credit balance
  const s = await Sheet.create();
  s.text(36, 40, "Pee Dee Electric Cooperative", { size: 14, bold: true });
  s.text(36, 52, "A Touchstone Energy Cooperative   Darlington, SC   843-665-4070   pdemc.com", { size: 7 });
  s.text(360, 36, "PREPAY MONTHLY STATEMENT", { size: 10, bold: true });
  s.text(360, 47, "This is not a bill. Your usage is charged daily.", { size: 6.5 });
  [
    ["Account Number", f.account],
    ["Statement Date", fmt.slash(f.invoiceDate)],
    ["Current Credit Balance", `${money(end)} CR`],
  ].forEach(([a, b], i) => s.row(360, 576, 58 + i * 10, a, b, { size: 7.5, bold: i === 2 }));
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityLine(f), { size: 8 });
  s.text(36, 116, `Service Location: ${addr1(f).toUpperCase()}, ${cityLine(f)}`, { size: 7 });
  s.text(36, 125, `Statement Period: ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}   ${d} Days`, {
    size: 7,
  });
  s.text(36, 144, "PrePay Account Activity", { size: 9, bold: true });
  [
    ["Beginning Credit Balance", start < 0 ? `-${money(-start)}` : money(start)],
    ["Payments (Purchases)", money(paid)],
    [`Daily Energy Charges ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, `-${money(energy)}`],
    [`Daily Facility Charges ${d} days @ $0.90`, `-${money(facility)}`],
    ["Sales Tax", `-${money(tax)}`],
    ["Ending Credit Balance", `${money(end)} CR`],
  ].forEach(([a, b], i) => s.row(48, 330, 156 + i * 10, a, b, { size: 7, bold: i === 5 }));
  const avg = used / d;
  s.text(360, 144, "Your Account", { size: 9, bold: true });
  [
    ["Meter Number", f.meters[0].number],
    ["kWh Used This Period", fmt.kwh(k)],
    ["Average Daily Cost", money(avg)],
    ["Estimated Days Remaining", String(Math.max(1, Math.floor(end / avg)))],
    ["Rate", f.rate],
  ].forEach(([a, b], i) => s.row(360, 576, 156 + i * 10, a, b, { size: 7 }));
  // the last seven days, then the monthly history
  s.text(36, 228, "Last 7 Days", { size: 9, bold: true });
  ["Date", "kWh", "Cost"].forEach((t, i) => s.text(36 + i * 60, 240, t, { size: 6.5, bold: true }));
  for (let i = 0; i < 7; i++) {
    const day = new Date(+f.periodEnd - (6 - i) * 864e5), kk = r.int(15, 60);
    s.text(36, 250 + i * 8, fmt.short(day), { size: 6.5 });
    s.text(96, 250 + i * 8, String(kk), { size: 6.5 });
    s.text(156, 250 + i * 8, money(kk * +f.supplyRate + 0.9), { size: 6.5 });
  }
  s.text(300, 228, "Monthly kWh History", { size: 9, bold: true });
  ["Month", "kWh"].forEach((t, i) => s.text(300 + i * 70, 240, t, { size: 6.5, bold: true }));
  [...f.history].reverse().forEach((m, i) => {
    s.text(300, 250 + i * 8, `${M3[m.month - 1]} ${m.year}`, { size: 6.5 });
    s.text(370, 250 + i * 8, fmt.kwh(m.value), { size: 6.5 });
  });
  s.text(36, 370, "Add funds any time: pay online, by phone, or at a CheckOut by PayGo location.", {
    size: 6.5,
  });
  s.text(36, 379, "A low balance alert is sent when your balance covers fewer than 5 days.", { size: 6.5 });
  // the back-of-statement remittance slip for mailed purchases (no amount asked, no due date)
  s.rule(560, 36, 576, true);
  s.text(36, 574, "To add funds by mail, return this portion with your payment.", { size: 7 });
  s.text(36, 594, "Account Number", { size: 7, bold: true });
  s.text(36, 606, f.account, { size: 9 });
  s.text(220, 594, "Amount Enclosed", { size: 7, bold: true });
  s.text(220, 606, "$__________", { size: 9 });
  s.text(360, 630, "PEE DEE ELECTRIC COOPERATIVE", { size: 8 });
  s.text(360, 640, "PO BOX 491", { size: 8 });
  s.text(360, 650, "DARLINGTON SC 29540-0491", { size: 8 });
  const b = upper(f.billing), name = f.name.toUpperCase();
  s.text(60, 684, `${"*".repeat(r.int(3, 8))}AUTO**5-DIGIT ${b.zip}`, { size: 7 });
  s.text(60, 696, name, { size: 9 });
  let yy = 707;
  s.text(60, yy, b.line1, { size: 9 });
  if (b.line2) s.text(60, yy += 11, b.line2, { size: 9 });
  s.text(60, yy + 11, `${b.city} ${b.state} ${b.zip}`, { size: 9 });
  s.text(36, 770, r.digits(38), { size: 8 });
  const truth = truthOf(f, { history: f.history, name, billing: b, service: upper(f.service) });
  truth.billingInformation.dueDate = ""; // a prepay statement asks no payment by a date
  return { layout: "pdemc", pdf: await s.bytes(), truth };
}

export const R21_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  losalamos,
  flathead,
  svec,
  pdemc,
};
/** Drawn at random from the four before the first score; only their totals are read until the round's last change. */
export const R21_SEALED = ["losalamos", "pdemc"];
