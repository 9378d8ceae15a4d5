// Round-15 held-out bill layouts (issue #11): six utilities the corpus had no layout of, written from their public
// "understanding your bill" pages (label words, section names, table shapes: tests/fixtures/bills/synthetic/
// SOURCES.md "Round 15 layouts"). Shapes: an account summary, electric supply and delivery charges apart, "A Quick
// Look" at this month, last month and the same month last year (BGE); contact numbers and the account number at the
// top, a service period, a two-sided bill (account number, due date and total due on both sides), a 13-month usage
// table of kWh and average daily kWh (Mississippi Power); due date, amount due, account number and service address at
// the top, this month against the same month last year, a billing summary in four categories (delivery, energy
// supply, taxes, other), 12 months of history, details by category (Black Hills Energy); a rate code, winter blocks
// of 500 / 700 / over 1,200 kWh or a summer price, the energy adjustment (Alliant Energy); "Your Account Summary" with
// the balance forward, "Your Messages", the supply charge of the Standard Offer on its own line, a monthly usage
// summary of average daily use for this year and the last two, the days in the billing cycle and a meter details
// table on page 2 (Central Maine Power); the Resource Adjustment and CIP, an Even Monthly Payment amount asked
// instead of the charges, daily kWh (Otter Tail Power). Two of them are SEALED (R15_SEALED, drawn at random before
// the first score). Registered in layouts_heldout.ts.
// Truth conventions (docs/bills.md "Round 13", "Round 15"): several billed block prices: no supply price; a
// previous balance the printed payments cleared: 0.00 past due; an adjustment priced per kWh is not the supply price;
// a budget (even monthly) bill's amount due is what it asks; a service address printed as a street alone has no
// service city, state or ZIP.
import { drawStub } from "./stub.ts";
import { type Facts, type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, cents, days, labelsOver, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  MD: [["Baltimore", "21218"], ["Towson", "21204"], ["Columbia", "21044"], ["Glen Burnie", "21061"]],
  MS: [["Gulfport", "39503"], ["Biloxi", "39531"], ["Hattiesburg", "39401"], ["Meridian", "39301"]],
  CO: [["Pueblo", "81003"], ["Canon City", "81212"], ["Rocky Ford", "81067"], ["Pueblo West", "81007"]],
  IA: [["Cedar Rapids", "52402"], ["Dubuque", "52001"], ["Marion", "52302"], ["Clinton", "52732"]],
  ME: [["Portland", "04103"], ["Augusta", "04330"], ["Lewiston", "04240"], ["Brunswick", "04011"]],
  MN: [["Fergus Falls", "56537"], ["Bemidji", "56601"], ["Morris", "56267"], ["Crookston", "56716"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const cityLine = (f: Facts) => `${f.service.city.toUpperCase()} ${f.state} ${f.service.zip}`;
const mmmyy = (m: Facts["history"][number]) => `${fmt.m3(m.month)} ${String(m.year).slice(2)}`;

/** BGE (Maryland): account summary, supply and delivery charges apart, "A Quick Look" at three months. */
async function bge(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MD", {
    utility: "BGE",
    rate: "Residential Service (R)",
    pastDue: r.chance(0.25),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "BGE", { size: 22, bold: true });
  s.text(36, 52, "An Exelon Company   bge.com   800.685.0123", { size: 7 });
  labelsOver(s, [330, 430, 510], 30, [["Account Number", f.account], [
    "Bill Issue Date",
    fmt.mon(f.invoiceDate),
  ], [
    "Due Date",
    fmt.mon(f.dueDate),
  ]], 7.5);
  s.text(36, 74, f.name.toUpperCase(), { size: 8 });
  s.text(36, 84, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 94, cityLine(f), { size: 8 });
  s.text(330, 66, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments Received", `-${money(paid)}`],
    ["Remaining Balance", money(+f.pastDue)],
    ["Current BGE Electric Charges", money(cur)],
    ["Total Amount Due by " + fmt.mon(f.dueDate), fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 78 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 140, "A Quick Look", { size: 9, bold: true });
  const h = f.history, ly = h[h.length - 13] ?? h[0], last = h[h.length - 2], now = h[h.length - 1];
  const bars: [string, number][] = [["Last Year", ly.value], ["Last Month", last.value], [
    "This Month",
    now.value,
  ]];
  const top = Math.max(...bars.map((b) => b[1]));
  bars.forEach(([lab, v], i) => {
    const x = 50 + i * 70, hg = Math.max(6, Math.round(50 * v / top));
    s.box(x, 210 - hg, 30, hg);
    s.text(x, 206 - hg, `${fmt.kwh(v)} kWh`, { size: 6 });
    s.text(x, 220, lab, { size: 6.5 });
  });
  s.text(330, 140, "Electric Service Details", { size: 9, bold: true });
  s.text(330, 152, `Service Address: ${addr1(f).toUpperCase()}, ${cityLine(f)}`, { size: 6.5 });
  s.text(330, 162, `Rate: ${f.rate}   Bill Period: ${fmt.mon(f.periodStart)} to ${fmt.mon(f.periodEnd)}`, {
    size: 6.5,
  });
  const rd = r.int(10000, 90000);
  ["Meter Number", "Read Date", "Reading", "Type", "Usage"].forEach((t, i) =>
    s.text(330 + i * 50, 176, t, { size: 6, bold: true })
  );
  [f.meters[0].number, fmt.slash(f.periodEnd), String(rd + k), "Actual", `${fmt.kwh(k)} kWh`].forEach((
    v,
    i,
  ) => s.text(330 + i * 50, 186, v, { size: 6 }));
  s.text(36, 250, "Electric Supply Charges", { size: 8.5, bold: true });
  s.row(48, 300, 262, `Generation ${fmt.kwh(k)} kWh X $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 300, 272, "Transmission", cents(r, 3, 12), { size: 7 });
  s.text(36, 290, "Electric Delivery Charges", { size: 8.5, bold: true });
  s.row(48, 300, 302, "Customer Charge", "$10.50", { size: 7 });
  s.row(48, 300, 312, `Distribution ${fmt.kwh(k)} kWh X $0.0${r.digits(4)}`, cents(r, 20, 60), { size: 7 });
  s.row(48, 300, 322, "EmPOWER Maryland Charge", cents(r, 2, 9), { size: 7 });
  s.row(48, 300, 332, "Taxes and Surcharges", cents(r, 3, 10), { size: 7 });
  s.row(36, 300, 346, "Total Electric Charges", money(cur), { size: 7.5, bold: true });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Make checks payable to BGE.",
    remit: ["BGE", "PO BOX 13070", "PHILADELPHIA PA 19101-3070"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: [ly, last, now], ...stub, service: upper(f.service) });
  return { layout: "bge", pdf: await s.bytes(), truth };
}

/** Mississippi Power: contact numbers at the top, service period, 13-month table, a two-sided bill. */
async function mspower(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MS", {
    utility: "Mississippi Power",
    rate: "Residential Service R-53",
    pastDue: r.chance(0.25),
  });
  f.account = `${r.digits(5)}-${r.digits(5)}`;
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "Mississippi Power", { size: 18, bold: true });
  s.text(36, 52, "A SOUTHERN COMPANY", { size: 6.5 });
  s.text(330, 30, "Customer Service 1-800-532-1502   Report an Outage 1-800-532-1502", { size: 6 });
  s.text(330, 40, `Account Number ${f.account}`, { size: 8, bold: true });
  s.row(330, 576, 54, "Total Due", fmt.money(f.amountDue), { size: 9, bold: true });
  s.row(330, 576, 64, "Due Date", fmt.slash(f.dueDate), { size: 8 });
  s.text(36, 80, f.name.toUpperCase(), { size: 8 });
  s.text(36, 90, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 100, cityLine(f), { size: 8 });
  s.text(36, 124, "Summary of Your Bill", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Bill Amount", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 280, 136 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(
    36,
    200,
    `Service Period ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}   ${days(f)} days`,
    {
      size: 7,
    },
  );
  s.text(36, 210, `Bill Date ${fmt.slash(f.invoiceDate)}`, { size: 7 });
  s.text(330, 124, "Usage Information", { size: 9, bold: true });
  ["Month", "kWh", "Avg Daily kWh"].forEach((t, i) =>
    s.text(330 + i * 60, 136, t, { size: 6.5, bold: true })
  );
  f.history.slice().reverse().forEach((m, i) =>
    [mmmyy(m), fmt.kwh(m.value), (m.value / 30).toFixed(1)].forEach((v, j) =>
      s.text(330 + j * 60, 146 + i * 9, v, { size: 6.5 })
    )
  );
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment to Mississippi Power.",
    remit: ["MISSISSIPPI POWER", "PO BOX 245", "BIRMINGHAM AL 35201-0245"],
    accountLabel: "Account Number",
    amountLabel: "Total Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  // the back of the bill: details of the current bill, the account number, due date and total due repeated
  s.addPage();
  s.text(
    36,
    40,
    `Account Number ${f.account}   Due Date ${fmt.slash(f.dueDate)}   Total Due ${fmt.money(f.amountDue)}`,
    {
      size: 7.5,
      bold: true,
    },
  );
  s.text(36, 66, "Details of Current Bill", { size: 9, bold: true });
  s.text(36, 78, `Rate: ${f.rate}`, { size: 7 });
  const rd = r.int(10000, 90000);
  s.text(
    36,
    90,
    `Meter Number ${f.meters[0].number}   Present Reading ${rd + k}   Previous Reading ${rd}   kWh Used ${
      fmt.kwh(k)
    }`,
    { size: 7 },
  );
  s.row(48, 330, 104, "Base Charge", "$19.00", { size: 7 });
  s.row(48, 330, 114, `Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 124, "Fuel Cost Recovery", cents(r, 8, 30), { size: 7 });
  s.row(48, 330, 134, "Environmental Compliance Overview", cents(r, 1, 6), { size: 7 });
  s.row(48, 330, 144, "Municipal Franchise Fee", cents(r, 1, 5), { size: 7 });
  s.row(48, 330, 154, "State Sales Tax", cents(r, 3, 9), { size: 7 });
  s.row(36, 330, 168, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  s.text(36, 200, "Payment Programs: Budget Billing, Auto Pay, Paperless Billing, Credit Card", {
    size: 6.5,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "mspower", pdf: await s.bytes(), truth };
}

/** Black Hills Energy (Colorado): the top band, this month against last year, a four-category billing summary. */
async function blackhills(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "CO", {
    utility: "Black Hills Energy",
    rate: "Residential Service (RS-1)",
    pastDue: r.chance(0.2),
    months: 12,
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "BLACK HILLS ENERGY", { size: 16, bold: true });
  s.text(36, 52, "blackhillsenergy.com   888-890-5554", { size: 7 });
  labelsOver(s, [300, 390, 480], 28, [["Due Date", fmt.slash(f.dueDate)], [
    "Amount Due",
    fmt.money(f.amountDue),
  ], [
    "Account Number",
    f.account,
  ]], 8);
  s.text(300, 58, `Service Address ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 6.5 });
  s.text(300, 68, `Statement Date ${fmt.slash(f.invoiceDate)}`, { size: 6.5 });
  s.text(36, 84, f.name.toUpperCase(), { size: 8 });
  s.text(36, 94, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 104, cityLine(f), { size: 8 });
  s.text(36, 130, "Compare your usage", { size: 9, bold: true });
  const h = f.history, now = h[h.length - 1];
  s.text(36, 142, `This Month ${fmt.kwh(now.value)} kWh   Days ${days(f)}`, { size: 7 });
  s.text(36, 152, `Reasons your bill may have changed: weather, days in the billing period`, { size: 6.5 });
  s.text(330, 130, "Billing Summary", { size: 9, bold: true });
  const del = +(cur * 0.45).toFixed(2), tax = +(cur * 0.06).toFixed(2), oth = +(cur * 0.02).toFixed(2);
  const sup = +(cur - del - tax - oth).toFixed(2);
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payment(s) Received", `-${money(paid)}`],
    ["Delivery", money(del)],
    ["Energy Supply", money(sup)],
    ["Taxes", money(tax)],
    ["Other", money(oth)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 142 + i * 10, a, b, { size: 7, bold: i === 6 }));
  s.text(36, 230, "Usage History (kWh)", { size: 9, bold: true });
  h.forEach((m, i) => {
    s.text(36 + i * 42, 242, `${fmt.m3(m.month)} ${m.year}`, { size: 5.5 });
    s.text(36 + i * 42, 251, fmt.kwh(m.value), { size: 6 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "If paying by mail, detach and return this portion with your check.",
    remit: ["BLACK HILLS ENERGY", "PO BOX 7966", "CAROL STREAM IL 60197-7966"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  s.addPage();
  s.text(36, 40, "Details of your charges", { size: 10, bold: true });
  s.text(36, 54, `Electric Service   ${f.rate}   ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}`, {
    size: 7,
  });
  const rd = r.int(10000, 90000);
  ["Meter", "Previous Read", "Current Read", "Multiplier", "Usage"].forEach((t, i) =>
    s.text(36 + i * 70, 68, t, { size: 6.5, bold: true })
  );
  [f.meters[0].number, String(rd), String(rd + k), "1", `${fmt.kwh(k)} kWh`].forEach((v, i) =>
    s.text(36 + i * 70, 78, v, { size: 6.5 })
  );
  s.text(36, 96, "Delivery", { size: 8, bold: true });
  s.row(48, 330, 106, "Customer Fee", "$14.48", { size: 7 });
  s.row(
    48,
    330,
    116,
    `Distribution ${fmt.kwh(k)} kWh @ $0.0${r.digits(4)}`,
    money(Math.max(del - 14.48, 0.87)),
    { size: 7 },
  );
  s.text(36, 132, "Energy Supply", { size: 8, bold: true });
  s.row(48, 330, 142, `Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 152, `Energy Cost Adjustment ${fmt.kwh(k)} kWh @ $0.0${r.digits(4)}`, cents(r, 4, 20), {
    size: 7,
  });
  s.text(36, 168, "Taxes", { size: 8, bold: true });
  s.row(48, 330, 178, "Franchise Fee", money(tax), { size: 7 });
  s.text(36, 194, "Other", { size: 8, bold: true });
  s.row(48, 330, 204, "Renewable Energy Standard Adjustment", money(oth), { size: 7 });
  s.row(36, 330, 220, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "blackhills", pdf: await s.bytes(), truth };
}

/** Alliant Energy (Iowa): a rate code, winter blocks or a summer price, the energy adjustment. */
async function alliant(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "IA", {
    utility: "Alliant Energy",
    rate: "Residential",
    pastDue: r.chance(0.25),
  });
  const cur = owed(f), k = f.meters[0].kwh;
  const mo = f.periodEnd.getUTCMonth() + 1, summer = mo >= 7 && mo <= 9;
  const blocks = !summer && k > 500;
  if (blocks) f.supplyRate = "";
  const s = await Sheet.create();
  s.text(36, 40, "ALLIANT ENERGY", { size: 16, bold: true });
  s.text(36, 52, "1-800-ALLIANT (800-255-4268)   alliantenergy.com", { size: 7 });
  s.text(330, 30, "Account Information", { size: 9, bold: true });
  [
    ["Account Number", f.account],
    ["Billing Date", fmt.slash(f.invoiceDate)],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 42 + i * 10, a, b, { size: 7, bold: i === 3 }));
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityLine(f), { size: 8 });
  s.text(36, 120, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Amount Due", money(prev)],
    ["Payment Received", `-${money(paid)}`],
    ["Past Due Amount", money(+f.pastDue)],
    ["Current Electric Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 280, 132 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(330, 120, "Electric Service", { size: 9, bold: true });
  s.text(330, 132, `Service Address: ${addr1(f).toUpperCase()} ${cityLine(f)}`, { size: 6.5 });
  s.text(330, 142, `Rate Code: RES - ${f.rate}`, { size: 6.5 });
  s.text(330, 152, `Service From ${fmt.slash(f.periodStart)} To ${fmt.slash(f.periodEnd)}  ${days(f)} Days`, {
    size: 6.5,
  });
  const rd = r.int(10000, 90000);
  s.text(
    330,
    164,
    `Meter ${f.meters[0].number}  Current ${rd + k}  Previous ${rd}  Usage ${fmt.kwh(k)} kWh`,
    {
      size: 6.5,
    },
  );
  s.text(36, 200, "Electric Charges", { size: 9, bold: true });
  s.row(48, 330, 212, "Basic Service Charge", "$13.00", { size: 7 });
  let y = 222;
  if (blocks) {
    const b1 = Math.min(k, 500), b2 = Math.min(Math.max(k - 500, 0), 700), b3 = Math.max(k - 1200, 0);
    s.row(48, 330, y, `Energy Charge First 500 kWh ${b1} kWh @ $0.09${r.digits(3)}`, cents(r, 40, 48), {
      size: 7,
    });
    s.row(48, 330, y += 10, `Energy Charge Next 700 kWh ${b2} kWh @ $0.07${r.digits(3)}`, cents(r, 5, 50), {
      size: 7,
    });
    if (b3 > 0) {
      s.row(
        48,
        330,
        y += 10,
        `Energy Charge Over 1,200 kWh ${b3} kWh @ $0.04${r.digits(3)}`,
        cents(r, 5, 40),
        {
          size: 7,
        },
      );
    }
  } else {
    s.row(48, 330, y, `Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
      size: 7,
    });
  }
  s.row(48, 330, y += 10, `Energy Adjustment Cost ${fmt.kwh(k)} kWh @ $0.00${r.digits(3)}`, cents(r, 1, 9), {
    size: 7,
  });
  s.row(48, 330, y += 10, "Energy Efficiency Cost Recovery", cents(r, 1, 6), { size: 7 });
  s.row(48, 330, y += 10, "Local Option Sales Tax", cents(r, 1, 4), { size: 7 });
  s.row(36, 330, y += 12, "Total Electric Charges", money(cur), { size: 7.5, bold: true });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Alliant Energy.",
    remit: ["ALLIANT ENERGY", "PO BOX 3066", "CEDAR RAPIDS IA 52406-3066"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: [], ...stub, service: upper(f.service) });
  return { layout: "alliant", pdf: await s.bytes(), truth };
}

/** Central Maine Power: account summary, messages, the Standard Offer supply line, page 2 delivery and meters. */
async function cmp(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "ME", {
    utility: "Central Maine Power",
    rate: "A - Residential Service",
    pastDue: r.chance(0.25),
  });
  f.account = `${r.digits(4)}-${r.digits(4)}-${r.digits(3)}`;
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "CMP", { size: 22, bold: true });
  s.text(36, 52, "Central Maine Power   cmpco.com   1-800-750-4000", { size: 7 });
  s.row(330, 576, 30, "Account Number", f.account, { size: 8 });
  s.row(330, 576, 41, "Bill Date", fmt.slash(f.invoiceDate), { size: 8 });
  s.row(330, 576, 52, "Amount Due", fmt.money(f.amountDue), { size: 10, bold: true });
  s.row(330, 576, 64, "Due Date", fmt.slash(f.dueDate), { size: 8 });
  s.text(36, 80, f.name.toUpperCase(), { size: 8 });
  s.text(36, 90, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 100, cityLine(f), { size: 8 });
  s.text(36, 124, "Your Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  const del = +(cur - k * +f.supplyRate).toFixed(2);
  [
    ["Balance Forward", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Unpaid Balance", money(+f.pastDue)],
    ["Delivery Charges", money(del)],
    ["Supply Charges", money(k * +f.supplyRate)],
    ["Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 280, 136 + i * 10, a, b, { size: 7, bold: i === 5 }));
  s.text(330, 124, "Your Messages", { size: 9, bold: true });
  s.text(330, 136, "Maine sales tax does not apply to the first 750 kWh of residential usage.", { size: 6 });
  s.text(36, 214, "Monthly Usage Summary - Average Daily Use (kWh)", { size: 9, bold: true });
  const h = f.history.slice(-12);
  h.forEach((m, i) => {
    s.text(36 + i * 44, 226, `${fmt.m3(m.month)}-${String(m.year).slice(2)}`, { size: 6 });
    s.text(36 + i * 44, 236, (m.value / 30).toFixed(1), { size: 6 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Make checks payable to Central Maine Power.",
    remit: ["CENTRAL MAINE POWER", "PO BOX 847810", "BOSTON MA 02284-7810"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  s.addPage();
  s.text(36, 40, `Account Number ${f.account}`, { size: 8 });
  s.text(36, 56, `Service Location: ${addr1(f).toUpperCase()}, ${cityLine(f)}`, { size: 7 });
  s.text(
    36,
    66,
    `Billing Period: ${fmt.slash(f.periodStart)} - ${fmt.slash(f.periodEnd)}   Days: ${days(f)}`,
    {
      size: 7,
    },
  );
  s.text(36, 76, `Rate: ${f.rate}`, { size: 7 });
  s.text(36, 92, "Meter Details", { size: 9, bold: true });
  const rd = r.int(10000, 90000);
  ["Meter Number", "Read Date", "Previous", "Current", "Total kWh"].forEach((t, i) =>
    s.text(36 + i * 70, 104, t, { size: 6.5, bold: true })
  );
  [f.meters[0].number, fmt.slash(f.periodEnd), String(rd), String(rd + k), fmt.kwh(k)].forEach((v, i) =>
    s.text(36 + i * 70, 114, v, { size: 6.5 })
  );
  s.text(36, 134, "Delivery Charges - Central Maine Power", { size: 8.5, bold: true });
  s.row(48, 330, 146, "Service Charge", "$22.76", { size: 7 });
  s.row(
    48,
    330,
    156,
    `Delivery Service ${fmt.kwh(k)} kWh @ $0.1${r.digits(4)}`,
    money(Math.max(del - 22.76, 0.91)),
    { size: 7 },
  );
  s.row(36, 330, 168, "Total Delivery Charge", money(del), { size: 7.5, bold: true });
  s.text(36, 186, "Supply Charges - Standard Offer", { size: 8.5, bold: true });
  s.row(48, 330, 198, `Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  const truth = truthOf(f, { history: [], ...stub, service: upper(f.service) });
  return { layout: "cmp", pdf: await s.bytes(), truth };
}

/** Otter Tail Power (Minnesota): the Resource Adjustment and CIP, an Even Monthly Payment amount asked. */
async function ottertail(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "MN", {
    utility: "Otter Tail Power Company",
    rate: "Residential Service",
    pastDue: r.chance(0.2),
  });
  const charges = owed(f), k = f.meters[0].kwh;
  const emp = r.chance(0.5);
  const plan = emp ? Math.round(charges * (0.8 + r.next() * 0.4)) : 0;
  if (emp) f.amountDue = (plan + +f.pastDue).toFixed(2);
  const s = await Sheet.create();
  s.text(36, 40, "OTTER TAIL POWER COMPANY", { size: 14, bold: true });
  s.text(36, 52, "otpco.com   800-257-4044", { size: 7 });
  labelsOver(s, [330, 430, 510], 28, [["Account Number", f.account], [
    "Statement Date",
    fmt.slash(f.invoiceDate),
  ], [
    "Due Date",
    fmt.slash(f.dueDate),
  ]], 7.5);
  s.text(330, 60, `Amount Due ${fmt.money(f.amountDue)}`, { size: 10, bold: true });
  s.text(36, 76, f.name.toUpperCase(), { size: 8 });
  s.text(36, 86, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 96, cityLine(f), { size: 8 });
  s.text(330, 84, "Account Activity", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  const lines: [string, string][] = [
    ["Previous Balance", money(prev)],
    ["Payment - Thank You", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(charges)],
  ];
  if (emp) lines.push(["Even Monthly Payment Amount", money(plan)]);
  lines.push(["Amount Due", fmt.money(f.amountDue)]);
  lines.forEach(([a, b], i) => s.row(330, 576, 96 + i * 10, a, b, { size: 7, bold: i === lines.length - 1 }));
  s.text(36, 170, "Electric Service", { size: 9, bold: true });
  s.text(36, 181, `Service Address: ${addr1(f).toUpperCase()}, ${cityLine(f)}`, { size: 7 });
  s.text(36, 191, `${f.rate}   ${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)}   ${days(f)} days`, {
    size: 7,
  });
  const rd = r.int(10000, 90000);
  s.text(36, 203, `Meter ${f.meters[0].number}   Present ${rd + k}   Previous ${rd}   kWh ${fmt.kwh(k)}`, {
    size: 7,
  });
  s.text(36, 213, `Average Daily kWh ${(k / days(f)).toFixed(1)}`, { size: 7 });
  s.row(48, 330, 228, "Customer Charge", "$10.50", { size: 7 });
  s.row(48, 330, 238, `Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 248, `Resource Adjustment ${fmt.kwh(k)} kWh @ $0.00${r.digits(3)}`, cents(r, 1, 9), {
    size: 7,
  });
  s.row(48, 330, 258, `Energy Adjustment ${fmt.kwh(k)} kWh @ $0.00${r.digits(3)}`, cents(r, 1, 12), {
    size: 7,
  });
  s.row(48, 330, 268, "Conservation Improvement Program (CIP)", cents(r, 1, 5), { size: 7 });
  s.row(48, 330, 278, "Sales Tax", cents(r, 3, 9), { size: 7 });
  s.row(36, 330, 292, "Total Current Charges", money(charges), { size: 7.5, bold: true });
  s.text(340, 320, "kWh Usage History", { size: 9, bold: true });
  const hmax = Math.max(...f.history.map((m) => m.value));
  f.history.forEach((m, i) => {
    const x = 340 + i * 18, hg = Math.max(4, Math.round(60 * m.value / hmax));
    s.box(x, 410 - hg, 12, hg);
    s.text(x, 420, fmt.m3(m.month), { size: 5 });
    s.text(x, 428, fmt.kwh(m.value), { size: 5 });
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment to Otter Tail Power Company.",
    remit: ["OTTER TAIL POWER COMPANY", "PO BOX 2002", "FERGUS FALLS MN 56538-2002"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  return { layout: "ottertail", pdf: await s.bytes(), truth };
}

export const R15_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  bge,
  mspower,
  blackhills,
  alliant,
  cmp,
  ottertail,
};
/** Drawn at random from the six before the first score; only their totals are read until the round's last change. */
export const R15_SEALED = ["cmp", "blackhills"];
