// Round-29 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from their public "read my bill" / "how to read your bill" pages (label words, section names, charge
// names: tests/fixtures/bills/synthetic/SOURCES.md "Round 29 layouts"). Shapes: a co-op bill whose basic charge is
// printed in parts — a **generation charge**, a transmission charge and a distribution charge per kWh, and a cost of
// service — its meter reading information with the total kWh of the last 12 months and their monthly average (no
// month's kWh), non-basic charges and "Total Amount Due By" (Northwestern Rural Electric Cooperative, Pennsylvania);
// a city's statement whose **stub is at the top** (bill number, customer number, account number, bill date, due date,
// balance forward, current charges, balance due now) over the part kept, with the actual bill days and a service
// table — description, previous and current read dates and readings, read code, usage, charge — for electric, water,
// sewer and refuse, and utility taxes (City of Radford, Virginia); a city utilities' bill with the date mailed, bill
// notes, the amount due by the due date and after it, a **history of 13 months with electric, gas and water columns
// and the average temperature**, each service's description, meter, service period, days, usage and charge, and the
// service address with its amount due (Nebraska City Utilities, Nebraska); a city's bill whose top portion is
// returned with the payment, 13-month bar graphs of kWh and of gallons with each bar's value over it, an unpaid prior
// balance, the services with their readings, taxes, the **net amount due**, a penalty date and the **gross amount**
// (City of Lebanon, Ohio).
// Two of them were SEALED in round 29 (R29_SEALED, drawn at random before the first score; dev layouts since round
// 30). Registered in layouts_heldout.ts.
// Truth conventions (earlier rounds, docs/bills.md): a bill billing its energy in parts names the generation (the
// energy bought) as its supply price; a city's energy charge per kWh is its supply price; a service location printed
// as a street alone has no city, state or ZIP; the amount due is the amount due by the due date (a net amount, not
// the gross amount after it); a 12-month total or average is no month's kWh; gas and water are no electric months.
import { drawStub } from "./stub.ts";
import type { Rng } from "./random_bill.ts";
import { truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, days, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  PA: [["Cambridge Springs", "16403"], ["Meadville", "16335"], ["Saegertown", "16433"], [
    "Conneautville",
    "16406",
  ]],
  VA: [["Radford", "24141"], ["Radford", "24141"], ["Radford", "24142"], ["Radford", "24143"]],
  NE: [["Nebraska City", "68410"], ["Nebraska City", "68410"], ["Nebraska City", "68410"], [
    "Nebraska City",
    "68410",
  ]],
  OH: [["Lebanon", "45036"], ["Lebanon", "45036"], ["Lebanon", "45036"], ["Lebanon", "45036"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityOf = (a: { city: string; state: string; zip: string }) =>
  `${a.city.toUpperCase()} ${a.state} ${a.zip}`;
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const yy = (y: number) => String(y).slice(2);
const streetOnly = <T extends { city: string; state: string; zip: string }>(a: T): T => ({
  ...a,
  city: "",
  state: "",
  zip: "",
});

/** A table: its header in bold at y, its rows from y0 on, 10 points apart (an empty cell is not drawn). */
function grid(s: Sheet, cols: number[], y: number, header: string[], y0: number, rows: string[][]) {
  header.forEach((t, i) => s.text(cols[i], y, t, { size: 6.5, bold: true }));
  rows.forEach((row, j) => row.forEach((t, i) => t && s.text(cols[i], y0 + j * 10, t, { size: 7 })));
}

/** Northwestern REC (Pennsylvania): generation, transmission and distribution charges, 12-month total and average. */
async function nwrec(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "PA", {
    utility: "Northwestern Rural Electric Cooperative Association",
    rate: "Residential Service - RS",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.25),
  });
  f.supplyRate = `0.0${r.int(5, 7)}${r.digits(3)}`;
  const k = f.meters[0].kwh;
  const tr = `0.0${r.int(1, 2)}${r.digits(3)}`, dist = `0.0${r.int(3, 4)}${r.digits(3)}`, cos = 32.25;
  const gen = k * +f.supplyRate, trn = k * +tr, dst = k * +dist;
  const light = r.chance(0.4), roundUp = r.chance(0.5) ? r.int(1, 99) / 100 : 0;
  f.amountDue = (gen + trn + dst + cos + (light ? 10.95 : 0) + roundUp).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "NORTHWESTERN REC", { size: 15, bold: true });
  s.text(36, 52, "Northwestern Rural Electric Cooperative Association, Inc.", { size: 7 });
  s.text(
    36,
    61,
    "22534 State Highway 86, Cambridge Springs, PA 16403   1-800-352-0014   northwesternrec.com",
    {
      size: 6.5,
    },
  );
  s.text(36, 82, f.name.toUpperCase(), { size: 8 });
  let y = 92;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(36, y, l.toUpperCase(), { size: 8 });
    y += 10;
  }
  s.text(36, y, cityOf(f.billing), { size: 8 });
  [
    ["Billing Date", fmt.slash(f.invoiceDate)],
    ["Account Number", f.account],
    ["Service Address", addr1(f).toUpperCase()],
    ["Rate", f.rate],
  ].forEach(([a, b], i) => s.row(330, 576, 82 + i * 10, a, b, { size: 7.5 }));
  // the basic charges: generation, transmission and distribution per kWh, the cost of service
  s.text(36, 140, "BASIC CHARGES", { size: 9, bold: true });
  [
    [`Generation Charge ${fmt.kwh(k)} kWh @ ${f.supplyRate}`, gen],
    [`Transmission Charge ${fmt.kwh(k)} kWh @ ${tr}`, trn],
    [`Distribution Charge ${fmt.kwh(k)} kWh @ ${dist}`, dst],
    ["Cost of Service", cos],
  ].forEach(([a, b], i) => s.row(48, 300, 152 + i * 10, String(a), money(+b), { size: 7 }));
  s.text(36, 200, "NON-BASIC CHARGES", { size: 8, bold: true });
  [
    ...(light ? [["Outdoor Lighting 100W", 10.95] as [string, number]] : []),
    ...(roundUp ? [["Operation Round Up", roundUp] as [string, number]] : []),
  ].forEach(([a, b], i) => s.row(48, 300, 212 + i * 10, String(a), money(+b), { size: 7 }));
  s.row(36, 300, 240, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payment Received", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
  ].forEach(([a, b], i) => s.row(330, 576, 152 + i * 10, a, b, { size: 7 }));
  s.row(330, 576, 200, `Total Amount Due By ${fmt.slash(f.dueDate)}`, fmt.money(f.amountDue), {
    size: 8,
    bold: true,
  });
  // meter reading information: present and previous, kWh, dates, the last 12 months' total and average
  s.text(36, 266, "METER READING INFORMATION", { size: 9, bold: true });
  const rd = r.int(10000, 80000);
  grid(
    s,
    [36, 110, 170, 230, 290, 350],
    278,
    ["Meter", "From", "To", "Previous", "Present", "kWh Used"],
    288,
    [[
      f.meters[0].number,
      fmt.slash(f.periodStart),
      fmt.slash(f.periodEnd),
      String(rd),
      String(rd + k),
      fmt.kwh(k),
    ]],
  );
  const year = f.history.slice(1).reduce((a, m) => a + m.value, 0);
  s.text(
    36,
    304,
    `Total kWh Last 12 Months ${fmt.kwh(year)}   Monthly Average ${fmt.kwh(Math.round(year / 12))}`,
    {
      size: 7,
    },
  );
  s.text(36, 316, `Days in Billing Period ${days(f)}`, { size: 7 });
  s.text(36, 340, "Definitions of the numbered areas are printed on the back of this bill.", { size: 6 });
  const stub = drawStub(s, r, f, 560, {
    returnText:
      "Return this portion with your payment to Northwestern REC. Budget bills show the budget amount.",
    remit: ["NORTHWESTERN REC", "PO BOX 207", "CAMBRIDGE SPRINGS PA 16403-0207"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount",
    dueLabel: "Due By",
    date: fmt.slash,
  });
  // the service address is printed as a street alone; no month's kWh is printed (a total and an average)
  const truth = truthOf(f, { history: [], ...stub, service: streetOnly(upper(f.service)) });
  return { layout: "nwrec", pdf: await s.bytes(), truth };
}

/** City of Radford (Virginia): the stub on top, bill and customer numbers, a service table with read codes. */
async function radford(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "VA", {
    utility: "City of Radford",
    rate: "RESIDENTIAL ELECTRIC",
    pastDue: r.chance(0.25),
  });
  f.supplyRate = `0.0${r.int(8, 9)}${r.digits(4)}`;
  const k = f.meters[0].kwh, d = days(f);
  const elec = 12.5 + k * +f.supplyRate, hg = r.int(20, 90);
  const water = 9.8 + hg * 0.0625 * 10, sewer = 11.4 + hg * 0.071 * 10, refuse = 14;
  const tax = Math.min(3, elec * 0.2);
  f.amountDue = (elec + water + sewer + refuse + tax).toFixed(2);
  const cur = owed(f);
  const billNo = r.digits(7), cust = r.digits(6);
  const s = await Sheet.create();
  // the stub returned with the payment, on top
  s.text(36, 36, "CITY OF RADFORD", { size: 12, bold: true });
  s.text(36, 46, "Billing and Service Office   10 Robertson Street   Radford, VA 24141   (540) 731-3603", {
    size: 6.5,
  });
  [
    ["Bill Number", billNo],
    ["Customer Number", cust],
    ["Account Number", f.account],
    ["Bill Date", fmt.short(f.invoiceDate)],
    ["Due Date", fmt.short(f.dueDate)],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Balance Due Now", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(380, 576, 36 + i * 10, a, b, { size: 7, bold: i === 7 }));
  s.text(60, 84, f.name.toUpperCase(), { size: 9 });
  s.text(60, 95, addr1(f).toUpperCase(), { size: 9 });
  s.text(60, 106, cityOf(f.billing), { size: 9 });
  s.text(36, 126, "Comments are printed on the back of this bill.", { size: 6 });
  s.rule(140, 36, 576, true);
  // the part kept: the city, the customer and the service address, the numbers again
  s.text(36, 160, "CITY OF RADFORD", { size: 10, bold: true });
  s.text(36, 170, "10 Robertson Street, Radford, VA 24141", { size: 7 });
  s.text(36, 186, f.name.toUpperCase(), { size: 8 });
  s.text(36, 196, `SERVICE ADDRESS: ${addr1(f).toUpperCase()}`, { size: 8 });
  [
    ["Bill Number", billNo],
    ["Customer Number", cust],
    ["Account Number", f.account],
    ["Bill Date", fmt.short(f.invoiceDate)],
    ["Actual Bill Days", String(d)],
    ["Due Date For Current Charges", fmt.short(f.dueDate)],
  ].forEach(([a, b], i) => s.row(360, 576, 160 + i * 10, a, b, { size: 7 }));
  // the service table
  const rd = r.int(10000, 90000), wr = r.int(1000, 9000);
  const p = fmt.short(f.periodStart), c = fmt.short(f.periodEnd);
  const head = [
    "Service",
    "Prev Date",
    "Curr Date",
    "Previous",
    "Current",
    "Code",
    "Usage",
    "Rate",
    "Charges",
  ];
  grid(s, [36, 130, 180, 230, 280, 330, 370, 420, 500], 234, head, 246, [
    ["ELECTRIC", p, c, String(rd), String(rd + k), "A", `${fmt.kwh(k)} KWH`, `${f.supplyRate}`, money(elec)],
    ["WATER", p, c, String(wr), String(wr + hg), "A", String(hg), "", money(water)],
    ["SEWER", "", "", "", "", "", String(hg), "", money(sewer)],
    ["REFUSE", "", "", "", "", "", "", "", money(refuse)],
    ["UTILITY TAX - ELECTRIC", "", "", "", "", "", "", "", money(tax)],
  ]);
  s.text(36, 302, `Rate: ${f.rate}   Water and sewer usage in hundreds of gallons`, { size: 6.5 });
  s.row(330, 576, 320, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  s.row(330, 576, 332, "Balance Forward", money(+f.pastDue), { size: 7.5 });
  s.row(330, 576, 344, "Balance Due Now", fmt.money(f.amountDue), { size: 8, bold: true });
  s.text(36, 370, "Read codes: A-Actual Read, E-Estimated, M-Manual Read, F-Final Read.", { size: 6 });
  s.text(36, 380, "A late charge of 5% is added to the amount due if not paid by the due date.", { size: 6 });
  const stub = drawStub(s, r, f, 600, {
    returnText: "Keep this portion for your records.",
    remit: ["CITY OF RADFORD", "10 ROBERTSON STREET", "RADFORD VA 24141"],
    accountLabel: "Account Number",
    amountLabel: "Balance Due Now",
    dueLabel: "Due Date",
    date: fmt.short,
  });
  const truth = truthOf(f, { history: [], ...stub, service: streetOnly(upper(f.service)) });
  // the service table prints no meter number (corrected before any reader change)
  truth.electricityUsage.meters[0].meterNumber = "";
  return { layout: "radford", pdf: await s.bytes(), truth };
}

/** Nebraska City Utilities: date mailed, amount before and after the due date, a 13-month history of 3 services. */
async function nebcity(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NE", {
    utility: "Nebraska City Utilities",
    rate: "Residential",
    pastDue: r.chance(0.25),
  });
  f.supplyRate = `0.0${r.int(7, 9)}${r.digits(3)}`;
  const k = f.meters[0].kwh, d = days(f);
  const ccf = r.int(10, 140), kgal = r.int(2, 12);
  const elec = 18 + k * +f.supplyRate, gas = 14 + ccf * 0.82, water = 16 + kgal * 4.1;
  f.amountDue = (elec + gas + water).toFixed(2);
  const cur = owed(f);
  const late = +f.amountDue + cur * 0.05;
  const s = await Sheet.create();
  s.text(36, 40, "Nebraska City Utilities", { size: 14, bold: true });
  s.text(36, 52, "1002 Central Avenue   Nebraska City, NE 68410   (402) 873-3334", { size: 7 });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityOf(f.billing), { size: 8 });
  s.box(340, 30, 236, 72);
  [
    ["Account Number", f.account],
    ["Date Mailed", fmt.slash(f.invoiceDate)],
    [`Amount Due by ${fmt.slash(f.dueDate)}`, fmt.money(f.amountDue)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Amount Due After Due Date", money(late)],
  ].forEach(([a, b], i) => s.row(348, 568, 44 + i * 11, a, b, { size: 7.5, bold: i === 2 }));
  s.text(36, 116, `Bill Notes: ${+f.pastDue ? `Past Due Balance ${money(+f.pastDue)}` : "Thank you"}`, {
    size: 7,
  });
  // each service: description and meter, service period, days and usage, charge
  s.text(36, 140, "SERVICE DETAIL", { size: 9, bold: true });
  const per = `${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}`;
  grid(
    s,
    [36, 120, 190, 300, 340, 420],
    152,
    ["Service", "Meter", "Service Period", "Days", "Usage", "Charge"],
    164,
    [
      [`Electric ${f.rate}`, f.meters[0].number, per, String(d), `${fmt.kwh(k)} KWH`, money(elec)],
      ["Natural Gas", r.digits(7), per, String(d), `${ccf} CCF`, money(gas)],
      ["Water", r.digits(8), per, String(d), `${kgal},000 GAL`, money(water)],
    ],
  );
  s.text(36, 200, `Electric energy ${fmt.kwh(k)} KWH @ $${f.supplyRate} per KWH; customer charge $18.00`, {
    size: 6.5,
  });
  s.row(36, 460, 218, `Service Address ${addr1(f).toUpperCase()}   Amount Due`, money(cur), {
    size: 7.5,
    bold: true,
  });
  if (+f.pastDue) s.row(36, 460, 230, "Past Due Balance", money(+f.pastDue), { size: 7.5 });
  s.row(36, 460, 242, "Total Amount Due", fmt.money(f.amountDue), { size: 8, bold: true });
  // the history: 13 months, electric kWh, gas CCF, water gallons and the area's average temperature
  s.text(36, 268, "SERVICE HISTORY", { size: 9, bold: true });
  const hc = [36, 100, 160, 220, 290];
  ["Month", "Electric KWH", "Gas CCF", "Water GAL", "Avg Temp"].forEach((t, i) =>
    s.text(hc[i], 280, t, { size: 6.5, bold: true })
  );
  [...f.history].reverse().forEach((m, i) => {
    const yv = 290 + i * 9;
    [
      `${M3[m.month - 1]} ${yy(m.year)}`,
      fmt.kwh(m.value),
      String(r.int(8, 150)),
      fmt.kwh(r.int(2, 12) * 1000),
      `${r.int(12, 88)}`,
    ].forEach((t, j) => s.text(hc[j], yv, t, { size: 6.5 }));
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Nebraska City Utilities.",
    remit: ["NEBRASKA CITY UTILITIES", "PO BOX 70", "NEBRASKA CITY NE 68410-0070"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: streetOnly(upper(f.service)) });
  // no past due is printed when there is none (corrected before any reader change: the truth held "0.00")
  if (!+f.pastDue) truth.billingInformation.pastDue = "";
  return { layout: "nebcity", pdf: await s.bytes(), truth };
}

/** City of Lebanon (Ohio): top portion returned, bar graphs of kWh and gallons, net amount, penalty date, gross. */
async function lebanon(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "OH", {
    utility: "City of Lebanon",
    rate: "Residential Electric",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.2),
  });
  f.supplyRate = `0.${r.pick(["09", "10", "11"])}${r.digits(3)}`;
  const k = f.meters[0].kwh, gal = r.int(2, 14) * 1000;
  const elec = 9.5 + k * +f.supplyRate, water = 12 + gal / 1000 * 6.2, sewer = 15 + gal / 1000 * 7.1;
  const trash = 19.75, tax = elec * 0.0465;
  f.amountDue = (elec + water + sewer + trash + tax).toFixed(2);
  const cur = owed(f);
  const gross = +f.amountDue + cur * 0.1;
  const penalty = new Date(+f.dueDate + 86400000);
  const s = await Sheet.create();
  // the top portion, returned with the payment
  s.text(36, 36, "CITY OF LEBANON", { size: 12, bold: true });
  s.text(36, 46, "Utilities Department   50 South Broadway   Lebanon, Ohio 45036   (513) 228-3200", {
    size: 6.5,
  });
  [
    ["Account Number", f.account],
    ["Billing Date", fmt.mon(f.invoiceDate)],
    ["Net Amount Due", fmt.money(f.amountDue)],
    ["Penalty Date", fmt.mon(penalty)],
    ["Gross Amount", money(gross)],
  ].forEach(([a, b], i) => s.row(380, 576, 36 + i * 10, a, b, { size: 7, bold: i === 2 }));
  s.text(60, 92, f.name.toUpperCase(), { size: 9 });
  let y = 103;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(60, y, l.toUpperCase(), { size: 9 });
    y += 11;
  }
  s.text(60, y, cityOf(f.billing), { size: 9 });
  s.text(
    36,
    138,
    "Return this top portion with your payment. Drive-thru window and night depository at City Hall.",
    {
      size: 6,
    },
  );
  s.rule(146, 36, 576, true);
  // what was billed, what is owed, when it is due
  s.text(36, 164, `SERVICE LOCATION ${addr1(f).toUpperCase()}`, { size: 8, bold: true });
  s.text(36, 176, `Service Period ${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)}`, { size: 7 });
  const { prev, paid } = summary(r, f);
  const rd = r.int(10000, 90000), wr = r.int(100, 900);
  grid(
    s,
    [36, 150, 210, 270, 330, 420],
    194,
    ["Service", "Meter", "Previous", "Present", "Usage", "Amount"],
    206,
    [
      ["UNPAID PRIOR BALANCE", "", "", "", "", money(+f.pastDue)],
      [
        `ELECTRIC ${f.rate.toUpperCase()}`,
        f.meters[0].number,
        String(rd),
        String(rd + k),
        `${fmt.kwh(k)} KWH`,
        money(elec),
      ],
      ["WATER", r.digits(8), String(wr), String(wr + gal / 1000), `${fmt.kwh(gal)} GAL`, money(water)],
      ["SEWER", "", "", "", `${fmt.kwh(gal)} GAL`, money(sewer)],
      ["SANITATION", "", "", "", "", money(trash)],
      ["KWH TAX", "", "", "", "", money(tax)],
    ],
  );
  s.text(36, 272, `Electric energy charge ${f.supplyRate} per KWH; customer charge $9.50`, { size: 6.5 });
  s.text(36, 282, `Previous bill ${money(prev)}   Payments ${money(paid)}`, { size: 6.5 });
  s.row(300, 576, 300, "NET AMOUNT DUE UPON RECEIPT", fmt.money(f.amountDue), { size: 8, bold: true });
  s.row(300, 576, 312, `If paid after ${fmt.mon(f.dueDate)} pay gross amount`, money(gross), { size: 7 });
  // 13-month bar graphs: kWh and gallons, each bar's value over it
  s.text(36, 336, "ELECTRIC KWH - 13 MONTHS", { size: 8, bold: true });
  const maxV = Math.max(...f.history.map((m) => m.value));
  f.history.forEach((m, i) => {
    const x = 36 + i * 20, hgt = Math.round(50 * m.value / maxV);
    s.box(x + 3, 410 - hgt, 12, hgt);
    s.text(x, 404 - hgt, String(m.value), { size: 5 });
    s.text(x + 2, 420, `${M3[m.month - 1].slice(0, 1)}`, { size: 6 });
  });
  s.text(
    36,
    430,
    `${M3[f.history[0].month - 1]} ${f.history[0].year} - ${M3[f.history[12].month - 1]} ${
      f.history[12].year
    }`,
    { size: 6 },
  );
  s.text(320, 336, "WATER GALLONS - 13 MONTHS", { size: 8, bold: true });
  const wh = f.history.map(() => r.int(2, 14));
  const maxW = Math.max(...wh);
  wh.forEach((v, i) => {
    const x = 320 + i * 19, hgt = Math.round(50 * v / maxW);
    s.box(x + 3, 410 - hgt, 11, hgt);
    s.text(x, 404 - hgt, `${v}K`, { size: 5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Other questions? Answers to frequently asked questions are on the back of this bill.",
    remit: ["CITY OF LEBANON", "PO BOX 8", "LEBANON OH 45036-0008"],
    accountLabel: "Account Number",
    amountLabel: "Net Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: streetOnly(upper(f.service)) });
  // the rate as printed, in capitals (round 30's correction: the truth held it in mixed case, never printed so)
  truth.electricityUsage.electricRate = f.rate.toUpperCase();
  return { layout: "lebanon", pdf: await s.bytes(), truth };
}

export const R29_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  nwrec,
  radford,
  nebcity,
  lebanon,
};
/** Drawn at random from the four before the first score (`python3 -c 'import random;
 * print(random.SystemRandom().sample(["nwrec","radford","nebcity","lebanon"],2))'` → `['lebanon', 'nwrec']`);
 * only their totals are read until the round's last change. */
export const R29_SEALED = ["lebanon", "nwrec"];
