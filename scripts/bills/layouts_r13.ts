// Round-13 held-out bill layouts (issue #11): six utilities the corpus had no layout of, written from their public
// "how to read your bill" pages (label words, section names, table shapes: tests/fixtures/bills/synthetic/
// SOURCES.md). Shapes: customer information, a billing summary, usage information comparing this month, last month
// and last year, "Details of Your Electric Charges" with a generation charge per kWh and the price to compare (PECO);
// a summary circle holding the month's kWh and the amount owed, the amount due, due date, the date the bill was
// mailed and an 11-digit account number in a band at the top right, the address billed, generation, delivery and
// taxes (Appalachian Power); "Billing Summary", "Amount Due by Due Date", the electric charges with the actual or
// estimated reading, the date the meter was read and the window of the next read, a budget plan's accumulated
// balance (Kentucky Utilities); a basic service charge, an energy charge in summer or in winter blocks, the energy
// adjustment clause, the energy efficiency charge and the rate code in the electric charges (MidAmerican Energy);
// a Summary of Service with previous and current activity, electric, water, wastewater and city services, tiered
// electric charges and the penalty after the date due (Austin Energy); the account number, the date the bill was
// produced and the amount due, an account summary, a budget billing summary, delivery and supply charges, meters
// read every other month and estimated in between (NYSEG). Two of them are SEALED (R13_SEALED, drawn at random
// before the first score). Registered in layouts_heldout.ts.
// Conventions for the truths (docs/bills.md "Round 13"): a bill printing more than one block (tier) price for its
// energy has no supply price; a previous balance the printed payments cleared is a past due of "0.00"; an
// adjustment priced per kWh (fuel, energy adjustment clause, power supply adjustment) is not the supply price; a
// bundled energy charge priced once is (Ameren's convention); on a multi-service bill only the electric usage is
// the usage.
import { drawStub } from "./stub.ts";
import { type Facts, type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, cents, days, placedIn, upper } from "./layouts_r9.ts";

const TOWNS: Record<string, [string, string][]> = {
  PA: [["Philadelphia", "19143"], ["Norristown", "19401"], ["Media", "19063"], ["West Chester", "19380"]],
  VA: [["Roanoke", "24015"], ["Lynchburg", "24502"], ["Blacksburg", "24060"], ["Christiansburg", "24073"]],
  KY: [["Lexington", "40502"], ["Frankfort", "40601"], ["Richmond", "40475"], ["Danville", "40422"]],
  IA: [["Des Moines", "50310"], ["Davenport", "52803"], ["Sioux City", "51104"], ["Waterloo", "50701"]],
  TX: [["Austin", "78704"], ["Austin", "78745"], ["Austin", "78751"], ["Austin", "78723"]],
  NY: [["Binghamton", "13905"], ["Ithaca", "14850"], ["Elmira", "14901"], ["Auburn", "13021"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
/** The facts' amount is this period's charges; the amount due adds the unpaid balance carried from the last bill. */
export function owed(f: Facts): number {
  const cur = +f.amountDue;
  f.amountDue = (cur + +f.pastDue).toFixed(2);
  return cur;
}
const mdy = (d: Date) => `${fmt.m3(d.getUTCMonth() + 1)} ${d.getUTCDate()}`;
/** Previous balance, payments that leave the carried balance unpaid, the balance forward: the summary's lines. */
export function summary(r: Rng, f: Facts): { prev: number; paid: number } {
  const paid = r.int(5000, 24000) / 100;
  return { prev: paid + +f.pastDue, paid };
}

/** PECO (Pennsylvania): customer information, billing summary, usage information, details of the electric charges. */
async function peco(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "PA", {
    utility: "PECO",
    rate: "R - Residential Service",
    pastDue: r.chance(0.25),
  });
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "peco", { size: 22, bold: true });
  s.text(36, 52, "An Exelon Company   peco.com   1-800-494-4000", { size: 7 });
  s.text(330, 30, "Customer Information", { size: 8, bold: true });
  [
    ["Account Number", f.account],
    ["Billing Date", fmt.mon(f.invoiceDate)],
    ["Service Address", addr1(f).toUpperCase()],
    ["", `${f.service.city.toUpperCase()} PA ${f.service.zip}`],
  ].forEach(([a, b], i) => s.row(330, 576, 42 + i * 10, a, b, { size: 7 }));
  s.text(36, 84, f.name.toUpperCase(), { size: 8 });
  s.text(36, 108, "Billing Summary", { size: 10, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payment(s) Received", `-${money(paid)}`],
    ["Remaining Balance", money(+f.pastDue)],
    ["New Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 280, 120 + i * 10, a, b, { size: 7.5, bold: i === 4 }));
  s.text(36, 176, `Please pay by ${fmt.mon(f.dueDate)}`, { size: 8, bold: true });
  // usage information: this month, last month and this month last year, as bars with their kWh
  s.text(330, 108, "Usage Information", { size: 10, bold: true });
  const h = f.history, now = h[12], last = h[11], ly = h[0];
  const top = Math.max(now.value, last.value, ly.value);
  [[ly, "Last Year"], [last, "Last Month"], [now, "This Month"]].forEach(([m, t], i) => {
    const mm = m as Facts["history"][number];
    const hg = Math.round(50 * mm.value / top);
    s.box(340 + i * 70, 180 - hg, 40, hg);
    s.text(340 + i * 70, 176 - hg, `${fmt.kwh(mm.value)} kWh`, { size: 6.5 });
    s.text(340 + i * 70, 190, `${t as string}`, { size: 6.5 });
    s.text(340 + i * 70, 199, `${fmt.m3(mm.month)} ${mm.year}`, { size: 6.5 });
  });
  s.text(36, 220, "Details of Your Electric Charges", { size: 10, bold: true });
  const k = f.meters[0].kwh, rd = r.int(10000, 90000);
  s.text(
    36,
    232,
    `${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)} (${days(f)} days)   Rate ${f.rate}`,
    { size: 7 },
  );
  s.text(
    36,
    242,
    `Meter # ${f.meters[0].number}   Actual Reading ${rd + k}   Previous Actual Reading ${rd}   ${
      fmt.kwh(k)
    } kWh`,
    { size: 7 },
  );
  s.text(36, 256, "Electric Supply Charges", { size: 8, bold: true });
  s.row(48, 330, 266, `Generation Charge ${fmt.kwh(k)} kWh X $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 276, `Transmission Charge ${fmt.kwh(k)} kWh X $0.0${r.digits(4)}`, cents(r, 8, 25), {
    size: 7,
  });
  s.text(36, 290, "Electric Delivery Charges", { size: 8, bold: true });
  s.row(48, 330, 300, "Customer Charge", "$10.71", { size: 7 });
  s.row(48, 330, 310, `Distribution Charge ${fmt.kwh(k)} kWh X $0.0${r.digits(4)}`, cents(r, 30, 90), {
    size: 7,
  });
  s.row(48, 330, 320, "State Tax Surcharge", cents(r, 0, 2), { size: 7 });
  s.row(36, 330, 334, "Total Electric Charges", money(cur), { size: 7.5, bold: true });
  const ptc = (+f.supplyRate * 100 + r.int(60, 190) / 100).toFixed(2);
  s.text(
    36,
    352,
    `Your Price to Compare is ${ptc} cents per kWh for ${fmt.m3(f.periodEnd.getUTCMonth() + 1)}.`,
    {
      size: 7,
    },
  );
  s.text(
    36,
    362,
    "To save, a supplier's price must be lower than PECO's Price to Compare. papowerswitch.com",
    {
      size: 7,
    },
  );
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Make checks payable to PECO.",
    remit: ["PECO", "PO BOX 37629", "PHILADELPHIA PA 19101-0629"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Please pay by",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: [ly, last, now], ...stub, service: upper(f.service) });
  return { layout: "peco", pdf: await s.bytes(), truth };
}

/** Appalachian Power (Virginia, AEP): a top band with amount, due date, bill mailed, account; a summary circle. */
async function apco(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "VA", {
    utility: "Appalachian Power",
    rate: "RS Residential Service",
    pastDue: r.chance(0.2),
  });
  f.account = r.digits(11);
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "APPALACHIAN POWER", { size: 15, bold: true });
  s.text(36, 51, "An AEP Company   AppalachianPower.com   1-800-956-4237", { size: 7 });
  s.box(340, 26, 236, 58);
  s.row(346, 570, 38, "Amount Due", fmt.money(f.amountDue), { size: 10, bold: true });
  s.row(346, 570, 50, "Due Date", fmt.full(f.dueDate), { size: 8 });
  s.row(346, 570, 62, "Bill Mailed", fmt.full(f.invoiceDate), { size: 8 });
  s.row(346, 570, 74, "Account Number", f.account, { size: 8 });
  s.text(36, 74, "Address billed:", { size: 7 });
  s.text(36, 84, f.name.toUpperCase(), { size: 8 });
  s.text(36, 94, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 104, `${f.service.city.toUpperCase()} VA ${f.service.zip}`, { size: 8 });
  // the summary circle: kWh used above, the amount owed below, the shares of the bill around it
  const k = f.meters[0].kwh, gen = cur * 0.55, del = cur * 0.35;
  s.box(40, 130, 120, 80);
  s.text(70, 150, `${fmt.kwh(k)} kWh`, { size: 10, bold: true });
  s.text(70, 165, "used this period", { size: 6 });
  s.text(70, 186, money(cur), { size: 10, bold: true });
  s.text(70, 198, "for this month's service", { size: 6 });
  s.text(170, 140, `Generation ${money(gen)}`, { size: 6.5 });
  s.text(170, 152, `Delivery ${money(del)}`, { size: 6.5 });
  s.text(170, 164, `Taxes and Fees ${money(cur - gen - del)}`, { size: 6.5 });
  s.text(340, 100, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments Received", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(340, 576, 112 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 232, "Meter Reading Information", { size: 9, bold: true });
  const mx = [36, 110, 190, 260, 330, 400];
  ["Meter", "Read Dates", "", "Previous", "Present", "kWh Used"].forEach((t, i) =>
    s.text(mx[i], 244, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 90000);
  [
    f.meters[0].number,
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(rd),
    String(rd + k),
    fmt.kwh(k),
  ].forEach((v, i) => s.text(mx[i], 254, v, { size: 6.5 }));
  s.text(36, 268, `Tariff: ${f.rate}   Billing Days ${days(f)}`, { size: 7 });
  s.text(36, 284, "Generation", { size: 8, bold: true });
  s.row(48, 330, 294, `Generation Energy ${fmt.kwh(k)} kWh @ ${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 304, "Fuel Factor", cents(r, 10, 40), { size: 7 });
  s.text(36, 318, "Delivery", { size: 8, bold: true });
  s.row(48, 330, 328, "Basic Service Charge", "$8.35", { size: 7 });
  s.row(48, 330, 338, `Distribution Energy ${fmt.kwh(k)} kWh @ 0.0${r.digits(5)}`, cents(r, 20, 60), {
    size: 7,
  });
  s.text(36, 352, "Taxes and Fees", { size: 8, bold: true });
  s.row(48, 330, 362, "State Consumption Tax", cents(r, 0, 3), { size: 7 });
  s.row(48, 330, 372, "Local Consumer Utility Tax", cents(r, 1, 3), { size: 7 });
  // the usage history: 13 months of bars with kWh above, the average daily use beside
  s.text(340, 232, "Usage History (kWh)", { size: 9, bold: true });
  const hmax = Math.max(...f.history.map((m) => m.value));
  f.history.forEach((m, i) => {
    const x = 340 + i * 18, hg = Math.max(4, Math.round(60 * m.value / hmax));
    s.box(x, 320 - hg, 12, hg);
    s.text(x, 316 - hg, String(m.value), { size: 5.5 });
    s.text(x, 330, fmt.m3(m.month), { size: 5.5 });
  });
  s.text(340, 346, `Average Daily Use ${(k / days(f)).toFixed(1)} kWh`, { size: 7 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment to Appalachian Power.",
    remit: ["APPALACHIAN POWER", "PO BOX 371496", "PITTSBURGH PA 15250-7496"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.full,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "apco", pdf: await s.bytes(), truth };
}

/** Kentucky Utilities: Billing Summary, Amount Due by Due Date, electric charges with the read and the next read. */
async function ku(r: Rng): Promise<Generated> {
  const budget = r.chance(0.3);
  const f = placedIn(TOWNS, r, "KY", {
    utility: "Kentucky Utilities",
    rate: "Residential Service (RS)",
    pastDue: !budget && r.chance(0.2),
  });
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "KU", { size: 22, bold: true });
  s.text(36, 52, "Kentucky Utilities Company   lge-ku.com   1-800-981-0600", { size: 7 });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, "Service Address:", { size: 7 });
  s.text(100, 86, `${addr1(f).toUpperCase()}, ${f.service.city.toUpperCase()} KY`, { size: 7 });
  [
    ["Account Number:", f.account],
    ["Statement Date:", fmt.slash(f.invoiceDate)],
  ].forEach(([a, b], i) => s.row(340, 576, 36 + i * 10, a, b, { size: 7.5 }));
  s.box(340, 60, 236, 30);
  s.row(346, 570, 72, `Amount Due by ${fmt.slash(f.dueDate)}`, fmt.money(f.amountDue), {
    size: 9,
    bold: true,
  });
  s.text(346, 84, `After the due date a late payment charge applies.`, { size: 6 });
  s.text(36, 110, "Billing Summary", { size: 10, bold: true });
  const { prev, paid } = summary(r, f);
  const rows: [string, string][] = [
    ["Previous Balance", money(prev)],
    ["Payment - Thank You", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Electric Charges", money(cur)],
  ];
  rows.forEach(([a, b], i) => s.row(36, 280, 122 + i * 10, a, b, { size: 7 }));
  s.row(36, 280, 166, "Total Amount Due", fmt.money(f.amountDue), { size: 8, bold: true });
  if (budget) {
    s.text(340, 110, "Budget Payment Plan", { size: 9, bold: true });
    s.row(340, 576, 122, "Actual Charges This Month", money(cur * (0.8 + r.next() * 0.4)), { size: 7 });
    s.row(340, 576, 132, "Accumulated Balance", money(r.int(1000, 9000) / 100), { size: 7 });
  }
  s.text(36, 190, "Electric Charges", { size: 10, bold: true });
  const k = f.meters[0].kwh, rd = r.int(10000, 90000);
  const est = r.chance(0.15);
  s.text(36, 202, `Rate: ${f.rate}`, { size: 7 });
  s.text(
    36,
    212,
    `Meter ${f.meters[0].number}   Service from ${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)}   ${
      days(f)
    } Days`,
    { size: 7 },
  );
  s.text(
    48,
    222,
    `Current Reading ${rd + k} ${est ? "Estimated" : "Actual"}   Previous Reading ${rd} Actual`,
    {
      size: 7,
    },
  );
  s.text(48, 232, `Total kWh Used ${fmt.kwh(k)}`, { size: 7 });
  const next1 = new Date(+f.periodEnd + 29 * 864e5), next2 = new Date(+f.periodEnd + 33 * 864e5);
  s.text(48, 242, `Your next meter reading is scheduled between ${mdy(next1)} and ${mdy(next2)}.`, {
    size: 6.5,
  });
  s.row(48, 330, 256, "Basic Service Charge", "$13.50", { size: 7 });
  s.row(48, 330, 266, `Energy Charge ${fmt.kwh(k)} kWh x $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 276, `Fuel Adjustment ${fmt.kwh(k)} kWh x $0.00${r.digits(4)}`, cents(r, 1, 9), { size: 7 });
  s.row(48, 330, 286, `Environmental Surcharge ${r.int(8, 19)}.${r.digits(2)}%`, cents(r, 3, 15), {
    size: 7,
  });
  s.row(48, 330, 296, "Home Energy Assistance Fund Charge", "$0.30", { size: 7 });
  s.row(48, 330, 306, "School Tax", cents(r, 1, 4), { size: 7 });
  // the history: a table of months, kWh and average temperature, newest first
  s.text(340, 190, "Energy Usage History", { size: 9, bold: true });
  const hx = [340, 410, 470, 530];
  ["Month", "kWh", "Days", "Avg Temp"].forEach((t, i) => s.text(hx[i], 202, t, { size: 6.5, bold: true }));
  [...f.history].reverse().forEach((m, i) => {
    const y = 212 + i * 9;
    s.text(hx[0], y, `${fmt.m3(m.month)} ${String(m.year).slice(2)}`, { size: 6.5 });
    s.text(hx[1], y, fmt.kwh(m.value), { size: 6.5 });
    s.text(hx[2], y, String(r.int(28, 33)), { size: 6.5 });
    s.text(hx[3], y, String(r.int(25, 85)), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Kentucky Utilities.",
    remit: ["KENTUCKY UTILITIES", "PO BOX 9001954", "LOUISVILLE KY 40290-1954"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: { ...upper(f.service), zip: "" } });
  return { layout: "ku", pdf: await s.bytes(), truth };
}

/** MidAmerican Energy (Iowa): basic service charge, a summer energy charge or winter blocks, adjustment clauses. */
async function midam(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "IA", {
    utility: "MidAmerican Energy",
    rate: "Residential Electric Service",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f);
  const summer = [6, 7, 8, 9].includes(f.periodEnd.getUTCMonth() + 1);
  const s = await Sheet.create();
  s.text(36, 40, "MidAmerican", { size: 18, bold: true });
  s.text(36, 52, "ENERGY COMPANY   midamericanenergy.com   888-427-5632", { size: 7 });
  s.text(340, 30, `Statement Date ${fmt.mon(f.invoiceDate)}`, { size: 7.5 });
  s.text(340, 40, `Account Number ${f.account}`, { size: 7.5 });
  s.box(340, 50, 236, 34);
  s.row(346, 570, 62, "Total Amount Due", fmt.money(f.amountDue), { size: 9, bold: true });
  s.row(346, 570, 74, "Due Date", fmt.mon(f.dueDate), { size: 8 });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 100, "Service Address", { size: 7, bold: true });
  s.text(36, 110, `${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(36, 120, `${f.service.city.toUpperCase()} IA ${f.service.zip}`, { size: 7 });
  s.text(340, 100, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Unpaid Balance", money(+f.pastDue)],
    ["Current Electric Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(340, 576, 112 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 176, "Electric Charges", { size: 10, bold: true });
  const k = f.meters[0].kwh, rd = r.int(10000, 90000);
  const code = `${r.pick(["RSE", "RSD", "RSH"])}${r.int(1, 9)}`;
  s.text(36, 188, `Rate Code ${code} - ${f.rate}   ${summer ? "Summer" : "Winter"} Billing Period`, {
    size: 7,
  });
  const mx = [36, 110, 200, 280, 350, 420];
  ["Meter Number", "Service Period", "", "Previous", "Present", "kWh"].forEach((t, i) =>
    s.text(mx[i], 200, t, { size: 6.5, bold: true })
  );
  [
    f.meters[0].number,
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(rd),
    String(rd + k),
    fmt.kwh(k),
  ].forEach((v, i) => s.text(mx[i], 210, v, { size: 6.5 }));
  s.row(48, 330, 226, "Basic Service Charge", "$15.00", { size: 7 });
  let blocks = 1;
  if (summer || k <= 1000) {
    s.row(48, 330, 236, `Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
      size: 7,
    });
  } else {
    blocks = 2;
    s.row(48, 330, 236, `Energy Charge First 1,000 kWh @ $${f.supplyRate}`, money(1000 * +f.supplyRate), {
      size: 7,
    });
    s.row(
      48,
      330,
      246,
      `Energy Charge Additional ${fmt.kwh(k - 1000)} kWh @ $0.0${r.digits(4)}`,
      cents(r, 10, 40),
      {
        size: 7,
      },
    );
  }
  const y = 246 + (blocks - 1) * 10;
  s.row(48, 330, y, `Energy Adjustment Clause ${fmt.kwh(k)} kWh @ $0.00${r.digits(4)}`, cents(r, 1, 9), {
    size: 7,
  });
  s.row(48, 330, y + 10, `Energy Efficiency Charge ${fmt.kwh(k)} kWh @ $0.00${r.digits(4)}`, cents(r, 1, 9), {
    size: 7,
  });
  s.row(48, 330, y + 20, "Iowa Sales Tax", cents(r, 2, 8), { size: 7 });
  s.row(36, 330, y + 34, "Total Current Electric Charges", money(cur), { size: 7.5, bold: true });
  // the usage graph: 13 months, kWh under each bar, the average daily use
  s.text(340, 176, "Electric Usage - 13 Months", { size: 9, bold: true });
  const top = Math.max(...f.history.map((m) => m.value));
  f.history.forEach((m, i) => {
    const x = 340 + i * 18, hg = Math.max(4, Math.round(50 * m.value / top));
    s.box(x, 250 - hg, 12, hg);
    s.text(x, 260, fmt.m3(m.month).slice(0, 3), { size: 5.5 });
    s.text(x, 268, String(m.value), { size: 5.5 });
  });
  s.text(340, 284, `Average Daily Usage ${(k / days(f)).toFixed(1)} kWh   Days Billed ${days(f)}`, {
    size: 7,
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to MidAmerican Energy Company.",
    remit: ["MIDAMERICAN ENERGY COMPANY", "PO BOX 8020", "DAVENPORT IA 52808-8020"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  // winter blocks: two prices printed, no single supply price (round 13's convention)
  if (blocks > 1) truth.electricityUsage.supplyRatePerKwh = "";
  return { layout: "midam", pdf: await s.bytes(), truth };
}

/** Austin Energy (City of Austin Utilities): Summary of Service, tiered electric charges, water and city services. */
async function austin(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "TX", {
    utility: "Austin Energy",
    rate: "Residential Service",
    pastDue: r.chance(0.25),
  });
  const cur = owed(f);
  const s = await Sheet.create();
  s.text(36, 40, "City of Austin Utilities", { size: 14, bold: true });
  s.text(
    36,
    51,
    "Austin Energy   Austin Water   Austin Resource Recovery   coautilities.com   512-494-9400",
    {
      size: 6.5,
    },
  );
  s.text(36, 70, "Utility News", { size: 8, bold: true });
  s.text(36, 80, "Report outages at 512-322-9100. Sign up for paperless billing online.", { size: 6.5 });
  s.text(36, 104, f.name.toUpperCase(), { size: 8 });
  s.text(36, 114, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 124, `${f.service.city.toUpperCase()} TX ${f.service.zip}`, { size: 8 });
  s.text(330, 64, "Summary of Service", { size: 10, bold: true });
  const elec = cur * 0.62, water = cur * 0.2, ww = cur * 0.1, ccs = cur - elec - water - ww;
  const { prev, paid } = summary(r, f);
  [
    ["Account Number", f.account],
    ["Bill Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Previous Activity/Charges", ""],
    ["Previous Bill Amount", money(prev)],
    ["Payments Received", `-${money(paid)}`],
    ["Remaining Balance", money(+f.pastDue)],
    ["Current Activity/Charges", ""],
    ["Electric", money(elec)],
    ["Water", money(water)],
    ["Wastewater", money(ww)],
    ["Clean Community Service / Drainage", money(ccs)],
    ["Total Current Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) =>
    s.row(330, 576, 76 + i * 10, a, b, { size: 7, bold: a === "Total Amount Due" || b === "" })
  );
  s.text(330, 226, `Penalty After Date Due ${money(cur * 0.05)}`, { size: 7 });
  // service details on the same page's lower half
  s.text(36, 250, "Service Details", { size: 10, bold: true });
  const k = f.meters[0].kwh, rd = r.int(10000, 90000);
  s.text(36, 262, `Electric Service   Service Address: ${addr1(f).toUpperCase()}`, { size: 7, bold: true });
  s.text(
    36,
    272,
    `Meter ${f.meters[0].number}   Read Dates ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}   ${
      days(f)
    } Days   Previous ${rd}   Current ${rd + k}   kWh ${fmt.kwh(k)}`,
    { size: 6.5 },
  );
  s.text(36, 282, `Rate: ${f.rate}`, { size: 6.5 });
  s.row(48, 330, 294, "Customer Charge", "$15.00", { size: 7 });
  const tiers: [number, number][] = [[0, 300], [301, 1000], [1001, 1500], [1501, 2500], [2501, 99999]];
  let y = 304, priced = 0;
  tiers.forEach(([lo, hi], i) => {
    if (k < lo) return;
    const used = Math.min(k, hi) - lo + (lo ? 1 : 0);
    const price = i === 0 ? f.supplyRate : `0.${r.int(5, 14)}${r.digits(3)}`;
    s.row(
      48,
      330,
      y,
      `Tier ${i + 1} (${fmt.kwh(lo)}-${hi > 9999 ? "+" : fmt.kwh(hi)} kWh) ${fmt.kwh(used)} kWh @ $${price}`,
      money(used * +price),
      {
        size: 7,
      },
    );
    y += 10;
    priced++;
  });
  s.row(48, 330, y, `Power Supply Adjustment ${fmt.kwh(k)} kWh @ $0.0${r.digits(5)}`, cents(r, 20, 60), {
    size: 7,
  });
  s.row(48, 330, y + 10, `Regulatory Charge ${fmt.kwh(k)} kWh @ $0.0${r.digits(5)}`, cents(r, 10, 30), {
    size: 7,
  });
  s.row(48, 330, y + 20, "Community Benefit Charge", cents(r, 3, 9), { size: 7 });
  s.row(36, 330, y + 32, "Total Electric Charges", money(elec), { size: 7.5, bold: true });
  const wy = y + 50;
  const gal = r.int(2, 12);
  s.text(36, wy, `Water Service   Meter W${r.digits(8)}   ${gal},${r.digits(3)} Gallons`, {
    size: 7,
    bold: true,
  });
  s.row(48, 330, wy + 10, "Water Customer Charge", "$7.10", { size: 7 });
  s.row(48, 330, wy + 20, "Water Volume Charge", money(water - 7.1), { size: 7 });
  s.row(48, 330, wy + 30, "Wastewater Volume Charge", money(ww), { size: 7 });
  // the electric history beside: kWh per month of the last 12 months
  s.text(360, 250, "Electric Usage History", { size: 9, bold: true });
  s.text(360, 262, "Month", { size: 6.5, bold: true });
  s.text(430, 262, "kWh", { size: 6.5, bold: true });
  f.history.slice(1).forEach((m, i) => {
    s.text(360, 272 + i * 9, `${fmt.m3(m.month)} ${m.year}`, { size: 6.5 });
    s.text(430, 272 + i * 9, fmt.kwh(m.value), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. City of Austin Utilities.",
    remit: ["CITY OF AUSTIN UTILITIES", "PO BOX 2267", "AUSTIN TX 78783-2267"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history.slice(1), ...stub, service: upper(f.service) });
  // tiered: more than one tier price printed gives no supply price (round 13's convention)
  if (priced > 1) truth.electricityUsage.supplyRatePerKwh = "";
  // the bill prints the service address as a street alone: the truth holds no service city, state or ZIP (the
  // lead's convention, round 15: the truth holds what the bill prints; never the mailing block's)
  truth.customerInformation.serviceAddress = {
    ...truth.customerInformation.serviceAddress,
    city: "",
    state: "",
    zip: "",
  };
  return { layout: "austin", pdf: await s.bytes(), truth };
}

/** NYSEG (New York): account number, date produced, amount due; account summary; delivery and supply charges. */
async function nyseg(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NY", {
    utility: "NYSEG",
    rate: "SC1 Residential",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f);
  const est = r.chance(0.5);
  f.account = f.account.replace(/(\d{4})(\d{3})(\d{3})/, "$1-$2-$3");
  const s = await Sheet.create();
  s.text(36, 40, "NYSEG", { size: 20, bold: true });
  s.text(36, 52, "New York State Electric & Gas   nyseg.com   1.800.572.1111", { size: 7 });
  s.row(340, 576, 30, "Account No:", f.account, { size: 7.5 });
  s.row(340, 576, 40, "Bill Date:", fmt.mon(f.invoiceDate), { size: 7.5 });
  s.row(340, 576, 50, "Amount Due:", fmt.money(f.amountDue), { size: 9, bold: true });
  s.text(36, 78, f.name.toUpperCase(), { size: 8 });
  s.text(36, 88, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 98, `${f.service.city.toUpperCase()} NY ${f.service.zip}`, { size: 8 });
  s.text(340, 72, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Charges", money(prev)],
    ["Payments Received - Thank You", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Electricity Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(340, 576, 84 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(340, 140, `Payment Due By ${fmt.mon(f.dueDate)}`, { size: 8, bold: true });
  s.text(36, 124, "Usage At-a-Glance (kWh)", { size: 8, bold: true });
  const h = f.history, now = h[12], last = h[11], ly = h[0];
  [[ly, "Last Year"], [last, "Last Month"], [now, "This Month"]].forEach(([m, t], i) => {
    const mm = m as Facts["history"][number];
    s.text(36 + i * 80, 136, t as string, { size: 6.5, bold: true });
    s.text(36 + i * 80, 146, `${fmt.m3(mm.month)} ${mm.year}  ${fmt.kwh(mm.value)}`, { size: 6.5 });
  });
  s.text(36, 176, "Electricity Charges", { size: 10, bold: true });
  const k = f.meters[0].kwh, rd = r.int(10000, 90000);
  s.text(
    36,
    188,
    `Service Class: ${f.rate}   Billing Period: ${fmt.mon(f.periodStart)} to ${fmt.mon(f.periodEnd)}`,
    {
      size: 7,
    },
  );
  const mx = [36, 110, 190, 270, 350, 420];
  ["Meter Number", "Reading Type", "Present", "Previous", "Multiplier", "kWh Used"].forEach((t, i) =>
    s.text(mx[i], 200, t, { size: 6.5, bold: true })
  );
  [f.meters[0].number, est ? "Estimated" : "Actual", String(rd + k), String(rd), "1", fmt.kwh(k)].forEach((
    v,
    i,
  ) => s.text(mx[i], 210, v, { size: 6.5 }));
  if (est) {
    s.text(36, 220, "Your meter is read every other month. This month's reading is estimated.", { size: 6 });
  }
  s.text(36, 234, "Delivery Charges", { size: 8, bold: true });
  s.row(48, 330, 244, "Basic Service Charge", "$17.00", { size: 7 });
  s.row(48, 330, 254, `Delivery Charge ${fmt.kwh(k)} kWh @ $0.0${r.digits(5)}`, cents(r, 30, 70), {
    size: 7,
  });
  s.row(48, 330, 264, "System Benefits Charge", cents(r, 2, 6), { size: 7 });
  s.row(48, 330, 274, "Hydroelectric Power Savings", `-${cents(r, 1, 4)}`, { size: 7 });
  s.text(36, 288, "Supply Charges", { size: 8, bold: true });
  s.text(48, 298, "Supplier: NYSEG", { size: 7 });
  s.row(48, 330, 308, `Supply Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 318, "Merchant Function Charge", cents(r, 0, 2), { size: 7 });
  s.row(36, 330, 332, "Total Electricity Charges", money(cur), { size: 7.5, bold: true });
  s.text(36, 350, "Any Miscellaneous Charges: none this period.", { size: 6.5 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to NYSEG.",
    remit: ["NYSEG", "PO BOX 847812", "BOSTON MA 02284-7812"],
    accountLabel: "Account No",
    amountLabel: "Amount Due",
    dueLabel: "Payment Due By",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: [ly, last, now], ...stub, service: upper(f.service) });
  return { layout: "nyseg", pdf: await s.bytes(), truth };
}

export const R13_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  peco,
  apco,
  ku,
  midam,
  austin,
  nyseg,
};
/** Drawn at random from the six before the first score; only their totals are read until the round's last change. */
export const R13_SEALED = ["apco", "peco"];
