// Round-10 held-out bill layouts (issue #11): four utilities the corpus had no layout of, written from their public
// "understanding your bill" pages and a public sample bill (label words, section names, table shapes:
// tests/fixtures/bills/synthetic/SOURCES.md). Shapes: electric and gas side by side in one summary with a column
// per service, a "This Year / Last Year" usage comparison and no history table, a due date printed only as the
// date late charges are added after, a horizontal history (a row of months over a row of kWh), delivery and
// supply (BGS) charges on page 2 with a gas meter beside the electric one, the bill's details moved to page 2
// below a 13-month chart of bars with average daily use, a three-period time-of-day bill with a bill comparison
// (this period, last period, same period last year). Registered in layouts_heldout.ts.
// Conventions for the truths (docs/bills.md "Round 10"): as round 9's — a time-of-day bill printing several
// prices and no single energy price has no supply price; the date late charges are added after is the due date.
import { drawStub } from "./stub.ts";
import { type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, cents, days, labelsOver, placedIn, upper } from "./layouts_r9.ts";

const TOWNS: Record<string, [string, string][]> = {
  NJ: [["Newark", "07104"], ["Cherry Hill", "08002"], ["Trenton", "08618"], ["Edison", "08817"]],
  NY: [["Poughkeepsie", "12601"], ["Kingston", "12401"], ["Newburgh", "12550"], ["Catskill", "12414"]],
  AL: [["Birmingham", "35209"], ["Mobile", "36608"], ["Montgomery", "36106"], ["Tuscaloosa", "35401"]],
  CA: [["Sacramento", "95818"], ["Sacramento", "95822"], ["Elk Grove", "95624"], ["Rancho Cordova", "95670"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));

/** PSE&G (New Jersey, dev): electric and gas, a horizontal usage history, delivery and BGS supply on page 2. */
async function psegnj(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NJ", {
    utility: "PSE&G",
    rate: "RS - Residential Service",
    pastDue: r.chance(0.2),
  });
  f.account = `${r.digits(2)} ${r.digits(3)} ${r.digits(3)} ${r.digits(2)}`;
  const s = await Sheet.create();
  s.text(36, 40, "PSE&G", { size: 20, bold: true });
  s.text(36, 54, "Public Service Electric and Gas Company   PO Box 14444 New Brunswick, NJ 08906-4444", {
    size: 7,
  });
  s.text(380, 36, `Account Number ${f.account}`, { size: 8, bold: true });
  s.text(380, 47, `Invoice Number ${r.digits(12)}`, { size: 7 });
  s.text(380, 57, `Billing Date: ${fmt.mon(f.invoiceDate)}`, { size: 7 });
  s.text(380, 67, "Page 1 of 2", { size: 7 });
  s.text(36, 82, `${f.name}`, { size: 8 });
  s.text(36, 92, `${addr1(f)}`, { size: 8 });
  s.text(36, 102, `${f.service.city}, NJ ${f.service.zip}`, { size: 8 });
  s.text(36, 124, "Your Monthly Bill Summary", { size: 10, bold: true });
  const gas = Math.min(r.int(2000, 9000) / 100, +(+f.amountDue * 0.3).toFixed(2)),
    paid = r.int(8000, 25000) / 100,
    elec = +f.amountDue - +f.pastDue - gas;
  s.row(36, 300, 138, "Previous Balance", money(paid + +f.pastDue), { size: 8 });
  s.row(36, 300, 148, "Payment Received - Thank you", `-${money(paid)}`, { size: 8 });
  s.row(36, 300, 158, "Balance Remaining", money(+f.pastDue), { size: 8 });
  s.row(36, 300, 168, "PSE&G Electric Charges", money(elec), { size: 8 });
  s.row(36, 300, 178, "PSE&G Gas Charges", money(gas), { size: 8 });
  s.row(36, 300, 190, "Total Amount Due", fmt.money(f.amountDue), { size: 9, bold: true });
  s.text(330, 124, "Please pay by", { size: 8 });
  s.text(330, 136, fmt.full(f.dueDate), { size: 11, bold: true });
  s.text(330, 156, `Billing period: ${fmt.mon(f.periodStart)} to ${fmt.mon(f.periodEnd)}   ${days(f)} days`, {
    size: 7,
  });
  s.text(330, 166, `Electric rate: ${f.rate}`, { size: 7 });
  s.text(36, 214, "Electric Usage History (kWh)", { size: 9, bold: true });
  f.history.forEach((m, i) => {
    s.text(36 + i * 41, 228, `${fmt.m3(m.month)} ${String(m.year).slice(2)}`, { size: 6.5, bold: true });
    s.text(36 + i * 41, 238, fmt.kwh(m.value), { size: 6.5 });
  });
  s.text(36, 256, "Gas Usage History (therms) is shown on page 2.", { size: 7 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment. Make check payable to PSE&G.",
    remit: ["PSE&G", "PO BOX 14444", "NEW BRUNSWICK NJ 08906-4444"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Please pay by",
    date: fmt.mon,
    comma: true,
  });
  s.addPage();
  s.text(36, 40, `Account Number ${f.account}   Page 2 of 2`, { size: 8 });
  s.text(36, 62, "Details of Charges", { size: 10, bold: true });
  const mx = [36, 120, 190, 260, 330, 400, 470];
  ["Service", "Meter #", "Read date", "Current", "Previous", "Difference", "Usage"].forEach((h, i) =>
    s.text(mx[i], 78, h, { size: 7, bold: true })
  );
  const pe = r.int(10000, 80000),
    pg = r.int(1000, 9000),
    ccf = r.int(20, 110),
    therms = Math.round(ccf * 1.03);
  const gasMeter = `${r.digits(7)}`;
  [
    [
      "Electric",
      f.meters[0].number,
      fmt.short(f.periodEnd),
      pe + f.meters[0].kwh,
      pe,
      f.meters[0].kwh,
      "kWh",
    ],
    ["Gas", gasMeter, fmt.short(f.periodEnd), pg + ccf, pg, ccf, "CCF"],
  ].forEach((row, k) =>
    row.forEach((v, i) => s.text(mx[i], 89 + k * 10, i === 6 ? `${row[5]} ${v}` : String(v), { size: 7 }))
  );
  s.text(36, 116, `Gas: ${ccf} CCF x 1.0300 therm factor = ${therms} therms`, { size: 7 });
  s.text(36, 136, "Electric Charges", { size: 9, bold: true });
  s.text(36, 147, `Delivery Charges   ${f.rate}`, { size: 7, bold: true });
  const k = fmt.kwh(f.meters[0].kwh);
  s.row(48, 300, 158, "Service Charge", "$6.93", { size: 7 });
  s.row(48, 300, 168, `Distribution ${k} kWh x $0.0${r.digits(5)}`, cents(r, 20, 60), { size: 7 });
  s.row(48, 300, 178, `Societal Benefits Charge ${k} kWh x $0.00${r.digits(4)}`, cents(r, 2, 9), { size: 7 });
  s.text(36, 192, "Supply Charges   Basic Generation Service (BGS)", { size: 7, bold: true });
  s.row(48, 300, 203, `BGS Energy Charges ${k} kWh x $${f.supplyRate}`, cents(r, 30, 120), { size: 7 });
  s.row(48, 300, 213, `BGS Transmission ${k} kWh x $0.0${r.digits(4)}`, cents(r, 5, 20), { size: 7 });
  s.row(36, 300, 226, "Total Electric Charges", money(elec), { size: 7, bold: true });
  s.text(330, 136, "Gas Charges", { size: 9, bold: true });
  s.row(340, 576, 158, "Service Charge", "$8.62", { size: 7 });
  s.row(340, 576, 168, `Distribution ${therms} therms x $0.${r.digits(6)}`, cents(r, 10, 40), { size: 7 });
  s.row(340, 576, 178, `BGSS ${therms} therms x $0.${r.digits(6)}`, cents(r, 10, 40), { size: 7 });
  s.row(330, 576, 226, "Total Gas Charges", money(gas), { size: 7, bold: true });
  const truth = truthOf(f, { history: f.history, ...stub });
  return { layout: "psegnj", pdf: await s.bytes(), truth };
}

/** Central Hudson (NY, dev): a bill summary with an electric and a gas column, This Year / Last Year usage. */
async function cenhud(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NY", {
    utility: "Central Hudson",
    rate: "SC1 Residential",
    pastDue: r.chance(0.25),
  });
  f.account = `${r.digits(4)}-${r.digits(4)}-${r.digits(2)}-${r.digits(1)}`;
  const s = await Sheet.create();
  s.text(36, 40, "Central Hudson", { size: 16, bold: true });
  s.text(36, 52, "A FORTIS COMPANY", { size: 6 });
  s.text(330, 36, `Account Number: ${f.account}`, { size: 8, bold: true });
  s.text(520, 36, "Page 1 of 2", { size: 7 });
  s.text(330, 47, `Customer Number: ${r.digits(9)}`, { size: 7 });
  s.text(330, 60, "Contact Us", { size: 7, bold: true });
  s.text(330, 70, "Report an outage: CentralHudson.com, 845-452-2700", { size: 6.5 });
  s.text(36, 78, "Service For:", { size: 7, bold: true });
  s.text(36, 89, f.name, { size: 8 });
  s.text(36, 99, addr1(f), { size: 8 });
  s.text(36, 109, `${f.service.city.toUpperCase()} NY ${f.service.zip}`, { size: 8 });
  s.text(300, 96, "Bill Summary", { size: 9, bold: true });
  s.text(440, 96, "Electric", { size: 7, bold: true });
  s.text(510, 96, "Natural Gas", { size: 7, bold: true });
  const gas = Math.min(r.int(1500, 7000) / 100, +(+f.amountDue * 0.3).toFixed(2)),
    pe = r.int(5000, 20000) / 100,
    pgas = r.int(2000, 9000) / 100;
  const elec = +f.amountDue - +f.pastDue - gas;
  const pastE = +f.pastDue ? +(+f.pastDue * 0.6).toFixed(2) : 0, pastG = +(+f.pastDue - pastE).toFixed(2);
  [
    ["Previous Billed Amount", pe + pastE, pgas + pastG],
    ["Payments", -pe, -pgas],
    ["Current Charges", elec, gas],
    ["Account Totals", elec + pastE, gas + pastG],
  ].forEach(([label, a, b], k) => {
    s.text(300, 108 + k * 10, String(label), { size: 7 });
    s.text(480, 108 + k * 10, money(+a), { size: 7, right: true });
    s.text(560, 108 + k * 10, money(+b), { size: 7, right: true });
  });
  s.row(300, 560, 152, "Total Amount Due Now", fmt.money(f.amountDue), { size: 9, bold: true });
  s.row(300, 560, 166, "Current Billing Period", `${fmt.mon(f.periodStart)} - ${fmt.mon(f.periodEnd)}`, {
    size: 7,
  });
  s.row(300, 560, 176, "Late Charges Added After", fmt.mon(f.dueDate), { size: 7 });
  const next = new Date(+f.periodEnd + r.int(29, 32) * 864e5);
  s.row(300, 560, 186, "Next Scheduled Reading Date", fmt.mon(next), { size: 7 });
  s.text(440, 204, "This Year", { size: 7, bold: true });
  s.text(510, 204, "Last Year", { size: 7, bold: true });
  const h = f.history, cur = h.at(-1)!, ly = h[0];
  s.text(300, 215, "Electric Usage", { size: 7 });
  s.text(440, 215, `${fmt.kwh(cur.value)} kWh`, { size: 7 });
  s.text(510, 215, `${fmt.kwh(ly.value)} kWh`, { size: 7 });
  s.text(300, 225, "Heating Degree Days", { size: 7 });
  s.text(440, 225, String(r.int(0, 900)), { size: 7 });
  s.text(510, 225, String(r.int(0, 900)), { size: 7 });
  s.text(36, 140, `Bill Date: ${fmt.mon(f.invoiceDate)}`, { size: 7 });
  s.text(36, 160, "Billing details on page 2", { size: 7 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this stub and make checks payable to Central Hudson",
    remit: ["CENTRAL HUDSON GAS & ELECTRIC CORP", "284 SOUTH AVENUE", "POUGHKEEPSIE NY 12601-4839"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due Now",
    dueLabel: "Late Charges Added After",
    date: fmt.slash,
  });
  s.addPage();
  s.text(36, 40, `Account Number: ${f.account}   Page 2 of 2`, { size: 8 });
  s.text(36, 62, "Electric Billing Details", { size: 9, bold: true });
  const rd = r.int(10000, 90000), est = r.chance(0.5);
  s.text(36, 76, `Meter ${f.meters[0].number}   Rate ${f.rate}`, { size: 7 });
  s.text(
    36,
    86,
    `${fmt.mon(f.periodEnd)} ${est ? "Estimated" : "Actual"} Reading   ${rd + f.meters[0].kwh}`,
    {
      size: 7,
    },
  );
  s.text(36, 96, `${fmt.mon(f.periodStart)} Actual Reading   ${rd}`, { size: 7 });
  s.text(36, 106, `Multiplier 1   Usage ${fmt.kwh(f.meters[0].kwh)} kWh   Billing Days ${days(f)}`, {
    size: 7,
  });
  s.text(36, 122, "Delivery", { size: 7, bold: true });
  s.row(48, 290, 132, "Basic Service Charge", "$21.50", { size: 7 });
  s.row(
    48,
    290,
    142,
    `Delivery Charge ${fmt.kwh(f.meters[0].kwh)} kWh @ $0.0${r.digits(5)}`,
    cents(r, 20, 60),
    {
      size: 7,
    },
  );
  s.row(48, 290, 152, "System Benefits Charge", cents(r, 1, 6), { size: 7 });
  s.text(36, 166, "Supply", { size: 7, bold: true });
  s.row(
    48,
    290,
    176,
    `Market Price Charge ${fmt.kwh(f.meters[0].kwh)} kWh @ $${f.supplyRate}`,
    cents(r, 20, 90),
    {
      size: 7,
    },
  );
  s.row(48, 290, 186, "Merchant Function Charge", cents(r, 0, 3), { size: 7 });
  s.row(36, 290, 200, "Total Electric Charges", money(elec), { size: 7, bold: true });
  s.text(320, 62, "Natural Gas Billing Details", { size: 9, bold: true });
  const gr = r.int(1000, 9000), ccf = r.int(10, 120);
  s.text(320, 76, `Meter ${r.digits(8)}   Rate SC1 Residential Gas`, { size: 7 });
  s.text(320, 86, `${fmt.mon(f.periodEnd)} Actual Reading   ${gr + ccf}`, { size: 7 });
  s.text(320, 96, `${fmt.mon(f.periodStart)} Actual Reading   ${gr}`, { size: 7 });
  s.text(320, 106, `Usage ${ccf} Ccf   Billing Days ${days(f)}`, { size: 7 });
  s.row(320, 576, 200, "Total Natural Gas Charges", money(gas), { size: 7, bold: true });
  const truth = truthOf(f, { history: [ly, cur], ...stub, service: upper(f.service) });
  truth.billingInformation.utilityProviderName = "Central Hudson Gas & Electric"; // the remittance name
  return { layout: "cenhud", pdf: await s.bytes(), truth };
}

/** Alabama Power (SEALED): 13-month usage chart with average daily use on page 1, the bill's details on page 2. */
async function alpower(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "AL", {
    utility: "Alabama Power",
    rate: "FD - Family Dwelling",
    pastDue: r.chance(0.2),
  });
  const s = await Sheet.create();
  s.text(36, 40, "Alabama Power", { size: 16, bold: true });
  s.text(36, 54, "A SOUTHERN COMPANY", { size: 6 });
  s.text(380, 34, "Customer Service 1-800-245-2244", { size: 7 });
  s.text(380, 44, "Report an outage 1-800-888-2726   AlabamaPower.com", { size: 7 });
  s.text(380, 58, `Account Number  ${f.account}`, { size: 8, bold: true });
  s.text(380, 68, `Web Access Code  ${r.digits(8)}`, { size: 7 });
  s.text(380, 78, `Statement Date  ${fmt.slash(f.invoiceDate)}`, { size: 7 });
  s.text(36, 80, "Service Address", { size: 7, bold: true });
  s.text(36, 90, `${f.name}`, { size: 8 });
  s.text(36, 100, `${addr1(f)}, ${f.service.city}, AL ${f.service.zip}`, { size: 8 });
  s.text(36, 124, "Usage Information", { size: 9, bold: true });
  const top = Math.max(...f.history.map((m) => m.value));
  f.history.forEach((m, i) => {
    const x = 40 + i * 40, hgt = Math.round(80 * m.value / top);
    s.box(x, 230 - hgt, 22, hgt);
    s.text(x, 226 - hgt, fmt.kwh(m.value), { size: 5.5 });
    s.text(x, 240, fmt.m3(m.month).toUpperCase(), { size: 6 });
  });
  s.text(36, 252, "Avg. Daily kWh", { size: 6, bold: true });
  f.history.forEach((m, i) => s.text(40 + i * 40, 262, (m.value / 30).toFixed(1), { size: 5.5 }));
  s.text(36, 284, "Payment programs: Budget Billing, FlatBill, AutoPay and Paperless Billing.", { size: 7 });
  s.text(
    36,
    294,
    "Your bill details have moved to page 2: your power usage, your Power Plan and your bill total.",
    {
      size: 7,
    },
  );
  const stub = drawStub(s, r, f, 560, {
    returnText: "Detach and return this portion with your payment to Alabama Power.",
    remit: ["ALABAMA POWER", "P.O. BOX 242", "BIRMINGHAM AL 35292"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  s.addPage();
  s.text(36, 40, `Account Number ${f.account}   Page 2`, { size: 8 });
  labelsOver(s, [36, 170, 300, 430], 62, [
    ["Service Period", `${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}`],
    ["Days of Service", String(days(f))],
    ["Total Amount Due", fmt.money(f.amountDue)],
    ["Due Date", fmt.slash(f.dueDate)],
  ]);
  s.text(36, 100, "Power Usage", { size: 9, bold: true });
  const rd = r.int(10000, 90000);
  s.row(36, 280, 112, `Meter ${f.meters[0].number}  Present Reading`, String(rd + f.meters[0].kwh), {
    size: 7,
  });
  s.row(36, 280, 122, "Previous Reading", String(rd), { size: 7 });
  s.row(36, 280, 132, "Kilowatt Hours Used", fmt.kwh(f.meters[0].kwh), { size: 7, bold: true });
  s.text(330, 100, "Your Power Plan", { size: 9, bold: true });
  s.text(330, 112, `Rate ${f.rate}`, { size: 7 });
  s.row(330, 576, 124, "Basic Service Charge", "$14.50", { size: 7 });
  s.row(
    330,
    576,
    134,
    `Energy Charge ${fmt.kwh(f.meters[0].kwh)} kWh @ $${f.supplyRate}`,
    cents(r, 40, 140),
    {
      size: 7,
    },
  );
  s.row(330, 576, 144, "Fuel Cost Recovery", cents(r, 5, 30), { size: 7 });
  s.row(330, 576, 154, "Municipal License Tax", cents(r, 2, 9), { size: 7 });
  s.row(330, 576, 166, "Total Current Charges", money(+f.amountDue - +f.pastDue), { size: 7 });
  s.row(330, 576, 176, "Previous Balance Due", fmt.money(f.pastDue), { size: 7 });
  s.row(330, 576, 188, "Total Amount Due", fmt.money(f.amountDue), { size: 8, bold: true });
  const truth = truthOf(f, { history: f.history, ...stub });
  return { layout: "alpower", pdf: await s.bytes(), truth };
}

/** SMUD (Sacramento, SEALED): a three-period time-of-day bill, a bill comparison of three periods. */
async function smud(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "CA", {
    utility: "SMUD",
    rate: "Time-of-Day (5-8 p.m.) Rate",
    pastDue: r.chance(0.2),
  });
  f.account = r.digits(7);
  const s = await Sheet.create();
  s.text(36, 40, "SMUD", { size: 20, bold: true });
  s.text(36, 52, "Sacramento Municipal Utility District   smud.org   1-888-742-7683", { size: 7 });
  s.rule(60);
  const rows: [string, string][] = [
    ["Account number", f.account],
    ["Bill issue date", fmt.full(f.invoiceDate)],
    ["Billing period", `${fmt.short(f.periodStart)} - ${fmt.short(f.periodEnd)}`],
    ["Amount due", fmt.money(f.amountDue)],
    ["Payment due by", fmt.full(f.dueDate)],
  ];
  rows.forEach(([k, v], i) => s.row(330, 576, 76 + i * 11, k, v, { size: 8, bold: i === 3 }));
  s.text(36, 76, "Service address", { size: 7, bold: true });
  s.text(36, 87, addr1(f), { size: 8 });
  s.text(36, 97, `${f.service.city} CA ${f.service.zip}`, { size: 8 });
  s.text(36, 140, "Your electricity charges", { size: 9, bold: true });
  const kwh = f.meters[0].kwh, pk = Math.round(kwh * 0.12), mid = Math.round(kwh * 0.2), off = kwh - pk - mid;
  s.text(36, 152, `Rate: ${f.rate}   Meter ${f.meters[0].number}   ${days(f)} days`, { size: 7 });
  s.row(48, 300, 164, "System Infrastructure Fixed Charge", "$25.50", { size: 7 });
  s.row(48, 300, 174, `Off-Peak ${fmt.kwh(off)} kWh @ $0.1${r.digits(3)}`, cents(r, 20, 80), { size: 7 });
  s.row(48, 300, 184, `Mid-Peak ${fmt.kwh(mid)} kWh @ $0.1${r.digits(3)}`, cents(r, 10, 40), { size: 7 });
  s.row(48, 300, 194, `Peak ${fmt.kwh(pk)} kWh @ $0.3${r.digits(3)}`, cents(r, 10, 40), { size: 7 });
  s.row(48, 300, 204, "Hydro Generation Adjustment", cents(r, 0, 4), { size: 7 });
  s.row(48, 300, 214, "Sacramento City Utility Tax", cents(r, 2, 9), { size: 7 });
  s.row(36, 300, 228, "Current electricity charges", money(+f.amountDue - +f.pastDue), {
    size: 7,
    bold: true,
  });
  s.row(36, 300, 238, "Previous unpaid balance", fmt.money(f.pastDue), { size: 7 });
  s.text(330, 140, "Bill comparison", { size: 9, bold: true });
  const h = f.history;
  const cx = [330, 430, 480, 530];
  ["", "Days", "Total kWh", "kWh/day"].forEach((t, i) => s.text(cx[i], 152, t, { size: 7, bold: true }));
  ([["This period", h[12]], ["Last period", h[11]], ["Same period last year", h[0]]] as const).forEach((
    [label, m],
    k,
  ) => {
    const d = r.int(28, 33);
    [`${label} (${fmt.m3(m.month)} ${m.year})`, String(d), fmt.kwh(m.value), (m.value / d).toFixed(1)]
      .forEach((
        v,
        i,
      ) => s.text(cx[i], 163 + k * 10, v, { size: 7 }));
  });
  const stub = drawStub(s, r, f, 560, {
    returnText:
      "Please return this portion with your payment. SMUD, P.O. Box 15555, Sacramento, CA 95852-1555",
    remit: ["SMUD", "P.O. BOX 15555", "SACRAMENTO CA 95852-1555"],
    accountLabel: "Account number",
    amountLabel: "Amount due",
    dueLabel: "Payment due by",
    date: fmt.full,
  });
  const truth = truthOf(f, { history: [h[0], h[11], h[12]], ...stub });
  truth.electricityUsage.supplyRatePerKwh = ""; // three time-of-day prices, no single energy price
  return { layout: "smud", pdf: await s.bytes(), truth };
}

export const R10_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = { psegnj, cenhud, alpower, smud };
/** Round 10's sealed layouts (chosen before the first score); dev layouts since round 11 (once-only 80.8% / 1.6%). */
export const R10_SEALED = ["alpower", "smud"];
