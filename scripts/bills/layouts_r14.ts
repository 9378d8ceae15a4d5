// Round-14 held-out bill layouts (issue #11): six utilities the corpus had no layout of, written from their public
// "how to read your bill" pages (label words, section names, table shapes: tests/fixtures/bills/synthetic/
// SOURCES.md). Shapes: a monthly service charge, an energy charge in summer or in two winter blocks, the fuel and
// purchased power adjustment, the rate named under the address box, a 13-month table of kWh, days and average
// temperature (OPPD); account information, a billing summary, meter reading details with a multiplier, the TVA fuel
// cost adjustment, a usage history in two columns of month / kWh / days (Nashville Electric Service); a bill date,
// a BudgetPlan amount asked instead of the charges, current and previous reads marked actual, a usage profile of 13
// bars with the kWh printed above each (NIPSCO); electric and natural gas on one bill, a customer charge per day,
// the fuel cost adjustment, the next meter read, a usage comparison of this year against last year with degree days
// (We Energies); a payment coupon, an electric delivery summary, the billing month and service location repeated,
// electric meter information with the next meter reading, delivery charges with the days, the seasonal rate and the
// rate class, distribution charges in kWh increments, the price to compare, an energy comparison with average
// temperature (Delmarva Power); "Your Balance With Us", elapsed days, the amount used this month, itemized charges
// with a basic charge, a delivery charge, supply energy charges in Block 1 and Block 2 and the BPA Columbia River
// Benefits credit (Pacific Power). Two of them are SEALED (R14_SEALED, drawn at random before the first score).
// Registered in layouts_heldout.ts.
// Conventions for the truths (docs/bills.md "Round 13"): a bill printing more than one billed block price for its
// energy has no supply price; a previous balance the printed payments cleared is a past due of "0.00"; an adjustment
// priced per kWh (fuel, FPPA, TVA fuel cost) is not the supply price; a bundled energy charge priced once is; on a
// multi-service bill only the electric usage is the usage; a levelized (budget) bill's amount due is what it asks.
import { drawStub } from "./stub.ts";
import { type Facts, type Rng, truthOf } from "./random_bill.ts";
import { fmt, Sheet } from "./sheet.ts";
import type { Generated } from "./layouts.ts";
import { addr1, cents, days, labelsOver, placedIn, upper } from "./layouts_r9.ts";
import { owed, summary } from "./layouts_r13.ts";

const TOWNS: Record<string, [string, string][]> = {
  NE: [["Omaha", "68104"], ["Omaha", "68132"], ["Bellevue", "68005"], ["Papillion", "68046"]],
  TN: [["Nashville", "37206"], ["Nashville", "37211"], ["Antioch", "37013"], ["Madison", "37115"]],
  IN: [["Merrillville", "46410"], ["Valparaiso", "46383"], ["Michigan City", "46360"], ["Hammond", "46320"]],
  WI: [["Milwaukee", "53207"], ["Wauwatosa", "53213"], ["Racine", "53403"], ["Kenosha", "53144"]],
  DE: [["Wilmington", "19805"], ["Newark", "19711"], ["Dover", "19901"], ["Middletown", "19709"]],
  OR: [["Medford", "97501"], ["Bend", "97701"], ["Klamath Falls", "97601"], ["Roseburg", "97470"]],
};
const money = (n: number) => fmt.money(n.toFixed(2));
const isSummer = (f: Facts) => [6, 7, 8, 9].includes(f.periodEnd.getUTCMonth() + 1);
const mmyy = (m: Facts["history"][number]) =>
  `${String(m.month).padStart(2, "0")}/${String(m.year).slice(2)}`;

/** OPPD (Omaha Public Power District): the rate under the address box, service charge, energy charge, FPPA. */
async function oppd(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "NE", { utility: "OPPD", rate: "Residential", pastDue: r.chance(0.25) });
  const cur = owed(f);
  const summer = isSummer(f), k = f.meters[0].kwh;
  // winter: the first 750 kWh at one price, the rest at a lower one (two billed blocks: no supply price)
  const blocks = !summer && k > 750;
  if (blocks) f.supplyRate = "";
  const s = await Sheet.create();
  s.text(36, 40, "OPPD", { size: 22, bold: true });
  s.text(36, 52, "Omaha Public Power District   oppd.com   402-536-4131", { size: 7 });
  s.row(340, 576, 30, "Account Number", f.account, { size: 8 });
  s.row(340, 576, 41, "Statement Date", fmt.slash(f.invoiceDate), { size: 8 });
  s.row(340, 576, 52, "Due Date", fmt.slash(f.dueDate), { size: 8 });
  s.row(340, 576, 64, "Amount Due", fmt.money(f.amountDue), { size: 10, bold: true });
  s.box(36, 70, 220, 56);
  s.text(42, 82, f.name.toUpperCase(), { size: 8 });
  s.text(42, 92, addr1(f).toUpperCase(), { size: 8 });
  s.text(42, 102, `${f.service.city.toUpperCase()} NE ${f.service.zip}`, { size: 8 });
  s.text(42, 118, `Rate: ${f.rate}`, { size: 7.5 });
  s.text(36, 140, `Service Address: ${addr1(f).toUpperCase()}`, { size: 7.5 });
  s.text(
    36,
    150,
    `Billing Period: ${fmt.slash(f.periodStart)} to ${fmt.slash(f.periodEnd)}  (${days(f)} days)`,
    {
      size: 7.5,
    },
  );
  s.text(340, 90, "Account Activity", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payment Received - Thank You", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(340, 576, 102 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 176, "Meter Information", { size: 9, bold: true });
  const mx = [36, 120, 190, 260, 330, 400, 470];
  ["Meter Number", "From", "To", "Previous", "Present", "Mult", "kWh"].forEach((t, i) =>
    s.text(mx[i], 188, t, { size: 6.5, bold: true })
  );
  const rd = r.int(10000, 90000);
  [
    f.meters[0].number,
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(rd),
    String(rd + k),
    "1",
    fmt.kwh(k),
  ]
    .forEach((v, i) => s.text(mx[i], 198, v, { size: 6.5 }));
  s.text(36, 218, "Current Charges", { size: 9, bold: true });
  s.row(48, 330, 230, "Monthly Service Charge", "$15.00", { size: 7 });
  let y = 240;
  if (blocks) {
    const lo = (+`0.0${r.int(5, 7)}${r.digits(3)}`).toFixed(5);
    s.row(
      48,
      330,
      y,
      `Energy Charge - Winter First 750 kWh @ $0.0${r.int(8, 9)}${r.digits(3)}`,
      cents(r, 50, 70),
      {
        size: 7,
      },
    );
    s.row(
      48,
      330,
      y += 10,
      `Energy Charge - Winter Over 750 kWh ${fmt.kwh(k - 750)} kWh @ $${lo}`,
      money((k - 750) * +lo),
      {
        size: 7,
      },
    );
  } else {
    s.row(
      48,
      330,
      y,
      `Energy Charge - ${summer ? "Summer" : "Winter"} ${fmt.kwh(k)} kWh @ $${f.supplyRate}`,
      money(k * +f.supplyRate),
      {
        size: 7,
      },
    );
  }
  s.row(
    48,
    330,
    y += 10,
    `Fuel and Purchased Power Adjustment ${fmt.kwh(k)} kWh @ $0.00${r.digits(3)}`,
    cents(r, 2, 14),
    {
      size: 7,
    },
  );
  s.row(48, 330, y += 10, "City Sales Tax", cents(r, 1, 6), { size: 7 });
  s.row(36, 330, y += 12, "Total Current Charges", money(cur), { size: 7.5, bold: true });
  // 13 months: month, kWh, days, average temperature
  s.text(360, 176, "Usage History", { size: 9, bold: true });
  ["Month", "kWh", "Days", "Avg Temp"].forEach((t, i) =>
    s.text(360 + i * 50, 188, t, { size: 6.5, bold: true })
  );
  f.history.slice().reverse().forEach((m, i) => {
    [
      `${fmt.m3(m.month)} ${String(m.year).slice(2)}`,
      fmt.kwh(m.value),
      String(r.int(28, 33)),
      `${r.int(18, 88)}°`,
    ]
      .forEach((v, j) => s.text(360 + j * 50, 198 + i * 9, v, { size: 6.5 }));
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment. Make checks payable to OPPD.",
    remit: ["OPPD", "PO BOX 3995", "OMAHA NE 68103-0995"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  // the bill prints the service address as a street alone: the truth holds no service city, state or ZIP (the
  // lead's convention, round 15: the truth holds what the bill prints; never the mailing block's)
  truth.customerInformation.serviceAddress = {
    ...truth.customerInformation.serviceAddress,
    city: "",
    state: "",
    zip: "",
  };
  return { layout: "oppd", pdf: await s.bytes(), truth };
}

/** Nashville Electric Service: account information, billing summary, meter reading details, TVA fuel cost. */
async function nes(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "TN", {
    utility: "Nashville Electric Service",
    rate: "Residential Service",
    pastDue: r.chance(0.25),
  });
  f.account = r.digits(7);
  const cur = owed(f), k = f.meters[0].kwh;
  const s = await Sheet.create();
  s.text(36, 40, "NES", { size: 22, bold: true });
  s.text(36, 52, "Nashville Electric Service   nespower.com   615-736-6900", { size: 7 });
  s.text(330, 30, "Account Information", { size: 9, bold: true });
  [
    ["Name", f.name.toUpperCase()],
    ["Account Number", f.account],
    ["Service Address", addr1(f).toUpperCase()],
    ["Bill Date", fmt.short(f.invoiceDate)],
  ].forEach(([a, b], i) => s.row(330, 576, 42 + i * 10, a, b, { size: 7 }));
  s.text(36, 90, "Billing Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Balance", money(prev)],
    ["Payments", `${money(paid)} CR`],
    ["Past Due Amount", money(+f.pastDue)],
    ["New Charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 280, 102 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(36, 158, `Pay By ${fmt.short(f.dueDate)}`, { size: 8, bold: true });
  s.text(330, 100, "Important Messages", { size: 8, bold: true });
  s.text(330, 110, "Balanced Billing makes your bills predictable. Call 615-736-6900.", { size: 6 });
  s.text(36, 180, "Meter Reading Details", { size: 9, bold: true });
  const mx = [36, 100, 160, 220, 280, 340, 400, 460];
  ["Meter", "Service From", "Service To", "Days", "Previous", "Present", "Multiplier", "kWh"].forEach((
    t,
    i,
  ) => s.text(mx[i], 192, t, { size: 6.5, bold: true }));
  const rd = r.int(1000, 9000);
  [
    f.meters[0].number,
    fmt.short(f.periodStart),
    fmt.short(f.periodEnd),
    String(days(f)),
    String(rd),
    String(rd + k),
    "1",
    fmt.kwh(k),
  ].forEach((v, i) => s.text(mx[i], 202, v, { size: 6.5 }));
  s.text(36, 222, `Current Charges - ${f.rate}`, { size: 9, bold: true });
  s.row(48, 330, 234, "Customer Charge", "$14.00", { size: 7 });
  s.row(48, 330, 244, `Energy Charge ${fmt.kwh(k)} kWh X ${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 254, `TVA Fuel Cost Adjustment ${fmt.kwh(k)} kWh X 0.0${r.digits(5)}`, cents(r, 15, 40), {
    size: 7,
  });
  s.row(48, 330, 264, "Grid Access Charge", cents(r, 3, 9), { size: 7 });
  s.row(36, 330, 276, "Total New Charges", money(cur), { size: 7.5, bold: true });
  // usage history: two columns of month / kWh / days
  s.text(360, 180, "Usage History", { size: 9, bold: true });
  const h = f.history.slice().reverse();
  [0, 1].forEach((c) => {
    ["Month", "kWh", "Days"].forEach((t, i) =>
      s.text(360 + c * 110 + i * 34, 192, t, { size: 6.5, bold: true })
    );
    h.slice(c * 7, c * 7 + 7).forEach((m, i) =>
      [mmyy(m), fmt.kwh(m.value), String(r.int(28, 33))].forEach((v, j) =>
        s.text(360 + c * 110 + j * 34, 202 + i * 9, v, { size: 6.5 })
      )
    );
  });
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this stub with your payment to Nashville Electric Service.",
    remit: ["NASHVILLE ELECTRIC SERVICE", "PO BOX 305099", "NASHVILLE TN 37230-5099"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Pay By",
    date: fmt.short,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  // the bill prints the service address as a street alone: the truth holds no service city, state or ZIP (the
  // lead's convention, round 15: the truth holds what the bill prints; never the mailing block's)
  truth.customerInformation.serviceAddress = {
    ...truth.customerInformation.serviceAddress,
    city: "",
    state: "",
    zip: "",
  };
  return { layout: "nes", pdf: await s.bytes(), truth };
}

/** NIPSCO (Indiana): a BudgetPlan bill, reads marked actual, a usage profile of bars with the kWh above each. */
async function nipsco(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "IN", {
    utility: "NIPSCO",
    rate: "Residential Rate 711",
    pastDue: r.chance(0.2),
  });
  f.account = `${r.digits(3)}-${r.digits(3)}-${r.digits(3)}`;
  const charges = owed(f), k = f.meters[0].kwh;
  const budget = r.chance(0.5);
  const plan = budget ? Math.round(charges * (0.8 + r.next() * 0.4)) : 0;
  if (budget) f.amountDue = (plan + +f.pastDue).toFixed(2);
  const s = await Sheet.create();
  s.text(36, 40, "NIPSCO", { size: 20, bold: true });
  s.text(36, 52, "A NiSource Company   NIPSCO.com   1-800-464-7726", { size: 7 });
  labelsOver(s, [330, 420, 500], 30, [["Account Number", f.account], ["Bill Date", fmt.mon(f.invoiceDate)], [
    "Due Date",
    fmt.mon(f.dueDate),
  ]]);
  s.text(330, 62, `Amount Due ${fmt.money(f.amountDue)}`, { size: 10, bold: true });
  s.text(36, 78, f.name.toUpperCase(), { size: 8 });
  s.text(36, 88, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 98, `${f.service.city.toUpperCase()} IN ${f.service.zip}`, { size: 8 });
  s.text(330, 84, "Account Summary", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  const lines: [string, string][] = [
    ["Previous Balance", money(prev)],
    ["Payments Received", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Electric Charges", money(charges)],
  ];
  if (budget) lines.push(["BudgetPlan Amount", money(plan)]);
  lines.push(["Amount Due", fmt.money(f.amountDue)]);
  lines.forEach(([a, b], i) => s.row(330, 576, 96 + i * 10, a, b, { size: 7, bold: i === lines.length - 1 }));
  s.text(36, 170, "Electric Service Details", { size: 9, bold: true });
  s.text(36, 181, `Service Address: ${addr1(f).toUpperCase()}   Rate: ${f.rate}`, { size: 7 });
  s.text(36, 191, `Service Period: ${fmt.mon(f.periodStart)} - ${fmt.mon(f.periodEnd)}   ${days(f)} Days`, {
    size: 7,
  });
  const rd = r.int(10000, 90000);
  s.text(
    36,
    203,
    `Meter ${f.meters[0].number}   Current Read (Actual) ${rd + k}   Previous Read (Actual) ${rd}`,
    {
      size: 7,
    },
  );
  s.text(36, 213, `Total Usage ${fmt.kwh(k)} kWh`, { size: 7, bold: true });
  s.row(48, 330, 228, "Customer Charge", "$14.00", { size: 7 });
  s.row(48, 330, 238, `Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 248, `Fuel Cost Adjustment ${fmt.kwh(k)} kWh @ $0.0${r.digits(5)}`, cents(r, 5, 30), {
    size: 7,
  });
  s.row(48, 330, 258, "RTO Adjustment", cents(r, 0, 3), { size: 7 });
  s.row(48, 330, 268, "Indiana Sales Tax", cents(r, 3, 9), { size: 7 });
  s.row(36, 330, 280, "Total Current Electric Charges", money(charges), { size: 7.5, bold: true });
  if (budget) {
    s.text(36, 296, `You are on the BudgetPlan. Your monthly BudgetPlan amount is ${money(plan)}.`, {
      size: 6.5,
    });
  }
  s.text(340, 330, "Your Usage Profile (kWh)", { size: 9, bold: true });
  const hmax = Math.max(...f.history.map((m) => m.value));
  f.history.forEach((m, i) => {
    const x = 340 + i * 18, hg = Math.max(4, Math.round(60 * m.value / hmax));
    s.box(x, 420 - hg, 12, hg);
    s.text(x, 416 - hg, String(m.value), { size: 5.5 });
    s.text(x + 3, 430, fmt.m3(m.month)[0], { size: 5.5 });
  });
  s.text(
    340,
    442,
    `${fmt.m3(f.history[0].month)} ${f.history[0].year} - ${fmt.m3(f.history[12].month)} ${
      f.history[12].year
    }`,
    {
      size: 6,
    },
  );
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to NIPSCO.",
    remit: ["NIPSCO", "PO BOX 13007", "MERRILLVILLE IN 46411-3007"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  // the bill prints the service address as a street alone: the truth holds no service city, state or ZIP (the
  // lead's convention, round 15: the truth holds what the bill prints; never the mailing block's)
  truth.customerInformation.serviceAddress = {
    ...truth.customerInformation.serviceAddress,
    city: "",
    state: "",
    zip: "",
  };
  return { layout: "nipsco", pdf: await s.bytes(), truth };
}

/** We Energies (Wisconsin): electric and gas, a customer charge per day, fuel cost adjustment, this year vs last year. */
async function wenergies(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "WI", {
    utility: "We Energies",
    rate: "Rg1 Residential",
    pastDue: r.chance(0.25),
  });
  const cur = owed(f), k = f.meters[0].kwh, d = days(f);
  const s = await Sheet.create();
  s.text(36, 40, "We Energies", { size: 18, bold: true });
  s.text(36, 52, "A WEC Energy Group Company   we-energies.com   800-242-9137", { size: 7 });
  [
    ["Bill Date", fmt.slash(f.invoiceDate)],
    ["Account Number", f.account],
    ["Due Date", fmt.slash(f.dueDate)],
    ["Amount Due", fmt.money(f.amountDue)],
    [
      "Next Meter Read",
      `${fmt.m3(f.periodEnd.getUTCMonth() === 11 ? 1 : f.periodEnd.getUTCMonth() + 2)} ${r.int(2, 27)}`,
    ],
  ].forEach(([a, b], i) => s.row(340, 576, 30 + i * 10, a, b, { size: 7.5, bold: i === 3 }));
  s.text(36, 84, f.name.toUpperCase(), { size: 8 });
  s.text(36, 94, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 104, `${f.service.city.toUpperCase()} WI ${f.service.zip}`, { size: 8 });
  s.text(340, 92, "Activity Since Last Bill", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  const gas = r.int(2500, 9000) / 100;
  [
    ["Previous Balance", money(prev)],
    ["Payments", `-${money(paid)}`],
    ["Balance Forward", money(+f.pastDue)],
    ["Current Electric Charges", money(cur - gas)],
    ["Current Gas Charges", money(gas)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(340, 576, 104 + i * 10, a, b, { size: 7, bold: i === 5 }));
  s.text(36, 180, "Electric Service", { size: 9, bold: true });
  s.text(36, 191, `Service Address: ${addr1(f).toUpperCase()}   Rate: ${f.rate}`, { size: 7 });
  const rd = r.int(10000, 90000);
  s.text(
    36,
    201,
    `Meter ${f.meters[0].number}   ${fmt.slash(f.periodStart)} - ${
      fmt.slash(f.periodEnd)
    }   ${d} days   Read ${r.chance(0.8) ? "Actual" : "Estimated"}   ${rd} - ${rd + k}`,
    { size: 7 },
  );
  s.text(36, 211, `Electric usage ${fmt.kwh(k)} kWh`, { size: 7, bold: true });
  s.row(48, 330, 224, `Customer Charge ${d} days @ $0.${r.int(40, 60)} per day`, cents(r, 12, 18), {
    size: 7,
  });
  s.row(
    48,
    330,
    234,
    `Electric Energy Charge ${fmt.kwh(k)} kWh @ $${f.supplyRate}`,
    money(k * +f.supplyRate),
    { size: 7 },
  );
  s.row(48, 330, 244, `Fuel Cost Adjustment ${fmt.kwh(k)} kWh @ -$0.00${r.digits(3)}`, `-${cents(r, 0, 4)}`, {
    size: 7,
  });
  s.row(48, 330, 254, "Low Income Assistance Fee", "$1.50", { size: 7 });
  s.text(36, 274, "Gas Service", { size: 9, bold: true });
  const th = r.int(20, 140);
  s.text(36, 285, `Gas Meter G${r.digits(8)}   ${d} days   ${th} therms`, { size: 7 });
  s.row(48, 330, 296, `Gas Distribution Charge ${th} therms @ $0.${r.digits(4)}`, money(gas * 0.6), {
    size: 7,
  });
  s.row(48, 330, 306, `Natural Gas Cost ${th} therms @ $0.${r.digits(4)}`, money(gas * 0.4), { size: 7 });
  // usage comparison: this year and last year
  s.text(360, 180, "Usage Comparison", { size: 9, bold: true });
  const ly = f.history[0], now = f.history[12];
  ["", `${fmt.m3(now.month)} ${now.year}`, `${fmt.m3(ly.month)} ${ly.year}`].forEach((t, i) =>
    s.text(360 + i * 70, 192, t, { size: 6.5, bold: true })
  );
  [
    ["Electric kWh", fmt.kwh(now.value), fmt.kwh(ly.value)],
    ["Avg daily kWh", (now.value / d).toFixed(1), (ly.value / 30).toFixed(1)],
    ["Degree days", String(r.int(10, 900)), String(r.int(10, 900))],
    ["Avg temperature", `${r.int(15, 80)}°`, `${r.int(15, 80)}°`],
  ].forEach((row, i) => row.forEach((v, j) => s.text(360 + j * 70, 202 + i * 10, v, { size: 6.5 })));
  const stub = drawStub(s, r, f, 560, {
    returnText: "Return this portion with your payment. Make checks payable to We Energies.",
    remit: ["WE ENERGIES", "PO BOX 90001", "MILWAUKEE WI 53290-0001"],
    accountLabel: "Account Number",
    amountLabel: "Amount Due",
    dueLabel: "Due Date",
    date: fmt.slash,
  });
  const truth = truthOf(f, { history: [ly, now], ...stub, service: upper(f.service) });
  // the bill prints the service address as a street alone: the truth holds no service city, state or ZIP (the
  // lead's convention, round 15: the truth holds what the bill prints; never the mailing block's)
  truth.customerInformation.serviceAddress = {
    ...truth.customerInformation.serviceAddress,
    city: "",
    state: "",
    zip: "",
  };
  return { layout: "wenergies", pdf: await s.bytes(), truth };
}

/** Delmarva Power (Delaware): electric delivery summary, billing information, meter information, delivery charges. */
async function delmarva(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "DE", {
    utility: "Delmarva Power",
    rate: "Residential - R",
    pastDue: r.chance(0.25),
  });
  f.account = r.digits(11);
  const cur = owed(f), k = f.meters[0].kwh, summer = isSummer(f);
  const s = await Sheet.create();
  s.text(36, 40, "delmarva power", { size: 18, bold: true });
  s.text(36, 52, "An Exelon Company   delmarva.com   1-800-375-7117", { size: 7 });
  s.text(330, 30, "Electric Delivery Summary", { size: 9, bold: true });
  [
    ["Account Number", f.account],
    ["Service Address", addr1(f).toUpperCase()],
    ["Billing Period", `${fmt.mon(f.periodStart)} to ${fmt.mon(f.periodEnd)}`],
    ["Bill Issue Date", fmt.mon(f.invoiceDate)],
  ].forEach(([a, b], i) => s.row(330, 576, 42 + i * 10, a, b, { size: 7 }));
  const { prev, paid } = summary(r, f);
  [
    ["Balance from your last bill", money(prev)],
    ["Payments received", `-${money(paid)}`],
    ["Balance forward", money(+f.pastDue)],
    ["Current charges", money(cur)],
    ["Total Amount Due", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(330, 576, 90 + i * 10, a, b, { size: 7, bold: i === 4 }));
  s.text(330, 146, `Payment due by ${fmt.mon(f.dueDate)}`, { size: 8, bold: true });
  s.text(36, 84, "Customer Care: PO Box 9239, Newark DE 19714-9239", { size: 6 });
  s.text(36, 100, "For Your Information", { size: 8, bold: true });
  s.text(
    36,
    110,
    `Your average annual price to compare is ${(+f.supplyRate * 100 + 1.1).toFixed(2)} cents per kWh.`,
    {
      size: 6.5,
    },
  );
  s.text(36, 136, "Billing Information", { size: 8, bold: true });
  s.text(36, 146, f.name.toUpperCase(), { size: 7.5 });
  s.text(36, 156, `${addr1(f).toUpperCase()}  ${f.service.city.toUpperCase()} DE ${f.service.zip}`, {
    size: 7.5,
  });
  s.text(36, 180, "Electric Meter Information", { size: 9, bold: true });
  const mx = [36, 110, 180, 250, 320, 390];
  ["Meter Number", "Current Reading", "Previous Reading", "Difference", "Multiplier", "kWh Used"].forEach((
    t,
    i,
  ) => s.text(mx[i], 192, t, { size: 6.5, bold: true }));
  const rd = r.int(10000, 90000);
  [f.meters[0].number, String(rd + k), String(rd), String(k), "1", fmt.kwh(k)].forEach((v, i) =>
    s.text(mx[i], 202, v, { size: 6.5 })
  );
  s.text(
    36,
    212,
    `Your next meter reading is scheduled for ${fmt.mon(new Date(+f.periodEnd + 30 * 864e5))}`,
    {
      size: 6.5,
    },
  );
  s.text(36, 232, "Electric Delivery Charges", { size: 9, bold: true });
  s.text(36, 243, `${days(f)} days  ${summer ? "Summer" : "Winter"} Rates  ${f.rate}`, { size: 7 });
  s.row(48, 330, 254, "Customer Charge", "$15.00", { size: 7 });
  s.row(48, 330, 264, `Distribution Charge First 500 kWh X $0.0${r.digits(5)}`, cents(r, 15, 30), {
    size: 7,
  });
  if (k > 500) {
    s.row(
      48,
      330,
      274,
      `Distribution Charge Last ${fmt.kwh(k - 500)} kWh X $0.0${r.digits(5)}`,
      cents(r, 5, 40),
      {
        size: 7,
      },
    );
  }
  s.row(48, 330, 284, "Renewable Portfolio Standard", cents(r, 2, 9), { size: 7 });
  s.text(36, 300, "Electric Supply Charges", { size: 9, bold: true });
  s.row(48, 330, 311, `Generation ${fmt.kwh(k)} kWh X $${f.supplyRate}`, money(k * +f.supplyRate), {
    size: 7,
  });
  s.row(48, 330, 321, `Transmission ${fmt.kwh(k)} kWh X $0.0${r.digits(5)}`, cents(r, 5, 20), { size: 7 });
  s.row(36, 330, 335, "Total Electric Charges", money(cur), { size: 7.5, bold: true });
  s.text(360, 232, "Your Electric Energy Comparison", { size: 8, bold: true });
  const ly = f.history[0], now = f.history[12];
  ["", "This Year", "Last Year"].forEach((t, i) => s.text(360 + i * 70, 244, t, { size: 6.5, bold: true }));
  [
    ["Average Temperature", `${r.int(20, 85)}°`, `${r.int(20, 85)}°`],
    ["Total kWh", fmt.kwh(now.value), fmt.kwh(ly.value)],
    ["Average Daily kWh", (now.value / days(f)).toFixed(1), (ly.value / 30).toFixed(1)],
  ].forEach((row, i) => row.forEach((v, j) => s.text(360 + j * 70, 254 + i * 10, v, { size: 6.5 })));
  const stub = drawStub(s, r, f, 560, {
    returnText: "Payment Coupon. Return this portion with your payment.",
    remit: ["DELMARVA POWER", "PO BOX 13609", "PHILADELPHIA PA 19101-3609"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Payment Due Date",
    date: fmt.mon,
  });
  const truth = truthOf(f, { history: [ly, now], ...stub, service: upper(f.service) });
  return { layout: "delmarva", pdf: await s.bytes(), truth };
}

/** Pacific Power (Oregon): your balance with us, elapsed days, amount used, itemized charges in two supply blocks. */
async function pacific(r: Rng): Promise<Generated> {
  const f = placedIn(TOWNS, r, "OR", {
    utility: "Pacific Power",
    rate: "Schedule 4 Residential Service",
    pastDue: r.chance(0.25),
  });
  f.account = `${r.digits(8)}-${r.digits(3)} ${r.digits(1)}`;
  const cur = owed(f), k = f.meters[0].kwh;
  const two = k > 1000;
  if (two) f.supplyRate = "";
  const s = await Sheet.create();
  s.text(36, 40, "PACIFIC POWER", { size: 16, bold: true });
  s.text(36, 52, "A Division of PacifiCorp   pacificpower.net   1-888-221-7070", { size: 7 });
  labelsOver(s, [330, 440], 28, [["Due Date", fmt.full(f.dueDate)], [
    "Total Amount Due",
    fmt.money(f.amountDue),
  ]]);
  s.text(330, 58, `Billing Date: ${fmt.full(f.invoiceDate)}   Account Number: ${f.account}`, { size: 6.5 });
  s.text(36, 78, f.name.toUpperCase(), { size: 8 });
  s.text(36, 88, addr1(f).toUpperCase(), { size: 8 });
  s.text(36, 98, `${f.service.city.toUpperCase()} OR ${f.service.zip}`, { size: 8 });
  s.text(36, 124, "YOUR BALANCE WITH US", { size: 9, bold: true });
  const { prev, paid } = summary(r, f);
  [
    ["Previous Account Balance", money(prev)],
    ["Payments/Credits", `-${money(paid)}`],
    ["New Charges", money(cur)],
    ["Current Account Balance", fmt.money(f.amountDue)],
  ].forEach(([a, b], i) => s.row(36, 280, 136 + i * 10, a, b, { size: 7, bold: i === 3 }));
  s.text(330, 124, "Payments Received", { size: 8, bold: true });
  s.row(330, 576, 136, `Payment - ${fmt.slash(new Date(+f.invoiceDate - 20 * 864e5))}`, money(paid), {
    size: 7,
  });
  s.text(36, 190, "DETAILED ACCOUNT ACTIVITY", { size: 9, bold: true });
  s.text(36, 201, `Service Address: ${addr1(f).toUpperCase()}`, { size: 7 });
  const rd = r.int(10000, 90000);
  const mx = [36, 100, 170, 240, 300, 360, 420, 490];
  [
    "Meter Number",
    "Service Period From",
    "To",
    "Elapsed Days",
    "Previous",
    "Current",
    "Multiplier",
    "Amount Used",
  ]
    .forEach((t, i) => s.text(mx[i], 213, t, { size: 6, bold: true }));
  [
    f.meters[0].number,
    fmt.slash(f.periodStart),
    fmt.slash(f.periodEnd),
    String(days(f)),
    String(rd),
    String(rd + k),
    "1",
    `${fmt.kwh(k)} kWh`,
  ].forEach((v, i) => s.text(mx[i], 223, v, { size: 6.5 }));
  s.text(36, 238, `Amount used this month: ${fmt.kwh(k)} kWh`, { size: 7 });
  s.text(36, 252, `${f.rate}`, { size: 7.5, bold: true });
  s.row(48, 330, 263, "Basic Charge (Single Phase)", "$11.00", { size: 7 });
  s.row(
    48,
    330,
    273,
    `Delivery Charge ${fmt.kwh(k)} kWh X ${(0.03 + r.next() * 0.02).toFixed(6)}`,
    cents(r, 20, 60),
    {
      size: 7,
    },
  );
  let y = 283;
  if (two) {
    const b2 = (+f.supplyRate || 0.06) + 0.011;
    const b1 = `0.0${r.int(5, 7)}${r.digits(4)}`;
    s.row(48, 330, y, `Supply Energy Charge Block 1 1,000 kWh X ${b1}`, money(1000 * +b1), { size: 7 });
    s.row(
      48,
      330,
      y += 10,
      `Supply Energy Charge Block 2 ${fmt.kwh(k - 1000)} kWh X ${b2.toFixed(6)}`,
      money((k - 1000) * b2),
      {
        size: 7,
      },
    );
  } else {
    s.row(
      48,
      330,
      y,
      `Supply Energy Charge Block 1 ${fmt.kwh(k)} kWh X ${f.supplyRate}`,
      money(k * +f.supplyRate),
      {
        size: 7,
      },
    );
  }
  s.row(
    48,
    330,
    y += 10,
    `BPA Columbia River Benefits ${fmt.kwh(Math.min(k, 1000))} kWh X -0.0${r.digits(5)}`,
    `-${cents(r, 2, 9)}`,
    {
      size: 7,
    },
  );
  s.row(48, 330, y += 10, "City Utility Tax", cents(r, 2, 7), { size: 7 });
  s.row(36, 330, y += 12, "Total New Charges", money(cur), { size: 7.5, bold: true });
  // 13 months of average kWh per day and total kWh
  s.text(360, 252, "YOUR ENERGY USAGE", { size: 8, bold: true });
  ["Month", "kWh", "Avg kWh/Day"].forEach((t, i) => s.text(360 + i * 55, 264, t, { size: 6, bold: true }));
  f.history.forEach((m, i) =>
    [`${fmt.m3(m.month)} ${m.year}`, fmt.kwh(m.value), (m.value / 30).toFixed(1)].forEach((v, j) =>
      s.text(360 + j * 55, 274 + i * 8.5, v, { size: 6 })
    )
  );
  const stub = drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment to Pacific Power.",
    remit: ["PACIFIC POWER", "PO BOX 26000", "PORTLAND OR 97256-0001"],
    accountLabel: "Account Number",
    amountLabel: "Total Amount Due",
    dueLabel: "Due Date",
    date: fmt.full,
  });
  const truth = truthOf(f, { history: f.history, ...stub, service: upper(f.service) });
  // the bill prints the service address as a street alone: the truth holds no service city, state or ZIP (the
  // lead's convention, round 15: the truth holds what the bill prints; never the mailing block's)
  truth.customerInformation.serviceAddress = {
    ...truth.customerInformation.serviceAddress,
    city: "",
    state: "",
    zip: "",
  };
  return { layout: "pacific", pdf: await s.bytes(), truth };
}

export const R14_LAYOUTS: Record<string, (r: Rng) => Promise<Generated>> = {
  oppd,
  nes,
  nipsco,
  wenergies,
  delmarva,
  pacific,
};
/** Drawn at random from the six before the first score; only their totals are read until the round's last change. */
export const R14_SEALED = ["delmarva", "pacific"];
