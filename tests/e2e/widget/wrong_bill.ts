// A bill the reader reads "wrongly" whatever its rules: an APS-style bill (the synthetic corpus' layout) whose
// customer line is the payment plan's name and whose usage history prints a meter reading (27,415) as
// January's kWh, as on the Duke Energy Florida bill of issue 11. Built in memory at test time.
import { drawStub } from "../../../scripts/bills/stub.ts";
import { type Facts, rng } from "../../../scripts/bills/random_bill.ts";
import { fmt, Sheet } from "../../../scripts/bills/sheet.ts";
import { emptyItem, MonthNames } from "../../../shared/bills/schema.ts";

export const WRONG = { name: "DIRECT PAYMENT PLAN", meterReading: 27415 };
/** Oldest first: Dec 2024 … Dec 2025; January 2025 carries the meter reading. */
export const HISTORY = [1010, WRONG.meterReading, 880, 820, 790, 940, 1180, 1390, 1420, 1130, 900, 860, 990];

/**
 * The bill; `o` gives it another customer line or usage history (13 months, Dec 2024 … Dec 2025; the meter bills
 * 990 kWh).
 */
export async function wrongReadingBill(o: { name?: string; history?: number[] } = {}): Promise<Uint8Array> {
  const r = rng(11);
  const history = (o.history ?? HISTORY).map((value, i) => ({
    year: i === 0 ? 2024 : 2025,
    month: i === 0 ? 12 : i,
    value,
  }));
  const service = {
    line1: "7070 Elm St",
    line2: "",
    city: "Tempe",
    state: "AZ",
    zip: "85281",
    country: "US",
  };
  const f: Facts = {
    name: o.name ?? WRONG.name,
    account: "4417093362",
    serviceNumber: "",
    service,
    billing: service,
    invoiceDate: new Date(Date.UTC(2025, 11, 22)),
    periodStart: new Date(Date.UTC(2025, 10, 19)),
    periodEnd: new Date(Date.UTC(2025, 11, 19)),
    dueDate: new Date(Date.UTC(2026, 0, 12)),
    amountDue: "148.37",
    pastDue: "0.00",
    meters: [{ number: "K0483921", kwh: 990 }],
    rate: "Saver Choice (TOU-E)",
    tier: "",
    supplyRate: "0.0847",
    state: "AZ",
    utility: "Arizona Public Service",
    history,
  };
  const s = await Sheet.create();
  s.text(36, 40, "aps", { size: 20, bold: true });
  s.text(36, 58, "Arizona Public Service", { size: 8 });
  s.text(250, 44, "DATE OF BILL", { size: 7, bold: true });
  s.text(340, 44, "ACCOUNT NUMBER", { size: 7, bold: true });
  s.text(450, 44, "AMOUNT DUE", { size: 7, bold: true });
  s.text(250, 56, fmt.dmy(f.invoiceDate));
  s.text(340, 56, f.account);
  s.text(450, 56, fmt.money(f.amountDue));
  s.text(36, 84, "Service address:", { bold: true });
  s.text(120, 84, service.line1);
  s.text(120, 96, `${service.city}, ${service.state} ${service.zip}`);
  s.text(36, 112, `Billing period: ${fmt.dmy(f.periodStart)} - ${fmt.dmy(f.periodEnd)}`);
  s.text(36, 124, `Due date: ${fmt.dmy(f.dueDate)}`);
  s.text(36, 148, "Your bill summary", { size: 11, bold: true });
  s.row(36, 320, 162, "Past due balance", fmt.money(f.pastDue));
  s.row(36, 320, 174, "New charges", fmt.money(f.amountDue));
  s.text(36, 200, `Rate plan: ${f.rate}`);
  s.text(36, 212, `Meter ${f.meters[0].number}   ${fmt.kwh(f.meters[0].kwh)} kWh total`);
  s.text(36, 224, `Generation ${fmt.kwh(f.meters[0].kwh)} kWh @ ${f.supplyRate}`);
  s.text(360, 148, "13-month usage", { size: 11, bold: true });
  f.history.forEach((m, i) =>
    s.text(360, 162 + i * 11, `${fmt.m3(m.month)} ${m.year} | ${fmt.kwh(m.value)} kWh`, { size: 8 })
  );
  drawStub(s, r, f, 560, {
    returnText: "Please return this portion with your payment.",
    remit: ["APS", "PO Box 2906", "Phoenix, AZ 85062-2906"],
    accountLabel: "Account number",
    amountLabel: "Amount due",
    dueLabel: "Due date",
    date: fmt.dmy,
  });
  return await s.bytes();
}

if (import.meta.main) await Deno.writeFile(Deno.args[0] ?? "/tmp/wrong-bill.pdf", await wrongReadingBill());

/**
 * The same wrong reading as a language model's answer (the Gemini wire format's candidate text): the
 * embedded reader now refuses "DIRECT PAYMENT PLAN" as a name, so the gate's e2e reads the bill through a
 * model double that makes both mistakes, whatever the embedded rules become.
 */
export function wrongReadingAnswer(): string {
  const item = emptyItem();
  const service = {
    line1: "7070 Elm St",
    line2: "",
    city: "Tempe",
    state: "AZ",
    zip: "85281",
    country: "US",
  };
  item.customerInformation.customerName = WRONG.name;
  item.customerInformation.accountNumber = "4417093362";
  item.customerInformation.serviceAddress = service;
  Object.assign(item.billingInformation, {
    utilityProviderName: "Arizona Public Service",
    invoiceDate: "2025-12-22",
    billingPeriodStart: "2025-11-19",
    billingPeriodEnd: "2025-12-19",
    amountDue: "$148.37",
    pastDue: "$0.00",
    dueDate: "2026-01-12",
    billingAddress: service,
  });
  item.electricityUsage.supplyRatePerKwh = "0.0847";
  item.electricityUsage.marketState = "AZ";
  item.electricityUsage.usageByMonth = HISTORY.map((value, i) => ({
    month: MonthNames[i === 0 ? 11 : i - 1],
    year: i === 0 ? 2024 : 2025,
    value,
    unit: "kWh" as const,
  }));
  return JSON.stringify({ isElectricityBill: true, item });
}

/**
 * A reading whose name and service address the reader left empty (it leaves a field empty rather than guess):
 * the same bill and plausible months (January's meter reading replaced by a usage), no customer line. Its market
 * state is another state's (NM, as a remittance address can make it), so the gate marks the address line as in
 * another state than the home until the service address is filled in.
 */
export function unreadNameAnswer(): string {
  const answer = JSON.parse(wrongReadingAnswer());
  answer.item.customerInformation.customerName = "";
  answer.item.customerInformation.serviceAddress = emptyItem().customerInformation.serviceAddress;
  answer.item.electricityUsage.marketState = "NM";
  answer.item.electricityUsage.usageByMonth[1].value = 980;
  return JSON.stringify(answer);
}
