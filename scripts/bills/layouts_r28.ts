// Round-28 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from their public "understanding your bill" / "how to read your bill" pages (label words, section names,
// charge names: tests/fixtures/bills/synthetic/SOURCES.md "Round 28 layouts"). Shapes: a co-op bill whose member
// information, billing dates, account, meter, **map location** and rate head a readings table (present, past,
// multiplier, kWh used), "Last Month's Bill" carrying the past due, a service availability charge and a kWh charge,
// and a usage history printed as a **row of months over a row of kWh** (Central Missouri Electric Cooperative,
// Missouri); a co-op bill whose energy is billed in parts — **G & T charges** per kWh (the energy bought from the
// supplier), a generation recovery per kWh, a base charge and a distribution charge per kWh — under an "Account &
// Meter Info" block, average kWh and cost per day, a bar graph of 13 months with each bar's kWh over it, "Account
// Receivable Info" and non-basic charges (Central Electric Cooperative, Pennsylvania); a co-op statement read on the
// **first day of each month**, its account summary with a district of record and a bill type, a service details
// section with opening and closing reads, average daily usage this year and last year and the average temperature,
// a usage history with temperatures, a base charge and an energy charge, the payment coupon with the statement
// period (Missoula Electric Cooperative, Montana); a mutual utility's statement with the meter, the dates of service,
// previous and current readings and a **multiplier** (kWh used = the readings' difference times it), a 13-month
// history printed as rows with a bar between the month and its kWh, previous unpaid balance and payments inside the
// charges, basic service and energy usage charges, city and state taxes, write-in boxes for the amount remitted and a
// donation (Lakeview Light & Power, Lakewood, Washington).
// Two of them are SEALED (R28_SEALED, drawn at random before the first score). Registered in layouts_heldout.ts.
// Truth conventions (earlier rounds, docs/bills.md): a co-op's energy (kWh) charge per kWh is its supply price (an
// adjustment is not it); a bill billing its energy in parts names the energy bought from the supplier (G & T, the
// generation and transmission of the supplier) as its supply price, the generation recovery and the distribution
// charge being other parts; the meter's kWh is the billed kWh (the readings' difference times the multiplier); the
// history months are those printed; an average per day or a temperature is no month's kWh.
import { drawStub } from "./stub.ts";
import type { Rng } from "./random_bill.ts";
import { truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, days, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  MO: [["Sedalia", "65301"], ["Marshall", "65340"], ["Smithton", "65350"], ["Windsor", "65360"]],
  PA: [["Parker", "16049"], ["Butler", "16001"], ["Clarion", "16214"], ["Kittanning", "16201"]],
  MT: [["Frenchtown", "59834"], ["Lolo", "59847"], ["Superior", "59872"], ["Seeley Lake", "59868"]],
  WA: [["Lakewood", "98498"], ["Lakewood", "98499"], ["University Place", "98467"], ["Steilacoom", "98388"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityOf = (a: { city: string; state: string; zip: string }) =>
  `${a.city.toUpperCase()} ${a.state} ${a.zip}`;
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const yy = (y: number) => String(y).slice(2);

/** Central Missouri Electric Cooperative: map location, readings table, last month's bill, months in a row. */
async function cmec(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MO", {
    utility: "Central Missouri Electric Cooperative",
    rate: "RES - Residential",
    pastDue: r.chance(0.25),
    mailElsewhere: r.chance(0.2),
  });
  f.supplyRate = `0.${r.pick(["09", "10", "11"])}${r.digits(3)}`;
  const k = f.meters[0].kwh, light = r.chance(0.4), sac = 31.5;
  const energy = k * +f.supplyRate, sub = sac + energy + (light ? 11.25 : 0), tax = sub * 0.0425;
  f.amountDue = (sub + tax).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 38, "CENTRAL MISSOURI ELECTRIC COOPERATIVE", { size: 12, bold: true });
  s.text(36, 50, "PO Box 939   Sedalia, MO 65302-0939   (660) 826-2900   www.cmec.coop", { size: 7 });
  s.text(36, 70, "MEMBER INFORMATION", { size: 7, bold: true });
  s.text(36, 80, f.name.toUpperCase(), { size: 8 });
  let y = 90;
  for (const l of [f.billing.line1, f.billing.line2].filter(Boolean)) {
    s.text(36, y, l.toUpperCase(), { size: 8 });
    y += 10;
  }
  s.text(36, y, cityOf(f.billing), { size: 8 });
  s.text(36, y + 10, `PHONE (660) ${r.digits(3)}-${r.digits(4)}`, { size: 7 });
  [
    ["Account Number", f.account],
    ["Billing Dates", `${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}`],
    ["Bill Date", fmt.slash(f.invoiceDate)],
    ["Map Location", `${r.int(10, 40)}-${r.int(10, 99)}-${r.digits(3)}`],
  ].forEach(([a, b], i) => s.row(340, 576, 70 + i * 10, a, b, { size: 7.5 }));
  s.text(36, 140, `SERVICE LOCATION  ${addr1(f).toUpperCase()}, ${cityOf(f.service)}`, { size: 7 });
  // the readings table: meter, rate, present, past, multiplier, kWh used
  const rd = r.int(10000, 80000);
  const cols = [36, 110, 200, 260, 320, 360];
  ["Meter Number", "Rate", "Present", "Past", "Mult", "kWh Used"].forEach((t, i) =>
    s.text(cols[i], 158, t, { size: 6.5, bold: true })
  );
  [f.meters[0].number, f.rate, String(rd + k), String(rd), "1", fmt.kwh(k)]
    .forEach((t, i) => s.text(cols[i], 168, t, { size: 7 }));
  s.text(36, 190, "CHARGES", { size: 9, bold: true });
  [
    ["Service Availability Charge", sac],
    [`KWH Charge ${fmt.kwh(k)} KWH @ ${f.supplyRate}`, energy],
    ...(light ? [["Area Light 100W LED", 11.25] as [string, number]] : []),
    ["Sales Tax", tax],
  ].forEach(([a, b], i) => s.row(48, 330, 202 + i * 10, String(a), money(+b), { size: 7 }));
  s.row(36, 330, 246, "Current Month's Charges", money(cur), { size: 7.5, bold: true });
  const { prev, paid } = summary(r, f);
  s.text(360, 190, "LAST MONTH'S BILL", { size: 9, bold: true });
  [
    ["Last Month's Bill", money(prev)],
    ["Payments Received", `-${money(paid)}`],
    ["Past Due Amount", money(+f.pastDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 202 + i * 10, a, b, { size: 7 }));
  s.row(360, 576, 240, "Total Month's Bill", fmt.money(f.amountDue), { size: 8, bold: true });
  s.row(360, 576, 252, "Due By", fmt.slash(f.dueDate), { size: 7.5 });
  // the history: the months in one row, their kWh in the row under them
  s.text(36, 280, "KWH USAGE HISTORY", { size: 9, bold: true });
  const h = f.history;
  h.forEach((m, i) => {
    const x = 36 + i * 41;
    s.text(x, 292, `${M3[m.month - 1].toUpperCase()} ${yy(m.year)}`, { size: 6, bold: true });
    s.text(x, 302, fmt.kwh(m.value), { size: 6.5 });
  });
  s.text(36, 316, "Compares your current usage to one year ago; taxes and area lights are not included.", {
    size: 6,
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Central Missouri Electric Cooperative.",
    remit: ["CENTRAL MISSOURI ELECTRIC COOP", "PO BOX 939", "SEDALIA MO 65302-0939"],
    accountLabel: "Account Number",
    amountLabel: "Total Month's Bill",
    dueLabel: "Due By",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: h, ...stub, service: upper(f.service) });
  return { layout: "cmec", pdf: await s.bytes(), truth };
}

/** Central Electric Cooperative (Pennsylvania): G & T charges, generation recovery, base and distribution charges. */
async function centralpa(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "PA", {
    utility: "Central Electric Cooperative",
    rate: "Rate Schedule R - Residential",
    pastDue: r.chance(0.25),
  });
  f.supplyRate = `0.0${r.int(6, 8)}${r.digits(3)}`;
  const k = f.meters[0].kwh, d = days(f);
  const gr = `0.00${r.int(2, 6)}${r.digits(2)}`, dist = `0.0${r.int(3, 4)}${r.digits(3)}`, base = 29.4;
  const gt = k * +f.supplyRate, gra = k * +gr, dst = k * +dist;
  const light = r.chance(0.35), roundUp = r.int(0, 99) / 100;
  f.amountDue = (gt + gra + base + dst + (light ? 9.6 : 0) + roundUp).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "Central Electric Cooperative, Inc.", { size: 14, bold: true });
  s.text(36, 52, "PO Box 329, Parker, PA 16049   724-399-4270   central.coop", { size: 7 });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityOf(f.service), { size: 8 });
  // the account and meter block
  s.text(330, 34, "ACCOUNT & METER INFO", { size: 8, bold: true });
  const rd = r.int(10000, 80000);
  [
    ["Account Number", f.account],
    ["Rate Schedule", f.rate],
    ["Billing Period", `${fmt.mon(f.periodStart)} - ${fmt.mon(f.periodEnd)}`],
    ["Meter Number", f.meters[0].number],
    ["Present Reading", String(rd + k)],
    ["Previous Reading", String(rd)],
    ["Kilowatt-hours Used", fmt.kwh(k)],
  ].forEach(([a, b], i) => s.row(330, 576, 46 + i * 10, a, b, { size: 7 }));
  s.text(36, 120, `Service Location: ${addr1(f).toUpperCase()}`, { size: 7 });
  // the charges: G & T, generation recovery, base, distribution; non-basic charges after
  s.text(36, 140, "CURRENT CHARGES", { size: 9, bold: true });
  [
    [`G & T Charges ${fmt.kwh(k)} kWh x ${f.supplyRate}`, gt],
    [`Generation Recovery ${fmt.kwh(k)} kWh x ${gr}`, gra],
    ["Base Charge", base],
    [`Distribution Charge ${fmt.kwh(k)} kWh x ${dist}`, dst],
  ].forEach(([a, b], i) => s.row(48, 300, 152 + i * 10, String(a), money(+b), { size: 7 }));
  s.text(36, 200, "NON-BASIC CHARGES", { size: 8, bold: true });
  [
    ...(light ? [["Security Light", 9.6] as [string, number]] : []),
    ["Operation Round Up", roundUp],
  ].forEach(([a, b], i) => s.row(48, 300, 212 + i * 10, String(a), money(+b), { size: 7 }));
  s.row(36, 300, 240, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  // account receivable info
  const { prev, paid } = summary(r, f);
  s.text(330, 140, "ACCOUNT RECEIVABLE INFO", { size: 8, bold: true });
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Past Due", money(+f.pastDue)],
    ["Current Amount Due", money(cur)],
  ].forEach(([a, b], i) => s.row(330, 576, 152 + i * 10, a, b, { size: 7 }));
  s.text(330, 204, "PAYMENT DUE", { size: 8, bold: true });
  s.row(330, 576, 216, `Pay by ${fmt.mon(f.dueDate)}`, fmt.money(f.amountDue), { size: 8, bold: true });
  // the kilowatt use history: averages per day and 13 bars, each bar's kWh printed over it
  s.text(36, 266, "KILOWATT USE HISTORY", { size: 9, bold: true });
  s.text(
    36,
    278,
    `Average kWh per day ${(k / d).toFixed(0)}   Average cost per day $${(cur / d).toFixed(2)}`,
    {
      size: 7,
    },
  );
  const h = f.history, maxV = Math.max(...h.map((m) => m.value));
  h.forEach((m, i) => {
    const x = 40 + i * 40, hgt = Math.round(60 * m.value / maxV);
    s.box(x + 8, 370 - hgt, 16, hgt);
    s.text(x + 6, 364 - hgt, String(m.value), { size: 6 });
    s.text(x + 6, 380, `${M3[m.month - 1]}`, { size: 6.5 });
  });
  s.text(40, 390, `${M3[h[0].month - 1]} ${h[0].year} - ${M3[h[12].month - 1]} ${h[12].year}`, { size: 6 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this stub with your payment to Central Electric Cooperative, Inc.",
    remit: ["CENTRAL ELECTRIC COOPERATIVE INC", "PO BOX 329", "PARKER PA 16049-0329"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Payment Due",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: h, ...stub, service: upper(f.service) });
  // the bill prints no statement date, and its service location as a street alone (round 15's convention: no
  // service city, state or ZIP; the mailing block is the billing address) — corrected before any reader change
  truth.billingInformation.invoiceDate = "";
  truth.customerInformation.serviceAddress = {
    ...truth.customerInformation.serviceAddress,
    city: "",
    state: "",
    zip: "",
  };
  return { layout: "centralpa", pdf: await s.bytes(), truth };
}

/** Missoula Electric Cooperative (Montana): read on the first of the month, district of record, opening/closing reads. */
async function missoula(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MT", {
    utility: "Missoula Electric Cooperative",
    rate: "Residential Service",
    pastDue: r.chance(0.2),
  });
  // meters read on the first day of each month: the period runs from one first to the next
  const e = f.periodEnd;
  f.periodStart = new Date(Date.UTC(e.getUTCFullYear(), e.getUTCMonth(), 1));
  f.periodEnd = new Date(Date.UTC(e.getUTCFullYear(), e.getUTCMonth() + 1, 1));
  f.invoiceDate = new Date(+f.periodEnd + r.int(3, 6) * 864e5);
  f.dueDate = new Date(+f.invoiceDate + 15 * 864e5);
  f.supplyRate = `0.0${r.int(7, 9)}${r.digits(3)}`;
  const k = f.meters[0].kwh, base = 37.5, energy = k * +f.supplyRate;
  f.amountDue = (base + energy).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "Missoula Electric Cooperative", { size: 14, bold: true });
  s.text(36, 52, "1700 W Broadway, Missoula, MT 59808   406-541-4433   missoulaelectric.com", { size: 7 });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityOf(f.service), { size: 8 });
  // account summary
  s.box(340, 28, 236, 86);
  s.text(348, 40, "ACCOUNT SUMMARY", { size: 8, bold: true });
  [
    ["Account Number", f.account],
    ["Statement Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Amount Due", fmt.money(f.amountDue)],
    ["District of Record", `District ${r.int(1, 7)}`],
    ["Bill Type", +f.pastDue ? "Past Due" : "Regular"],
  ].forEach(([a, b], i) => s.row(348, 568, 52 + i * 10, a, b, { size: 7, bold: i === 3 }));
  const { prev, paid } = summary(r, f);
  s.text(36, 132, "Previous Balance", { size: 7 });
  s.text(130, 132, money(prev), { size: 7 });
  s.text(200, 132, "Payments", { size: 7 });
  s.text(250, 132, `-${money(paid)}`, { size: 7 });
  s.text(320, 132, "Balance Forward", { size: 7 });
  s.text(400, 132, money(+f.pastDue), { size: 7 });
  // service details: the service, its reads, its averages
  s.text(36, 154, "SERVICE DETAILS", { size: 9, bold: true });
  s.text(
    36,
    166,
    `Service Location ${addr1(f).toUpperCase()}   Rate ${f.rate}   Meter ${f.meters[0].number}`,
    {
      size: 7,
    },
  );
  const rd = r.int(1000, 60000);
  const cols = [36, 120, 220, 300, 380];
  ["", "Read Date", "Reading", "", ""].forEach((t, i) =>
    t && s.text(cols[i], 180, t, { size: 6.5, bold: true })
  );
  [["Closing Read", fmt.slash(f.periodEnd), String(rd + k)], [
    "Opening Read",
    fmt.slash(f.periodStart),
    String(rd),
  ]]
    .forEach((row, j) => row.forEach((t, i) => s.text(cols[i], 190 + j * 10, t, { size: 7 })));
  s.text(36, 212, `Current Usage ${fmt.kwh(k)} kWh`, { size: 7, bold: true });
  const lastYear = f.history[0].value;
  [
    ["Average Daily Usage", "This Year", `${(k / days(f)).toFixed(1)} kWh`],
    ["", "Last Year", `${(lastYear / 30).toFixed(1)} kWh`],
    ["Average Temperature", "This Year", `${r.int(10, 80)}°F`],
  ].forEach((row, j) =>
    row.forEach((t, i) => t && s.text([330, 420, 480][i], 180 + j * 10, t, { size: 6.5 }))
  );
  s.text(36, 232, "CURRENT CHARGES", { size: 9, bold: true });
  [
    ["Base Charge", base],
    [`Energy Charge ${fmt.kwh(k)} kWh x $${f.supplyRate}`, energy],
  ].forEach(([a, b], i) => s.row(48, 330, 244 + i * 10, String(a), money(+b), { size: 7 }));
  s.row(36, 330, 266, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  // the usage history with the month's average temperature
  s.text(360, 232, "USAGE HISTORY", { size: 9, bold: true });
  ["Month", "kWh", "Avg Temp"].forEach((t, i) => s.text(360 + i * 60, 244, t, { size: 6.5, bold: true }));
  [...f.history].reverse().forEach((m, i) => {
    const yv = 254 + i * 9;
    s.text(360, yv, `${M3[m.month - 1]} ${m.year}`, { size: 6.5 });
    s.text(420, yv, fmt.kwh(m.value), { size: 6.5 });
    s.text(480, yv, `${r.int(10, 80)}°F`, { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: `Payment coupon. Statement period ${fmt.slash(f.periodStart)} - ${
      fmt.slash(f.periodEnd)
    }. Return with your payment.`,
    remit: ["MISSOULA ELECTRIC COOPERATIVE", "PO BOX 17487", "MISSOULA MT 59808-7487"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  // the service location is printed as a street alone (round 15's convention: no service city, state or ZIP) —
  // corrected before any reader change
  truth.customerInformation.serviceAddress = {
    ...truth.customerInformation.serviceAddress,
    city: "",
    state: "",
    zip: "",
  };
  return { layout: "missoula", pdf: await s.bytes(), truth };
}

/** Lakeview Light & Power (Washington): a multiplier, a 13-month history of bars, taxes, write-in boxes. */
async function lakeview(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "WA", {
    utility: "Lakeview Light & Power",
    rate: "Schedule 10 Residential",
    pastDue: r.chance(0.25),
  });
  const mult = r.pick([1, 1, 1, 10]);
  const k = Math.max(mult, Math.round(f.meters[0].kwh / mult) * mult);
  f.meters[0].kwh = k;
  f.history[f.history.length - 1].value = k;
  f.supplyRate = `0.0${r.int(8, 9)}${r.digits(3)}`;
  const basic = 14.5, energy = k * +f.supplyRate, city = (basic + energy) * 0.06;
  const state = (basic + energy) * 0.03873;
  f.amountDue = (basic + energy + city + state).toFixed(2);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "Lakeview Light & Power", { size: 15, bold: true });
  s.text(36, 52, "11509 Bridgeport Way SW, Lakewood, WA 98499   (253) 588-6661   lakeviewlight.com", {
    size: 7,
  });
  s.text(36, 62, "Report an outage 24 hours: (253) 588-6661   Office hours 8:00 - 4:30 Monday - Friday", {
    size: 6,
  });
  s.text(
    36,
    80,
    +f.pastDue ? "DELINQUENT NOTICE: your account has a past due balance." : "Thank you for being a member.",
    {
      size: 7,
      bold: true,
    },
  );
  s.text(36, 100, f.name.toUpperCase(), { size: 8 });
  s.text(36, 110, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 120, cityOf(f.service), { size: 8 });
  [
    ["Account No.", f.account],
    ["Statement Date", fmt.short(f.invoiceDate)],
    ["Due Date", fmt.short(f.dueDate)],
  ].forEach(([a, b], i) => s.row(380, 576, 80 + i * 10, a, b, { size: 7.5 }));
  // the meter line: meter, dates of service, previous and current readings, multiplier, kWh
  const rd = r.int(1000, 90000), diff = k / mult;
  const cols = [36, 100, 150, 200, 250, 300, 340];
  ["Meter", "From", "To", "Previous", "Current", "Mult", "kWh Used"].forEach((t, i) =>
    s.text(cols[i], 142, t, { size: 6.5, bold: true })
  );
  [
    f.meters[0].number,
    fmt.short(f.periodStart),
    fmt.short(f.periodEnd),
    String(rd),
    String(rd + diff),
    String(mult),
    fmt.kwh(k),
  ].forEach((t, i) => s.text(cols[i], 152, t, { size: 7 }));
  // the charges, the previous balance and payments inside them
  const { prev, paid } = summary(r, f);
  s.text(36, 176, "CURRENT MONTHLY SERVICE CHARGES", { size: 8, bold: true });
  [
    ["Previous Balance", money(prev)],
    ["Payments Received - Thank You", `-${money(paid)}`],
    ["Balance Due", money(+f.pastDue)],
    ["Basic Service Charge", money(basic)],
    [`Energy Usage ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(energy)],
    ["City Utility Tax 6%", money(city)],
    ["State Utility Tax 3.873%", money(state)],
    ["Total Current Charges", money(cur)],
  ].forEach(([a, b], i) => s.row(48, 330, 188 + i * 10, a, b, { size: 7, bold: i === 7 }));
  s.row(36, 330, 276, "TOTAL AMOUNT DUE", fmt.money(f.amountDue), { size: 8, bold: true });
  s.text(36, 288, `Payment must be received by ${fmt.short(f.dueDate)}.`, { size: 6.5 });
  // the 13-month graph: each month's row, a bar, its kWh
  s.text(360, 176, "13 MONTH USAGE", { size: 8, bold: true });
  const maxV = Math.max(...f.history.map((m) => m.value));
  f.history.forEach((m, i) => {
    const yv = 188 + i * 9;
    s.text(360, yv, `${M3[m.month - 1]} ${yy(m.year)}`, { size: 6.5 });
    s.box(392, yv - 6, Math.max(2, Math.round(120 * m.value / maxV)), 6);
    s.text(576, yv, fmt.kwh(m.value), { size: 6.5, right: true });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Amount Enclosed $________   Project Help donation $________   Lakeview Light & Power",
    remit: ["LAKEVIEW LIGHT & POWER", "PO BOX 98979", "LAKEWOOD WA 98496-8979"],
    accountLabel: "Account No.",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.short,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  // the bill prints no rate schedule (round 29, before any reader change: the truth held one never printed)
  truth.electricityUsage.electricRate = "";
  return { layout: "lakeview", pdf: await s.bytes(), truth };
}

export const R28_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  cmec,
  centralpa,
  missoula,
  lakeview,
};
/** Drawn at random from the four before the first score (`python3 -c 'import random;
 * print(random.SystemRandom().sample(["cmec","centralpa","missoula","lakeview"],2))'` → `['cmec', 'lakeview']`);
 * only their totals are read until the round's last change. */
export const R28_SEALED = ["cmec", "lakeview"];
