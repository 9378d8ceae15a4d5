// Round-19 held-out bill layouts (issue #11): four utilities the corpus had no layout of (and no real bill of),
// written from their public "understanding your bill" pages (label words, section names, table shapes:
// tests/fixtures/bills/synthetic/SOURCES.md "Round 19 layouts"). Shapes: a co-op's payment stub printed as a column
// on the LEFT of the page (account number, due date, amount due, "After <date> Pay" with the penalty, a round-up
// check box, the remittance and the member's mailing block), the body on the right with the location's map number,
// "From - Service - To", a numeric rate and the cycle, a meter table with multiplier and demand, the energy charge,
// the power cost adjustment and a yard light (Mitchell EMC, Georgia); a municipal light department's discount
// billing (the net amount due by the discount date beside the gross "Total Charges Due"), service period and days,
// the average cost per day, usage spelled "KWHR", past electric use as kWh per day, and a two-column block with the
// previous month's activity on the left and the current bill on the right on the same lines (Norwood Light &
// Broadband, Massachusetts); a city's electric, water, sewer and refuse bill where only the electric counts, a meter
// table of both services (KWH and HGAL), per-service charges and a history table with kWh and water columns (City of
// Salem, Virginia); a co-op bill with two meters each on its own rate (the house and an electric heat meter), the
// household's monthly peak demand with its date and time and the wholesale supplier's peak, a usage comparison of
// this month, last month and last year in kWh and kWh per day, the electric heat credit and a round-up contribution
// with the year to date (Illinois Electric Cooperative).
// Two of them are SEALED (R19_SEALED, dev since round 20, drawn at random before the first score). Registered in layouts_heldout.ts.
// Truth conventions: rounds 13 and 15 (docs/bills.md).
import { drawStub } from "./stub.ts";
import { type Facts, type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, cents, days, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  GA: [["Camilla", "31730"], ["Pelham", "31779"], ["Baconton", "31716"], ["Sylvester", "31791"]],
  MA: [["Norwood", "02062"], ["Norwood", "02062"], ["Norwood", "02062"], ["Norwood", "02062"]],
  VA: [["Salem", "24153"], ["Salem", "24153"], ["Salem", "24153"], ["Salem", "24153"]],
  IL: [["Winchester", "62694"], ["Jacksonville", "62650"], ["Pittsfield", "62363"], ["Roodhouse", "62082"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityLine = (f: Facts) => `${f.service.city.toUpperCase()} ${f.state} ${f.service.zip}`;
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const plusDays = (d: Date, n: number) => new Date(+d + n * 864e5);

/** Mitchell EMC (Georgia): the payment stub as a column on the left, the bill's body on the right. */
async function mitchellemc(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "GA", {
    utility: "Mitchell EMC",
    rate: "Residential Service",
    pastDue: r.chance(0.25),
  });
  const cur = owed(f), k = f.meters[0].kwh, d = days(f);
  const after = (+f.amountDue + Math.round(cur * 10) / 100).toFixed(2);
  const s = await Sheet.create();
  // the stub: a column on the left, cut off by a dashed vertical line
  for (let y = 30; y < 760; y += 8) s.rule(y, 196, 197, true);
  s.text(36, 40, "MITCHELL EMC", { size: 11, bold: true });
  s.text(36, 50, "Return this portion with payment", { size: 6 });
  [
    ["Account Number", f.account],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Amount Due", fmt.money(f.amountDue)],
    [`After ${fmt.slash(f.dueDate)} Pay`, fmt.money(after)],
  ].forEach(([a, b], i) => {
    s.text(36, 70 + i * 22, a, { size: 6.5, bold: true });
    s.text(36, 80 + i * 22, b, { size: 8.5 });
  });
  s.text(36, 168, "Amount Paid $__________", { size: 7 });
  s.text(36, 184, "[ ] SHARE - round up my bill", { size: 6.5 });
  s.text(36, 206, "MITCHELL EMC", { size: 7 });
  s.text(36, 215, "PO BOX 409", { size: 7 });
  s.text(36, 224, "CAMILLA GA 31730-0409", { size: 7 });
  const b = upper(f.billing), name = f.name.toUpperCase();
  s.text(36, 250, `${"*".repeat(r.int(3, 6))}AUTO**5-DIGIT ${b.zip}`, { size: 6 });
  s.text(36, 262, name, { size: 8 });
  let yy = 272;
  s.text(36, yy, b.line1, { size: 8 });
  if (b.line2) s.text(36, yy += 10, b.line2, { size: 8 });
  s.text(36, yy += 10, `${b.city} ${b.state} ${b.zip}`, { size: 8 });
  s.text(36, 740, r.digits(24), { size: 7 });
  // the body on the right
  s.text(212, 40, "MITCHELL ELECTRIC MEMBERSHIP CORPORATION", { size: 11, bold: true });
  s.text(212, 51, "A Touchstone Energy Cooperative   Camilla, Georgia   1-800-479-6034   mitchellemc.com", {
    size: 6.5,
  });
  const loc = `${r.digits(3)}-${r.digits(2)}-${r.digits(3)}`;
  const cols = [212, 280, 344, 420, 470, 520];
  ["Account Number", "Location", "From - Service - To", "", "Rate", "Cycle"].forEach((t, i) =>
    t && s.text(cols[i], 70, t, { size: 6.5, bold: true })
  );
  [f.account, loc, `${fmt.short(f.periodStart)}  ${fmt.short(f.periodEnd)}`, "", "10", String(r.int(1, 8))]
    .forEach((t, i) => t && s.text(cols[i], 80, t, { size: 7 }));
  s.row(440, 576, 96, "Bill Date", fmt.slash(f.invoiceDate), { size: 7 });
  s.row(440, 576, 106, "Days of Service", String(d), { size: 7 });
  s.text(212, 96, `Service Location: ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(212, 106, cityLine(f), { size: 7 });
  const rd = r.int(10000, 90000);
  const mc = [212, 282, 340, 398, 450, 500];
  ["Meter Number", "Previous", "Present", "Multiplier", "Demand", "kWh Used"].forEach((t, i) =>
    s.text(mc[i], 126, t, { size: 6.5, bold: true })
  );
  [f.meters[0].number, String(rd), String(rd + k), "1", `${r.int(3, 9)}.${r.int(0, 9)}`, fmt.kwh(k)]
    .forEach((t, i) => s.text(mc[i], 136, t, { size: 7 }));
  s.text(212, 158, `Rate 10 - ${f.rate}`, { size: 7.5, bold: true });
  s.row(224, 576, 170, "Facility Charge", "$32.00", { size: 7 });
  s.row(224, 576, 180, `Energy ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), { size: 7 });
  s.row(224, 576, 190, `Power Cost Adjustment ${fmt.kwh(k)} kWh @ $0.00${r.digits(3)}`, cents(r, 1, 9), {
    size: 7,
  });
  s.row(224, 576, 200, "Yard Light 100W LED", "$10.50", { size: 7 });
  s.row(224, 576, 210, "Georgia Sales Tax", cents(r, 2, 9), { size: 7 });
  s.row(212, 576, 224, "Current Charges", money(cur), { size: 7.5, bold: true });
  const { prev, paid } = summary(r, f);
  s.row(224, 576, 244, "Previous Balance", money(prev), { size: 7 });
  s.row(224, 576, 254, "Payment Received - Thank You", `-${money(paid)}`, { size: 7 });
  s.row(224, 576, 264, "Past Due", money(+f.pastDue), { size: 7 });
  s.row(224, 576, 274, "Current Charges", money(cur), { size: 7 });
  s.row(212, 576, 288, "Total Amount Due", fmt.money(f.amountDue), { size: 8, bold: true });
  s.text(
    212,
    306,
    `A 10% penalty is added after the due date. Service may be disconnected after ${
      fmt.slash(plusDays(f.dueDate, 12))
    }.`,
    { size: 6 },
  );
  // usage history: months across, kWh under each
  s.text(212, 330, "kWh Usage History", { size: 8.5, bold: true });
  const h = f.history, step = 364 / h.length;
  h.forEach((m, i) => {
    s.text(212 + i * step, 342, `${fmt.m3(m.month)}${String(m.year).slice(2)}`, { size: 5.5 });
    s.text(212 + i * step, 351, fmt.kwh(m.value), { size: 5.5 });
  });
  s.text(212, 370, "Message Center", { size: 8.5, bold: true });
  s.text(212, 380, "Capital credits are retired to members each year. Call before you dig: 811.", {
    size: 6.5,
  });
  const truth = truthOf(f, { history: h, name, billing: b, service: upper(f.service) });
  return { layout: "mitchellemc", pdf: await s.bytes(), truth };
}

/** Norwood Light & Broadband (Massachusetts): the net amount by the discount date, a two-column activity block. */
async function norwood(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MA", {
    utility: "Norwood Light & Broadband",
    rate: "Residential (R-1)",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh, d = days(f);
  const discount = Math.round(cur * 10) / 100;
  const gross = (+f.amountDue + discount).toFixed(2);
  const s = await Sheet.create();
  s.text(36, 40, "NORWOOD LIGHT & BROADBAND", { size: 14, bold: true });
  s.text(36, 52, "Town of Norwood Municipal Light Department   206 Central Street   781-948-1150", {
    size: 7,
  });
  s.box(350, 28, 226, 64);
  s.row(358, 568, 40, "Account Number", f.account, { size: 7.5 });
  s.row(358, 568, 52, "Discount Date", fmt.slash(f.dueDate), { size: 7.5 });
  s.row(358, 568, 64, "Net Amount Due", fmt.money(f.amountDue), { size: 8.5, bold: true });
  s.row(358, 568, 76, "Total Charges Due", fmt.money(gross), { size: 7.5 });
  s.text(358, 88, "Pay the net amount by the discount date.", { size: 5.5 });
  s.text(36, 72, f.name.toUpperCase(), { size: 8 });
  s.text(36, 82, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 92, `${f.service.city.toUpperCase()} MA ${f.service.zip}`, { size: 8 });
  s.text(36, 112, `Bill Date ${fmt.slash(f.invoiceDate)}`, { size: 7 });
  s.text(36, 128, "ELECTRIC SERVICE", { size: 9, bold: true });
  const rd = r.int(10000, 90000);
  const cols = [36, 100, 200, 250, 310, 370, 430];
  ["Meter", "Service Period", "", "Service Days", "Previous", "Present", "KWHR Used"].forEach((t, i) =>
    t && s.text(cols[i], 140, t, { size: 6.5, bold: true })
  );
  [
    f.meters[0].number,
    `${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)}`,
    "",
    String(d),
    String(rd),
    String(rd + k),
    fmt.kwh(k),
  ].forEach((t, i) => t && s.text(cols[i], 150, t, { size: 7 }));
  s.text(36, 164, `Rate: ${f.rate}   Average Cost Per Day: $${(cur / d).toFixed(2)}`, { size: 7 });
  // two columns on the same lines: the previous month's activity and the current bill
  s.text(36, 184, "Previous Month's Activity", { size: 8.5, bold: true });
  s.text(320, 184, "Current Bill", { size: 8.5, bold: true });
  const { prev, paid } = summary(r, f);
  const left: [string, string][] = [
    ["Previous Bill", money(prev)],
    ["Payment Received", `-${money(paid)}`],
    ["Adjustments", "$0.00"],
    ["Balance Forward", money(+f.pastDue)],
  ];
  const right: [string, string][] = [
    ["Customer Charge", "$6.50"],
    [`Energy Charge ${fmt.kwh(k)} KWHR @ $${f.supplyRate}`, money(k * +f.supplyRate)],
    ["Fuel Charge", cents(r, 20, 70)],
    ["Renewable Energy Charge", cents(r, 0, 3)],
    ["Current Charges", money(cur)],
    [`Discount if paid by ${fmt.slash(f.dueDate)}`, `-${money(discount)}`],
  ];
  left.forEach(([a, b], i) => s.row(36, 290, 196 + i * 10, a, b, { size: 7 }));
  right.forEach(([a, b], i) => s.row(320, 576, 196 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.row(320, 576, 258, "Net Amount Due", fmt.money(f.amountDue), { size: 8, bold: true });
  s.text(36, 282, "Past Electric Use", { size: 8.5, bold: true });
  ["Month", "Days", "KWHR", "KWHR/Day"].forEach((t, i) =>
    s.text(36 + i * 60, 294, t, { size: 6.5, bold: true })
  );
  f.history.forEach((m, i) => {
    const y = 304 + i * 8, dd = r.int(28, 33);
    s.text(36, y, `${fmt.m3(m.month)} ${m.year}`, { size: 6.5 });
    s.text(96, y, String(dd), { size: 6.5 });
    s.text(156, y, fmt.kwh(m.value), { size: 6.5 });
    s.text(216, y, (m.value / dd).toFixed(1), { size: 6.5 });
  });
  s.text(320, 282, "Service Address", { size: 8.5, bold: true });
  s.text(320, 294, addr1(f).toUpperCase(), { size: 7 });
  s.text(320, 303, `${f.service.city.toUpperCase()} MA ${f.service.zip}`, { size: 7 });
  s.text(320, 322, "Payments received after the discount date lose the discount; it is", { size: 6 });
  s.text(320, 330, "shown as an adjustment on your next bill.", { size: 6 });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this slip with your payment to Norwood Light & Broadband.",
    remit: ["NORWOOD LIGHT & BROADBAND", "PO BOX 9100", "NORWOOD MA 02062-9100"],
    accountLabel: "Account Number",
    amountLabel: "Net Amount Due",
    dueLabel: "Discount Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "norwood", pdf: await s.bytes(), truth };
}

/** City of Salem (Virginia): electric, water, sewer and refuse on one bill; only the electric counts. */
async function salemva(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "VA", {
    utility: "City of Salem",
    rate: "Residential",
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "CITY OF SALEM, VIRGINIA", { size: 14, bold: true });
  s.text(36, 52, "Utility Billing   114 N Broad Street   540-375-3017   salemva.gov", { size: 7 });
  s.text(360, 36, "UTILITY BILL", { size: 10, bold: true });
  [
    ["Account Number", f.account],
    ["Customer Number", r.digits(6)],
    ["Bill Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Balance Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 50 + i * 10, a, b, { size: 7.5, bold: i === 4 }));
  s.text(36, 72, f.name.toUpperCase(), { size: 8 });
  s.text(36, 82, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 92, `${f.service.city.toUpperCase()} VA ${f.service.zip}`, { size: 8 });
  s.text(36, 116, `Service Address: ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(36, 132, "Meter Readings", { size: 9, bold: true });
  const cols = [36, 90, 160, 214, 268, 322, 376, 430];
  ["Service", "Meter", "Previous Date", "Present Date", "Previous", "Present", "Usage", "Units"].forEach((
    t,
    i,
  ) => s.text(cols[i], 144, t, { size: 6.5, bold: true }));
  const rd = r.int(10000, 90000), wr = r.int(1000, 9000), hg = r.int(25, 90);
  [
    ["ELECTRIC", f.meters[0].number, String(rd), String(rd + k), fmt.kwh(k), "KWH"],
    ["WATER", r.digits(8), String(wr), String(wr + hg), String(hg), "HGAL"],
  ].forEach(([sv, m, a, b, u, un], j) =>
    [sv, m, fmt.slash(f.periodStart), fmt.slash(f.periodEnd), a, b, u, un].forEach((t, i) =>
      s.text(cols[i], 154 + j * 10, t, { size: 7 })
    )
  );
  s.text(36, 188, "Current Charges", { size: 9, bold: true });
  const lines: [string, string, boolean?][] = [
    [`ELECTRIC - ${f.rate}`, "", true],
    ["Base Fee", "$8.25"],
    [`Energy Usage ${fmt.kwh(k)} KWH @ $${f.supplyRate.replace(/^0/, "")}/KWH`, money(k * +f.supplyRate)],
    [`Power Cost Adjustment ${fmt.kwh(k)} KWH @ $.00${r.digits(4)}/KWH`, cents(r, 2, 9)],
    ["WATER", "", true],
    ["Base Fee", "$13.51"],
    [`Water Usage ${hg} HGAL`, cents(r, 15, 50)],
    ["SEWER", "", true],
    ["Base Fee", "$22.70"],
    [`Sewer Usage ${hg} HGAL`, cents(r, 15, 45)],
    ["Toter Fee", "$10.00"],
  ];
  lines.forEach(([a, b, head], i) =>
    head
      ? s.text(36, 200 + i * 10, a, { size: 7, bold: true })
      : s.row(48, 300, 200 + i * 10, a, b, { size: 7 })
  );
  s.row(36, 300, 316, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  s.text(330, 188, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Past Due Balance", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Balance Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 200 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(330, 258, `A $5.00 penalty per service is added after ${fmt.slash(f.dueDate)}.`, { size: 6 });
  s.text(330, 280, "Usage History", { size: 9, bold: true });
  ["Month", "Electric KWH", "Water HGAL"].forEach((t, i) =>
    s.text(330 + i * 70, 292, t, { size: 6.5, bold: true })
  );
  [...f.history].reverse().forEach((m, i) => {
    const y = 302 + i * 8;
    s.text(330, y, `${fmt.m3(m.month)} ${m.year}`, { size: 6.5 });
    s.text(400, y, fmt.kwh(m.value), { size: 6.5 });
    s.text(470, y, String(i === 0 ? hg : r.int(25, 90)), { size: 6.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Detach and return this portion with your payment. Make checks payable to the City of Salem.",
    remit: ["CITY OF SALEM", "PO BOX 869", "SALEM VA 24153-0869"],
    accountLabel: "Account Number",
    amountLabel: "Balance Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  // "Service Address: <street>" alone: no service city, state or ZIP (round 15's convention, applied in round 20)
  const truth = truthOf(f, {
    history: f.history,
    ...stub,
    service: { ...upper(f.service), city: "", state: "", zip: "" },
  });
  return { layout: "salemva", pdf: await s.bytes(), truth };
}

/** Illinois Electric Cooperative: two meters on two rates, the monthly peaks, usage against last month and year. */
async function ilec(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "IL", {
    utility: "Illinois Electric Cooperative",
    rate: "Residential",
    meters: 2,
    pastDue: r.chance(0.2),
  });
  const cur = owed(f), d = days(f);
  const [m1, m2] = f.meters, k = m1.kwh + m2.kwh, h = f.history;
  const s = await Sheet.create();
  s.text(36, 40, "Illinois Electric Cooperative", { size: 14, bold: true });
  s.text(36, 52, "Your Touchstone Energy Cooperative   Winchester, IL   217-742-3128   ilec.coop", {
    size: 7,
  });
  s.text(36, 70, "Message Board", { size: 8, bold: true });
  s.text(36, 80, "The annual meeting is in June. Operation Round Up grants support local causes.", {
    size: 6.5,
  });
  s.text(360, 40, "Account Information", { size: 8.5, bold: true });
  [
    ["Account Number", f.account],
    ["Billing Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(360, 576, 52 + i * 10, a, b, { size: 7.5, bold: i === 3 }));
  s.text(360, 96, `Service Location: ${addr1(f).toUpperCase()}`, { size: 7 });
  s.text(360, 105, cityLine(f), { size: 7 });
  s.text(36, 100, f.name.toUpperCase(), { size: 8 });
  s.text(36, 110, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 120, cityLine(f), { size: 8 });
  s.text(36, 142, "Usage and Rate Information", { size: 9, bold: true });
  const cols = [36, 90, 150, 220, 230, 275, 320];
  ["Meter", "Rate", "Read Dates", "", "Previous", "Present", "kWh"].forEach((t, i) =>
    t && s.text(cols[i], 154, t, { size: 6.5, bold: true })
  );
  [[m1, "Residential"], [m2, "Electric Heat"]].forEach(([m, rate], j) => {
    const mm = m as Facts["meters"][number], rd = r.int(10000, 90000);
    [
      mm.number,
      String(rate),
      `${fmt.short(f.periodStart)}-${fmt.short(f.periodEnd)}`,
      "",
      String(rd),
      String(rd + mm.kwh),
      fmt.kwh(mm.kwh),
    ].forEach((t, i) => t && s.text(cols[i], 164 + j * 10, t, { size: 7 }));
  });
  s.row(36, 340, 186, `Total kWh (${d} days)`, fmt.kwh(k), { size: 7.5, bold: true });
  const pk = new Date(+f.periodStart + r.int(3, 25) * 864e5), wk = new Date(+pk + r.int(0, 3) * 864e5);
  s.text(
    36,
    202,
    `Your Monthly Peak Demand: ${r.int(4, 12)}.${r.int(0, 9)} kW on ${fmt.slash(pk)} at ${r.int(5, 8)}:${
      r.pick(["00", "15", "30", "45"])
    } PM`,
    { size: 6.5 },
  );
  s.text(36, 211, `Wholesale Power Suppliers' Monthly Peak: ${fmt.slash(wk)} at 6:00 PM`, { size: 6.5 });
  s.text(36, 230, "Current Electric Charges", { size: 9, bold: true });
  const heatCredit = (m2.kwh * 0.02).toFixed(2);
  [
    ["Monthly Access Fee", "$45.00"],
    [`Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate)],
    [`Power Cost Adjustment ${fmt.kwh(k)} kWh`, cents(r, 1, 15)],
    [`Electric Heat Credit ${fmt.kwh(m2.kwh)} kWh`, `-$${heatCredit}`],
    ["Illinois Electricity Excise Tax", cents(r, 3, 9)],
    ["Round Up Contribution", `$0.${r.digits(2)}`],
  ].forEach(([a, b], i) => s.row(48, 330, 242 + i * 10, a, b, { size: 7 }));
  s.row(36, 330, 306, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  s.text(36, 318, `Round Up year to date: $${r.int(2, 9)}.${r.digits(2)}`, { size: 6 });
  s.text(36, 336, "Statement of Account", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(48, 330, 348 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 410, `Shared Power - Annual Requirement: 0 kWh`, { size: 6.5 });
  // the usage comparison: this month, last month, last year (kWh and kWh per day)
  s.text(360, 142, "kWh Usage History", { size: 9, bold: true });
  ["", "Days", "kWh", "kWh/Day"].forEach((t, i) =>
    t && s.text(360 + i * 54, 154, t, { size: 6.5, bold: true })
  );
  const rows: [string, number, number][] = [
    ["This Month", d, h[h.length - 1].value],
    ["Last Month", r.int(28, 33), h[h.length - 2].value],
    ["Last Year", r.int(28, 33), h[0].value],
  ];
  rows.forEach(([a, dd, v], j) =>
    [a, String(dd), fmt.kwh(v), (v / dd).toFixed(1)].forEach((t, i) =>
      s.text(360 + i * 54, 164 + j * 10, t, { size: 7 })
    )
  );
  // a 13-month bar chart with each month's kWh over its bar
  s.text(360, 206, "Monthly kWh - 13 Months", { size: 8, bold: true });
  const max = Math.max(...h.map((m) => m.value)), step = 216 / h.length, base = 290;
  h.forEach((m, i) => {
    const bh = Math.max(4, Math.round((m.value / max) * 60));
    const bx = 360 + i * step;
    for (let yy = base - bh; yy < base; yy += 2) s.rule(yy, bx + 2, bx + step - 3);
    s.text(bx + 1, base - bh - 3, String(m.value), { size: 4.5 });
    s.text(bx + 1, base + 8, M3[m.month - 1], { size: 4.5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Illinois Electric Cooperative.",
    remit: ["ILLINOIS ELECTRIC COOPERATIVE", "PO BOX 80", "WINCHESTER IL 62694-0080"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: h, ...stub, service: upper(f.service) });
  return { layout: "ilec", pdf: await s.bytes(), truth };
}

export const R19_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  mitchellemc,
  norwood,
  salemva,
  ilec,
};
/** Drawn at random from the four before the first score; only their totals are read until the round's last change. */
export const R19_SEALED = ["mitchellemc", "salemva"];
