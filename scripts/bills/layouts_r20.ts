// Round-20 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from their public "understanding your bill" and program pages (label words, section names, table shapes:
// tests/fixtures/bills/synthetic/SOURCES.md "Round 20 layouts"). Shapes: a co-op's time-of-use bill whose one meter
// prints its on-peak, off-peak and total kWh as three labelled lines (no readings), each period billed at its own
// price in cents (Clark County REMC, Indiana); a levelized (budget) bill whose amount due is the rolling average,
// beside the month's actual charges and the levelized balance (GreyStone Power, Georgia); a co-op bill made on the
// first of the month for the previous month's use, due upon receipt, a capital credit retirement among the
// charges, the member's mailing address elsewhere and the service location printed only on the payment stub
// (Lane-Scott Electric Cooperative, Kansas); a co-op bill with a main meter and an off-peak heating meter and a
// 24-month history printed as one table of twelve rows, this year's kWh beside last year's (Runestone Electric
// Association, Minnesota).
// Two of them are SEALED (R20_SEALED, dev since round 21, drawn at random before the first score). Registered in layouts_heldout.ts.
// Truth conventions: rounds 13 and 15 (docs/bills.md); a levelized bill's amount due is the levelized amount it
// asks; a time-of-use bill printing two energy prices has no supply price (round 13's block-price rule).
import { drawStub } from "./stub.ts";
import { type Facts, type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, cents, days, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  IN: [["Sellersburg", "47172"], ["Henryville", "47126"], ["Charlestown", "47111"], ["Borden", "47106"]],
  GA: [["Douglasville", "30134"], ["Hiram", "30141"], ["Villa Rica", "30180"], ["Fayetteville", "30214"]],
  KS: [["Dighton", "67839"], ["Ness City", "67560"], ["Scott City", "67871"], ["Healy", "67850"]],
  MN: [["Alexandria", "56308"], ["Brandon", "56315"], ["Garfield", "56332"], ["Osakis", "56360"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityLine = (f: Facts) => `${f.service.city.toUpperCase()} ${f.state} ${f.service.zip}`;
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Clark County REMC (Indiana): a time-of-use bill, on-peak / off-peak / total kWh lines, prices in cents. */
async function clarkremc(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "IN", {
    utility: "Clark County REMC",
    rate: "Residential Time-of-Use",
    pastDue: r.chance(0.2),
  });
  f.supplyRate = ""; // two energy prices: no single supply price (round 13)
  const cur = owed(f), k = f.meters[0].kwh, d = days(f);
  const on = Math.round(k * (0.08 + r.next() * 0.12)), off = k - on;
  const s = await Sheet.create();
  s.text(36, 40, "Clark County REMC", { size: 15, bold: true });
  s.text(36, 52, "Your Touchstone Energy Cooperative   7810 State Road 60, Sellersburg, IN   812-246-3316", {
    size: 7,
  });
  s.box(370, 28, 206, 58);
  s.row(378, 568, 40, "Account No.", f.account, { size: 7.5 });
  s.row(378, 568, 51, "Statement Date", fmt.slash(f.invoiceDate), { size: 7.5 });
  s.row(378, 568, 62, "Pay By", fmt.slash(f.dueDate), { size: 7.5 });
  s.row(378, 568, 75, "Total Due", fmt.money(f.amountDue), { size: 9, bold: true });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityLine(f), { size: 8 });
  s.text(36, 118, `Service Location: ${addr1(f).toUpperCase()}, ${cityLine(f)}`, { size: 7 });
  s.text(36, 128, `Service Period: ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)} (${d} days)`, {
    size: 7,
  });
  s.text(36, 146, "Time-of-Use Meter", { size: 9, bold: true });
  s.text(36, 158, `Meter ${f.meters[0].number}   Read ${fmt.slash(f.periodEnd)} ACTUAL`, { size: 7 });
  [["On-Peak kWh", on], ["Off-Peak kWh", off], ["Total kWh", k]].forEach(([a, v], i) =>
    s.row(48, 250, 170 + i * 10, String(a), fmt.kwh(Number(v)), { size: 7, bold: i === 2 })
  );
  s.text(270, 170, "On-peak: weekdays 3 to 9 p.m. in June, July and August;", { size: 6 });
  s.text(270, 178, "7 to 10 a.m. and 6 to 9 p.m. in December, January and February.", { size: 6 });
  s.text(270, 186, "All other hours, weekends and holidays are off-peak.", { size: 6 });
  s.text(36, 210, `Current Charges - ${f.rate}`, { size: 9, bold: true });
  const onC = 22 + r.int(40, 90) / 100, offC = 7 + r.int(20, 80) / 100;
  [
    ["Monthly Service Charge", "$38.00"],
    [`On-Peak Energy ${fmt.kwh(on)} kWh @ ${onC.toFixed(2)}¢`, money(on * onC / 100)],
    [`Off-Peak Energy ${fmt.kwh(off)} kWh @ ${offC.toFixed(2)}¢`, money(off * offC / 100)],
    [`Power Cost Tracker ${fmt.kwh(k)} kWh`, cents(r, 1, 12)],
    ["Indiana Sales Tax", cents(r, 2, 9)],
  ].forEach(([a, b], i) => s.row(48, 330, 222 + i * 10, a, b, { size: 7 }));
  s.row(36, 330, 276, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  s.text(360, 210, "Account Activity", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payment(s) Received", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 222 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // a 13-month chart, kWh under each month's label
  s.text(36, 300, "Your Monthly kWh Use", { size: 8.5, bold: true });
  const h = f.history, step = 540 / h.length;
  h.forEach((m, i) => {
    s.text(36 + i * step, 312, `${M3[m.month - 1]} ${String(m.year).slice(2)}`, { size: 6 });
    s.text(36 + i * step, 321, fmt.kwh(m.value), { size: 6 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Clark County REMC.",
    remit: ["CLARK COUNTY REMC", "PO BOX 411", "SELLERSBURG IN 47172-0411"],
    accountLabel: "Account No.",
    amountLabel: "Total Due",
    dueLabel: "Pay By",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: h, ...stub, service: upper(f.service) });
  return { layout: "clarkremc", pdf: await s.bytes(), truth };
}

/** GreyStone Power (Georgia): a levelized bill — the rolling average asked, the month's actual charges beside it. */
async function greystone(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "GA", { utility: "GreyStone Power", rate: "Residential Service" });
  const level = +f.amountDue; // the levelized amount asked
  const k = f.meters[0].kwh, d = days(f);
  const actual = Math.round(level * (0.7 + r.next() * 0.6) * 100) / 100;
  const s = await Sheet.create();
  s.text(36, 40, "GreyStone Power Corporation", { size: 14, bold: true });
  s.text(
    36,
    52,
    "An Electric Membership Corporation   Douglasville, Georgia   770-942-6576   greystonepower.com",
    {
      size: 7,
    },
  );
  s.text(36, 74, f.name.toUpperCase(), { size: 8 });
  s.text(36, 84, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 94, cityLine(f), { size: 8 });
  s.text(360, 40, "Account Summary", { size: 9, bold: true });
  [
    ["Account Number", f.account],
    ["Bill Date", fmt.mon(f.invoiceDate)],
    ["Due Date", fmt.mon(f.dueDate)],
    ["Levelized Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 52 + i * 10, a, b, { size: 7.5, bold: i === 3 }));
  s.text(36, 116, `Service Address: ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(36, 132, "Meter Information", { size: 9, bold: true });
  const rd = r.int(10000, 90000);
  const cols = [36, 100, 160, 220, 280, 330, 390];
  ["Meter", "From", "To", "Days", "Previous", "Present", "kWh Used"].forEach((t, i) =>
    s.text(cols[i], 144, t, { size: 6.5, bold: true })
  );
  [
    f.meters[0].number,
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(d),
    String(rd),
    String(rd + k),
    fmt.kwh(k),
  ].forEach((t, i) => s.text(cols[i], 154, t, { size: 7 }));
  s.text(36, 176, `Actual Charges This Month - ${f.rate}`, { size: 9, bold: true });
  const energy = actual - 10;
  [
    ["Basic Service Charge", "$8.00"],
    [`Energy Charge ${fmt.kwh(k)} kWh`, money(energy)],
    ["Wallet Watch Credit", "-$2.50"],
    ["Sales Tax", "$4.50"],
  ].forEach(([a, b], i) => s.row(48, 330, 188 + i * 10, a, b, { size: 7 }));
  s.row(36, 330, 232, "Actual Charges", money(actual), { size: 7.5, bold: true });
  s.text(360, 176, "Levelized Billing", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  const balance = Math.round((r.next() - 0.5) * 20000) / 100;
  [
    ["Previous Balance", money(prev)],
    ["Payment - Thank You", `-${money(paid)}`],
    ["Actual Charges This Month", money(actual)],
    ["Levelized Amount This Month", money(level)],
    ["Levelized Balance", balance < 0 ? `${money(-balance)} CR` : money(balance)],
    ["Levelized Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 188 + i * 10, a, b, { size: 7, bold: i === 5 }));
  s.text(360, 256, "Your amount is the average of this month's bill and the", { size: 6 });
  s.text(360, 264, "eleven before it. Pay the full levelized amount by the due date.", { size: 6 });
  // usage history: a table of 13 months, newest first
  s.text(36, 256, "Usage History", { size: 9, bold: true });
  ["Month", "Days", "kWh", "Avg kWh/Day"].forEach((t, i) =>
    s.text(36 + i * 60, 268, t, { size: 6.5, bold: true })
  );
  [...f.history].reverse().forEach((m, i) => {
    const y = 278 + i * 8, dd = i === 0 ? d : r.int(28, 33);
    s.text(36, y, `${M3[m.month - 1]} ${m.year}`, { size: 6.5 });
    s.text(96, y, String(dd), { size: 6.5 });
    s.text(156, y, fmt.kwh(m.value), { size: 6.5 });
    s.text(216, y, (m.value / dd).toFixed(1), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment. Make checks payable to GreyStone Power Corporation.",
    remit: ["GREYSTONE POWER CORPORATION", "PO BOX 6071", "DOUGLASVILLE GA 30154-6071"],
    accountLabel: "Account Number",
    amountLabel: "Levelized Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  truth.customerInformation.serviceAddress = { ...upper(f.service), city: "", state: "", zip: "" }; // round 15
  return { layout: "greystone", pdf: await s.bytes(), truth };
}

/** Lane-Scott Electric Cooperative (Kansas): last month's use, due upon receipt, capital credits, location on the stub. */
async function lanescott(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "KS", {
    utility: "Lane-Scott Electric Cooperative",
    rate: "Single Phase Residential",
    pastDue: r.chance(0.25),
    mailElsewhere: true,
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "LANE-SCOTT ELECTRIC COOPERATIVE, INC.", { size: 13, bold: true });
  s.text(36, 52, "410 S. Lane, Dighton, Kansas   620-397-5327   lanescott.coop", { size: 7 });
  const b = upper(f.billing), name = f.name.toUpperCase();
  s.text(36, 74, name, { size: 8 });
  s.text(36, 84, b.line1, { size: 8 });
  let y = 84;
  if (b.line2) s.text(36, y += 10, b.line2, { size: 8 });
  s.text(36, y + 10, `${b.city} ${b.state} ${b.zip}`, { size: 8 });
  s.text(350, 40, "ELECTRIC STATEMENT", { size: 10, bold: true });
  [
    ["Account", f.account],
    ["Statement Date", fmt.slash(f.invoiceDate)],
    ["Amount Due", fmt.money(f.amountDue)],
    ["Due Upon Receipt - Late After", fmt.slash(f.dueDate)],
  ].forEach(([a, c], i) => s.row(350, 576, 54 + i * 10, a, c, { size: 7.5, bold: i === 2 }));
  s.text(36, 124, "Usage", { size: 9, bold: true });
  const rd = r.int(10000, 90000), mult = 1;
  const cols = [36, 100, 170, 240, 300, 360, 410];
  ["Meter No.", "Read Date", "Prior Read", "Current Read", "Mult", "kWh", "Rate"].forEach((t, i) =>
    s.text(cols[i], 136, t, { size: 6.5, bold: true })
  );
  [f.meters[0].number, fmt.slash(f.periodEnd), String(rd), String(rd + k), String(mult), fmt.kwh(k), "1"]
    .forEach((
      t,
      i,
    ) => s.text(cols[i], 146, t, { size: 7 }));
  s.text(36, 160, `Usage for ${fmt.slash(f.periodStart)} through ${fmt.slash(f.periodEnd)}`, { size: 6.5 });
  s.text(36, 180, `Charges - ${f.rate}`, { size: 9, bold: true });
  const retired = r.int(800, 6500) / 100;
  [
    ["Facility Charge", "$35.00"],
    [`Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate)],
    [`Cost of Power Adjustment ${fmt.kwh(k)} kWh`, cents(r, 2, 18)],
    [`Capital Credits Retired ${r.int(1998, 2008)}`, `-${money(retired)}`],
    ["Kansas Sales Tax", cents(r, 1, 7)],
  ].forEach(([a, c], i) => s.row(48, 330, 192 + i * 10, a, c, { size: 7 }));
  s.row(36, 330, 246, "Current Month Charges", money(cur), { size: 7.5, bold: true });
  s.text(360, 180, "Account Activity", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Arrears", money(+f.pastDue)],
    ["Current Month Charges", money(cur)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, c], i) => s.row(360, 576, 192 + i * 10, a, c, { size: 7, bold: i === 4 }));
  s.text(36, 270, "This bill, made on the first of the month, is for the electricity you used last month.", {
    size: 6.5,
  });
  s.text(
    36,
    279,
    `Payment is due upon receipt and no later than the 25th. Capital credits: your ${
      r.int(2019, 2023)
    } allocation is shown on your annual notice.`,
    { size: 6.5 },
  );
  // 13-month kWh history table, two rows of months
  s.text(36, 300, "kWh History", { size: 9, bold: true });
  f.history.forEach((m, i) => {
    const row = Math.floor(i / 7), col = i % 7, x = 36 + col * 78, yy = 312 + row * 20;
    s.text(x, yy, `${M3[m.month - 1]}-${String(m.year).slice(2)}`, { size: 6.5, bold: true });
    s.text(x, yy + 9, fmt.kwh(m.value), { size: 6.5 });
  });
  // the stub: the service location is printed here only
  s.rule(560, 36, 576, true);
  s.text(36, 574, "Please return this portion with your payment.", { size: 7 });
  [["Account", f.account], ["Amount Due", fmt.money(f.amountDue)], ["Late After", fmt.slash(f.dueDate)]]
    .forEach((
      [a, c],
      i,
    ) => {
      s.text(36 + i * 180, 594, a, { size: 7, bold: true });
      s.text(36 + i * 180, 606, c, { size: 9 });
    });
  s.text(36, 624, `Service Location: ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 7 });
  s.text(360, 644, "LANE-SCOTT ELECTRIC COOP INC", { size: 8 });
  s.text(360, 654, "PO BOX 758", { size: 8 });
  s.text(360, 664, "DIGHTON KS 67839-0758", { size: 8 });
  s.text(60, 684, `${"*".repeat(r.int(3, 8))}AUTO**5-DIGIT ${b.zip}`, { size: 7 });
  s.text(60, 696, name, { size: 9 });
  let yy = 707;
  s.text(60, yy, b.line1, { size: 9 });
  if (b.line2) s.text(60, yy += 11, b.line2, { size: 9 });
  s.text(60, yy + 11, `${b.city} ${b.state} ${b.zip}`, { size: 9 });
  s.text(36, 770, r.digits(38), { size: 8 });
  const truth = truthOf(f, { history: f.history, name, billing: b, service: upper(f.service) });
  return { layout: "lanescott", pdf: await s.bytes(), truth };
}

/** Runestone Electric Association (Minnesota): a main and an off-peak heating meter, 24 months as one table. */
async function runestone(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MN", {
    utility: "Runestone Electric Association",
    rate: "Residential",
    meters: 2,
    months: 24,
    pastDue: r.chance(0.2),
  });
  f.supplyRate = ""; // two energy prices (the main rate and the off-peak rate)
  const cur = owed(f), d = days(f);
  const [m1, m2] = f.meters, k = m1.kwh + m2.kwh, h = f.history;
  const s = await Sheet.create();
  s.text(36, 40, "RUNESTONE ELECTRIC ASSOCIATION", { size: 13, bold: true });
  s.text(36, 52, "A Touchstone Energy Cooperative   Alexandria, Minnesota   320-762-1121", { size: 7 });
  s.text(36, 74, f.name.toUpperCase(), { size: 8 });
  s.text(36, 84, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 94, cityLine(f), { size: 8 });
  [
    ["Account Number", f.account],
    ["Map Location", `${r.int(10, 99)}-${r.int(100, 999)}-${r.int(10, 99)}`],
    ["Billing Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 40 + i * 10, a, b, { size: 7.5, bold: i === 4 }));
  s.text(36, 116, `Service Address: ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(
    36,
    125,
    `Usage Period: ${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)}   Days: ${d}   Rate: ${f.rate}`,
    {
      size: 7,
    },
  );
  s.text(36, 144, "Meter Readings", { size: 9, bold: true });
  const cols = [36, 100, 180, 240, 300, 350];
  ["Meter", "Description", "Previous", "Present", "Mult", "kWh"].forEach((t, i) =>
    s.text(cols[i], 156, t, { size: 6.5, bold: true })
  );
  [[m1, "Main"], [m2, "Off-Peak Heat"]].forEach(([m, desc], j) => {
    const mm = m as Facts["meters"][number], rd = r.int(10000, 90000);
    [mm.number, String(desc), String(rd), String(rd + mm.kwh), "1", fmt.kwh(mm.kwh)].forEach((t, i) =>
      s.text(cols[i], 166 + j * 10, t, { size: 7 })
    );
  });
  s.text(36, 198, "Current Charges", { size: 9, bold: true });
  const offP = `0.0${r.int(45, 65)}${r.digits(1)}`, mainP = `0.1${r.int(10, 30)}${r.digits(1)}`;
  [
    ["Monthly Service Charge", "$34.00"],
    [`Main Energy ${fmt.kwh(m1.kwh)} kWh @ $${mainP}`, money(m1.kwh * +mainP)],
    [`Off-Peak Energy ${fmt.kwh(m2.kwh)} kWh @ $${offP}`, money(m2.kwh * +offP)],
    ["Savings from Off-Peak Heating", `$${r.int(8, 60)}.${r.digits(2)}`],
    [`Wholesale Power Cost Adjustment ${fmt.kwh(k)} kWh`, cents(r, 1, 9)],
    ["Sales Tax", cents(r, 3, 12)],
  ].forEach(([a, b], i) => s.row(48, 330, 210 + i * 10, a, b, { size: 7 }));
  s.row(36, 330, 274, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  const { prev, paid } = summary(r, f);
  s.text(360, 198, "Account Summary", { size: 9, bold: true });
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Past Due", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 210 + i * 10, a, b, { size: 7, bold: i === 4 }));
  // 24 months as one table: this year's twelve months beside last year's
  s.text(36, 298, "Energy Usage - Past 24 Months (kWh)", { size: 9, bold: true });
  const thisYr = h.slice(12), lastYr = h.slice(0, 12);
  ["Month", "This Year", "Last Year"].forEach((t, i) =>
    s.text(36 + i * 70, 310, t, { size: 6.5, bold: true })
  );
  for (let i = 11; i >= 0; i--) {
    const y = 320 + (11 - i) * 8;
    s.text(36, y, M3[thisYr[i].month - 1], { size: 6.5 });
    s.text(106, y, fmt.kwh(thisYr[i].value), { size: 6.5 });
    s.text(176, y, fmt.kwh(lastYr[i].value), { size: 6.5 });
  }
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this lower portion with your payment.",
    remit: ["RUNESTONE ELECTRIC ASSOCIATION", "PO BOX 9", "ALEXANDRIA MN 56308-0009"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: h, ...stub, service: upper(f.service) });
  truth.customerInformation.serviceAddress = { ...upper(f.service), city: "", state: "", zip: "" }; // round 15
  return { layout: "runestone", pdf: await s.bytes(), truth };
}

export const R20_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  clarkremc,
  greystone,
  lanescott,
  runestone,
};
/** Drawn at random from the four before the first score; only their totals are read until the round's last change. */
export const R20_SEALED = ["clarkremc", "greystone"];
