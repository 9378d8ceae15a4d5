// Round-11 held-out bill layouts (issue #11): four utilities the corpus had no layout of, written from their public
// "how to read your bill" pages (label words, section names, table shapes: tests/fixtures/bills/synthetic/
// SOURCES.md). Shapes: a Service Delivery Identifier beside the account number and a delivery / generation split
// with a two-column 12-month usage list (AEP Ohio); a service-information box with the pricing plan and Service No.,
// a billed-kWh chart whose bars are named by the dates the meter was read and a billing-period comparison of three
// columns (TEP); an account summary, a usage profile of this month against the same month last year, current reading
// information and a tiered current charge detail (Avista); a bilingual English / Spanish summary and a fuel and
// purchased power cost adjustment (El Paso Electric). Registered in layouts_heldout.ts.
// Conventions for the truths (docs/bills.md "Round 11"): a bar named by its read date is that month's usage; a
// tiered energy charge (two prices by block) gives no supply price.
import { drawStub } from "./stub.ts";
import { type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, cents, days, placedIn } from "./layouts_r9.ts";

const TOWNS: Record<string, [string, string][]> = {
  OH: [["Columbus", "43215"], ["Canton", "44702"], ["Lima", "45801"], ["Zanesville", "43701"]],
  AZ: [["Tucson", "85705"], ["Tucson", "85719"], ["Oro Valley", "85737"], ["Marana", "85653"]],
  WA: [["Spokane", "99201"], ["Spokane Valley", "99206"], ["Pullman", "99163"], ["Cheney", "99004"]],
  TX: [["El Paso", "79902"], ["El Paso", "79912"], ["Socorro", "79927"], ["Horizon City", "79928"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));

/** AEP Ohio (dev): Service Delivery Identifier, delivery and generation charges, a two-column usage list. */
async function aepohio(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "OH", {
    utility: "AEP Ohio",
    rate: "Residential Service",
    pastDue: r.chance(0.2),
    serviceNumber: true,
  });
  f.account = `${r.digits(3)}-${r.digits(3)}-${r.digits(3)}-${r.digits(1)}-${r.digits(1)}`;
  const s = await Sheet.create();
  s.text(36, 40, "AEP Ohio", { size: 18, bold: true });
  s.text(36, 52, "AN AEP COMPANY   Customer Service 1-800-672-2231   AEPOhio.com", { size: 6.5 });
  s.text(370, 34, `Account Number: ${f.account}`, { size: 8, bold: true });
  s.text(370, 45, `Service Delivery Identifier: ${f.serviceNumber}`, { size: 7 });
  s.text(370, 55, `Bill Date: ${fmt.mon(f.invoiceDate)}`, { size: 7 });
  s.text(370, 70, "Amount Due", { size: 8, bold: true });
  s.text(470, 70, fmt.money(f.amountDue), { size: 10, bold: true });
  s.text(370, 82, `Due Date: ${fmt.mon(f.dueDate)}`, { size: 8, bold: true });
  s.text(36, 80, "Service Address", { size: 7, bold: true });
  s.text(36, 90, addr1(f), { size: 8 });
  s.text(36, 100, `${f.service.city}, OH ${f.service.zip}`, { size: 8 });
  s.text(36, 120, "Account Summary", { size: 9, bold: true });
  const paid = r.int(6000, 22000) / 100, cur = +f.amountDue - +f.pastDue, gen = +(cur * 0.45).toFixed(2);
  s.row(36, 300, 132, "Previous Balance", money(paid + +f.pastDue), { size: 7 });
  s.row(36, 300, 142, "Payment(s) Received", `-${money(paid)}`, { size: 7 });
  s.row(36, 300, 152, "Amount Past Due", money(+f.pastDue), { size: 7 });
  s.row(36, 300, 162, "Current AEP Ohio Delivery Charges", money(cur - gen), { size: 7 });
  s.row(36, 300, 172, "Current Generation Service Charges", money(gen), { size: 7 });
  s.row(36, 300, 184, "Total Balance Due", fmt.money(f.amountDue), { size: 8, bold: true });
  s.text(330, 120, "Meter Read Details", { size: 9, bold: true });
  const rd = r.int(10000, 90000);
  [
    ["Meter Number", f.meters[0].number],
    ["Service Period", `${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}`],
    ["Previous Read (Actual)", String(rd)],
    ["Present Read (Actual)", String(rd + f.meters[0].kwh)],
    ["Energy Used", `${fmt.kwh(f.meters[0].kwh)} kWh`],
    ["Days in Service Period", String(days(f))],
  ].forEach(([k, v], i) => s.row(330, 576, 132 + i * 10, k, v, { size: 7 }));
  s.text(36, 206, "Usage Details - Your Usage Over the Last 12 Months", { size: 9, bold: true });
  const h = f.history;
  [36, 200].forEach((x) => {
    s.text(x, 218, "Month", { size: 7, bold: true });
    s.text(x + 60, 218, "kWh", { size: 7, bold: true });
    s.text(x + 110, 218, "Avg Daily", { size: 7, bold: true });
  });
  h.forEach((m, i) => {
    const x = i < 7 ? 36 : 200, y = 229 + (i % 7) * 10;
    s.text(x, y, `${fmt.m3(m.month)} ${m.year}`, { size: 7 });
    s.text(x + 60, y, fmt.kwh(m.value), { size: 7 });
    s.text(x + 110, y, (m.value / 30).toFixed(1), { size: 7 });
  });
  s.text(36, 310, "Delivery Charges", { size: 8, bold: true });
  s.text(200, 310, `Rate: ${f.rate}`, { size: 7 });
  s.row(48, 300, 321, "Customer Charge", "$10.00", { size: 7 });
  s.row(48, 300, 331, `Distribution Charges ${fmt.kwh(f.meters[0].kwh)} kWh`, cents(r, 15, 50), { size: 7 });
  s.row(48, 300, 341, "Transmission Charges", cents(r, 5, 25), { size: 7 });
  s.row(48, 300, 351, "Riders", cents(r, 2, 15), { size: 7 });
  s.text(330, 310, "Generation Service Charges", { size: 8, bold: true });
  s.row(
    340,
    576,
    321,
    `Generation Service ${fmt.kwh(f.meters[0].kwh)} kWh @ ${f.supplyRate}`,
    money(gen * 0.8),
    { size: 7 },
  );
  s.row(340, 576, 331, "Market-Based Transmission", money(gen * 0.2), { size: 7 });
  s.text(36, 380, `Price to Compare: ${(+f.supplyRate * 100).toFixed(2)} cents per kWh`, { size: 7 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Make checks payable to AEP Ohio.",
    remit: ["AEP OHIO", "PO BOX 371496", "PITTSBURGH PA 15250-7496"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
    comma: true,
  });
  const truth = truthOf(f, { history: h, ...stub });
  return { layout: "aepohio", pdf: await s.bytes(), truth };
}

/** Tucson Electric Power (dev): a service-information box, bars named by read dates, a period comparison. */
async function tep(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "AZ", {
    utility: "Tucson Electric Power",
    rate: "Residential Basic Service",
    pastDue: r.chance(0.2),
  });
  const s = await Sheet.create();
  s.text(36, 40, "Tucson Electric Power", { size: 15, bold: true });
  s.text(36, 52, "tep.com   (520) 623-7711", { size: 7 });
  s.text(330, 36, "Your TEP Energy Bill", { size: 10, bold: true });
  s.text(330, 48, `Account Number ${f.account}`, { size: 8 });
  s.text(330, 58, `Statement Date ${fmt.short(f.invoiceDate)}`, { size: 7 });
  const paid = r.int(5000, 25000) / 100;
  s.row(330, 576, 72, "Previous Charges", money(paid + +f.pastDue), { size: 7 });
  s.row(330, 576, 82, "Payment Received - Thank You", `-${money(paid)}`, { size: 7 });
  s.row(330, 576, 92, "Balance Forward", money(+f.pastDue), { size: 7 });
  s.row(330, 576, 102, "Current Charges", money(+f.amountDue - +f.pastDue), { size: 7 });
  s.box(330, 108, 246, 14);
  s.row(334, 572, 118, "Total Amount Due", fmt.money(f.amountDue), { size: 9, bold: true });
  s.text(330, 134, `Please pay by ${fmt.short(f.dueDate)}`, { size: 8, bold: true });
  s.text(36, 80, "Service Information", { size: 9, bold: true });
  s.box(36, 86, 270, 52);
  s.text(40, 96, `${addr1(f)} ${f.service.city} AZ ${f.service.zip}`, { size: 7 });
  s.text(40, 106, `Pricing Plan: ${f.rate}`, { size: 7 });
  s.text(40, 116, `Meter No. ${f.meters[0].number}`, { size: 7 });
  s.text(
    40,
    126,
    `Billing Period ${fmt.short(f.periodStart)} - ${fmt.short(f.periodEnd)}  (${days(f)} days)`,
    {
      size: 7,
    },
  );
  s.text(36, 160, "Billed kWh Usage", { size: 9, bold: true });
  const top = Math.max(...f.history.map((m) => m.value));
  const endDay = f.periodEnd.getUTCDate();
  f.history.forEach((m, i) => {
    const x = 40 + i * 41,
      hgt = Math.round(70 * m.value / top),
      prev = Math.round(hgt * (0.85 + r.next() * 0.3));
    s.box(x, 260 - prev, 8, prev);
    s.box(x + 10, 260 - hgt, 10, hgt);
    s.text(x, 256 - Math.max(hgt, prev), fmt.kwh(m.value), { size: 5.5 });
    const read = new Date(Date.UTC(m.year, m.month - 1, Math.min(endDay, 28)));
    s.text(x, 270, fmt.short(read), { size: 5.5 });
  });
  s.text(
    36,
    282,
    "Dark bars: the last 12 months; light bars: the 12 months before. Dates the meter was read.",
    {
      size: 6,
    },
  );
  s.text(36, 300, "Billing Period Comparison", { size: 9, bold: true });
  const h = f.history, cx = [36, 160, 240, 320];
  ["", "This Period", "Last Period", "Last Year"].forEach((t, i) =>
    s.text(cx[i], 312, t, { size: 7, bold: true })
  );
  [
    ["Billed kWh", fmt.kwh(h[12].value), fmt.kwh(h[11].value), fmt.kwh(h[0].value)],
    ["Days Billed", String(days(f)), String(r.int(28, 33)), String(r.int(28, 33))],
    ["Avg. Daily Temp.", `${r.int(50, 99)}°`, `${r.int(50, 99)}°`, `${r.int(50, 99)}°`],
  ].forEach((row, k) => row.forEach((v, i) => s.text(cx[i], 323 + k * 10, v, { size: 7 })));
  s.text(420, 300, "Average Daily Cost", { size: 8, bold: true });
  s.text(420, 312, money((+f.amountDue - +f.pastDue) / days(f)), { size: 9 });
  s.addPage();
  s.text(36, 40, `Account Number ${f.account}   Page 2 of 2`, { size: 8 });
  const k = fmt.kwh(f.meters[0].kwh);
  s.text(36, 62, "Delivery Services", { size: 9, bold: true });
  s.row(48, 300, 74, "Customer Charge", "$13.00", { size: 7 });
  s.row(48, 300, 84, `Delivery kWh ${k} kWh @ $0.0${r.digits(5)}`, cents(r, 20, 60), { size: 7 });
  s.text(36, 100, "Power Supply Charges", { size: 9, bold: true });
  s.row(48, 300, 112, `Base Power Supply ${k} kWh @ $${f.supplyRate}`, cents(r, 30, 90), { size: 7 });
  s.row(48, 300, 122, `PPFAC ${k} kWh @ $0.00${r.digits(4)}`, cents(r, 1, 9), { size: 7 });
  s.text(36, 138, "Green Energy Charges", { size: 9, bold: true });
  s.row(48, 300, 150, "REST Surcharge", cents(r, 1, 5), { size: 7 });
  s.row(48, 300, 160, "DSM Surcharge", cents(r, 1, 4), { size: 7 });
  s.text(36, 176, "Taxes and Assessments", { size: 9, bold: true });
  s.row(48, 300, 188, "State Sales Tax", cents(r, 2, 8), { size: 7 });
  s.row(48, 300, 198, "City Franchise Fee", cents(r, 1, 5), { size: 7 });
  s.row(36, 300, 212, "Total Current Charges", money(+f.amountDue - +f.pastDue), { size: 7, bold: true });
  s.text(330, 62, "On-Peak Demand (kW), for information only", { size: 7 });
  s.text(330, 72, `${r.int(2, 9)}.${r.digits(1)} kW`, { size: 7 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment to Tucson Electric Power, PO Box 80077, Prescott AZ",
    remit: ["TUCSON ELECTRIC POWER", "PO BOX 80077", "PRESCOTT AZ 86304-8077"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Please pay by",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: h, ...stub });
  return { layout: "tep", pdf: await s.bytes(), truth };
}

/** Avista (Spokane, SEALED): account summary, usage profile, current reading information, tiered charge detail. */
async function avista(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "WA", {
    utility: "Avista",
    rate: "Schedule 1 Residential Service",
    pastDue: r.chance(0.2),
  });
  const s = await Sheet.create();
  s.text(36, 40, "AVISTA", { size: 20, bold: true });
  s.text(36, 52, "myavista.com   1-800-227-9187", { size: 7 });
  s.text(360, 34, `Account Number: ${f.account}`, { size: 8, bold: true });
  s.text(360, 45, `Bill Mailed: ${fmt.full(f.invoiceDate)}`, { size: 7 });
  s.text(36, 72, f.name, { size: 8 });
  s.text(36, 82, addr1(f), { size: 8 });
  s.text(36, 92, `${f.service.city} WA ${f.service.zip}`, { size: 8 });
  s.text(330, 70, "Account Summary", { size: 9, bold: true });
  const paid = r.int(5000, 22000) / 100, cur = +f.amountDue - +f.pastDue;
  s.row(330, 576, 82, "Previous Balance", money(paid + +f.pastDue), { size: 7 });
  s.row(330, 576, 92, "Payments", `-${money(paid)}`, { size: 7 });
  s.row(330, 576, 102, "Current Charges", money(cur), { size: 7 });
  s.row(330, 576, 114, "Current Amount Due", fmt.money(f.amountDue), { size: 9, bold: true });
  s.text(330, 126, `Includes state taxes of ${money(cur * 0.038)}`, { size: 6.5 });
  s.text(330, 138, `Due By ${fmt.full(f.dueDate)}`, { size: 8, bold: true });
  s.text(36, 120, "Message Center", { size: 8, bold: true });
  s.text(36, 130, "Comfort Level Billing evens out your payments over the year.", { size: 6.5 });
  s.text(36, 160, "Your Usage Profile", { size: 9, bold: true });
  const h = f.history, cur1 = h[12], ly = h[0];
  ["", "kWh Used", "Avg Daily Temp"].forEach((t, i) =>
    s.text([36, 140, 210][i], 172, t, { size: 7, bold: true })
  );
  [[`${fmt.m3(cur1.month)} ${cur1.year}`, cur1.value], [`${fmt.m3(ly.month)} ${ly.year}`, ly.value]].forEach((
    [l, v],
    k,
  ) => {
    s.text(36, 183 + k * 10, String(l), { size: 7 });
    s.text(140, 183 + k * 10, fmt.kwh(+v), { size: 7 });
    s.text(210, 183 + k * 10, `${r.int(20, 80)}`, { size: 7 });
  });
  s.text(36, 216, "Current Reading Information", { size: 9, bold: true });
  const cols = [36, 110, 180, 250, 320, 390, 460];
  ["Meter", "Read Dates", "", "Previous", "Current", "Multiplier", "kWh Usage"].forEach((t, i) =>
    s.text(cols[i], 228, t, { size: 7, bold: true })
  );
  const rd = r.int(10000, 90000);
  [
    f.meters[0].number,
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(rd),
    String(rd + f.meters[0].kwh),
    "1",
    fmt.kwh(f.meters[0].kwh),
  ].forEach((v, i) => s.text(cols[i], 239, v, { size: 7 }));
  s.text(36, 262, `Current Charge Detail   ${f.rate}   ${days(f)} Days`, { size: 9, bold: true });
  const kwh = f.meters[0].kwh, first = Math.min(kwh, 600);
  s.row(48, 300, 274, "Basic Charge", "$9.00", { size: 7 });
  const firstPrice = `0.0${r.digits(5)}`;
  s.row(48, 300, 284, `Energy Charge: First ${first} kWh @ $${firstPrice}`, cents(r, 30, 70), {
    size: 7,
  });
  if (kwh > 600) {
    s.row(48, 300, 294, `Over 600 kWh: ${fmt.kwh(kwh - 600)} kWh @ $0.1${r.digits(4)}`, cents(r, 10, 90), {
      size: 7,
    });
  }
  s.row(48, 300, 304, "Residential Exchange Credit", `-${cents(r, 1, 9)}`, { size: 7 });
  s.row(48, 300, 314, "Tax Adjustment", cents(r, 1, 6), { size: 7 });
  s.row(36, 300, 328, "Total Current Charges", money(cur), { size: 7, bold: true });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Remittance Coupon: detach and return this coupon with your payment to Avista.",
    remit: ["AVISTA UTILITIES", "PO BOX 4500", "SPOKANE WA 99202-4500"],
    accountLabel: "Account Number",
    amountLabel: "Current Amount Due",
    dueLabel: "Due By",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: [ly, cur1], ...stub });
  // two block prices: no single energy price; one block printed (600 kWh or less): its price (round 13's convention,
  // the bills' bytes unchanged)
  truth.electricityUsage.supplyRatePerKwh = kwh > 600 ? "" : firstPrice;
  return { layout: "avista", pdf: await s.bytes(), truth };
}

/** El Paso Electric (SEALED): bilingual summary, base rate and fuel charges, a 13-month usage table. */
async function epe(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "TX", {
    utility: "El Paso Electric",
    rate: "Residential Service Rate No. 01",
    pastDue: r.chance(0.2),
  });
  const s = await Sheet.create();
  s.text(36, 40, "El Paso Electric", { size: 16, bold: true });
  s.text(36, 52, "epelectric.com   (915) 543-5970", { size: 7 });
  const sum: [string, string][] = [
    ["Account Number / Número de Cuenta", f.account],
    ["Date Issued / Fecha de Emisión", fmt.slash(f.invoiceDate)],
    ["Service From / Servicio Desde", `${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}`],
    ["Previous Balance / Saldo Anterior", fmt.money(f.pastDue)],
    ["Amount Due / Cantidad a Pagar", fmt.money(f.amountDue)],
    ["Due Date / Fecha de Vencimiento", fmt.slash(f.dueDate)],
  ];
  sum.forEach(([k, v], i) => s.row(300, 576, 40 + i * 11, k, v, { size: 7.5, bold: i === 4 }));
  s.text(36, 80, "Service Address / Dirección de Servicio", { size: 7, bold: true });
  s.text(36, 90, addr1(f), { size: 8 });
  s.text(36, 100, `${f.service.city}, TX ${f.service.zip}`, { size: 8 });
  s.text(36, 130, "Charges and Adjustments / Cargos y Ajustes", { size: 9, bold: true });
  const k = fmt.kwh(f.meters[0].kwh);
  s.text(36, 142, `Rate / Tarifa: ${f.rate}   Meter / Medidor ${f.meters[0].number}`, { size: 7 });
  s.row(48, 300, 154, "Customer Charge", "$10.50", { size: 7 });
  s.row(48, 300, 164, `Energy Charge ${k} kWh @ $${f.supplyRate}`, cents(r, 30, 100), { size: 7 });
  s.row(48, 300, 174, `Fuel & Purchased Power Cost Adjustment ${k} kWh`, cents(r, 10, 40), { size: 7 });
  s.row(48, 300, 184, "Energy Efficiency Cost Recovery", cents(r, 1, 5), { size: 7 });
  s.row(48, 300, 194, "Franchise Fee", cents(r, 1, 9), { size: 7 });
  s.row(36, 300, 208, "Current Charges / Cargos Actuales", money(+f.amountDue - +f.pastDue), {
    size: 7,
    bold: true,
  });
  s.text(330, 130, "Meter Reading / Lectura del Medidor", { size: 9, bold: true });
  const rd = r.int(10000, 90000);
  s.row(330, 576, 142, "Present / Actual", String(rd + f.meters[0].kwh), { size: 7 });
  s.row(330, 576, 152, "Previous / Anterior", String(rd), { size: 7 });
  s.row(330, 576, 162, "kWh Used / kWh Usados", k, { size: 7, bold: true });
  s.row(330, 576, 172, "Days / Días", String(days(f)), { size: 7 });
  s.text(36, 232, "Usage History / Historial de Consumo", { size: 9, bold: true });
  ["Month / Mes", "kWh", "Days / Días"].forEach((t, i) =>
    s.text([36, 120, 170][i], 244, t, { size: 7, bold: true })
  );
  f.history.slice().reverse().forEach((m, i) => {
    s.text(36, 255 + i * 10, `${fmt.m3(m.month)} ${m.year}`, { size: 7 });
    s.text(120, 255 + i * 10, fmt.kwh(m.value), { size: 7 });
    s.text(170, 255 + i * 10, String(r.int(28, 33)), { size: 7 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment / Devuelva esta porción con su pago",
    remit: ["EL PASO ELECTRIC", "PO BOX 650801", "DALLAS TX 75265-0801"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub });
  return { layout: "epe", pdf: await s.bytes(), truth };
}

export const R11_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = { aepohio, tep, avista, epe };
/** Round 11's sealed layouts (chosen before the first score); dev layouts since round 12 (once-only 83.8% / 1.2%). */
export const R11_SEALED = ["avista", "epe"];
