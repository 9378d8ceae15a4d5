// Cross-checks between fields: values that contradict each other lose confidence, values that confirm each
// other gain it. Each returns multipliers (or additions) to apply to the fields' confidences.
const day = (iso: string) => (iso ? Date.parse(`${iso}T00:00:00Z`) / 86_400_000 : NaN);

export interface DateFields {
  billingPeriodStart: string;
  billingPeriodEnd: string;
  invoiceDate: string;
  dueDate: string;
}

/**
 * Billing period end <= statement date <= due date, a period of 7..100 days, a due date within 60 days
 * of the statement. Returns a factor per field (1 = consistent).
 */
export function dateFactors(d: DateFields): Record<keyof DateFields, number> {
  const f = { billingPeriodStart: 1, billingPeriodEnd: 1, invoiceDate: 1, dueDate: 1 };
  const s = day(d.billingPeriodStart),
    e = day(d.billingPeriodEnd),
    inv = day(d.invoiceDate),
    due = day(d.dueDate);
  if (!isNaN(s) && !isNaN(e)) {
    const len = e - s;
    if (len < 7 || len > 100) f.billingPeriodStart = f.billingPeriodEnd = 0.5;
    else f.billingPeriodStart = f.billingPeriodEnd = 1.1;
  }
  if (!isNaN(inv) && !isNaN(e)) {
    // a statement is issued after the period it bills (a few days' slack for estimated reads)
    if (inv < e - 5 || inv > e + 45) f.invoiceDate = 0.5;
    else f.invoiceDate = 1.1;
  }
  if (!isNaN(due)) {
    const ref = !isNaN(inv) ? inv : e;
    if (!isNaN(ref)) f.dueDate = due < ref || due > ref + 75 ? 0.5 : 1.1;
  }
  if (!isNaN(inv) && !isNaN(due) && due < inv) f.invoiceDate = Math.min(f.invoiceDate, 0.6);
  return f;
}

const cents = (s: string) => Math.round(Number(s) * 100);

/** Money amounts printed on the bill, in cents (each occurrence). */
export function moneyOnBill(text: string): number[] {
  return [...text.matchAll(/\$\s?(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})\b|\b(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})\b/g)]
    .map((m) => Number((m[1] ?? m[3]).replace(/,/g, "")) * 100 + Number(m[2] ?? m[4]));
}

/**
 * Amount due consistent with the charges: printed more than once (summary and stub), or equal to the past
 * due balance plus a printed amount (the current charges).
 */
export function amountFactor(amountDue: string, pastDue: string, money: number[]): number {
  if (!amountDue) return 1;
  const a = cents(amountDue);
  const count = money.filter((m) => m === Math.abs(a)).length;
  let f = count >= 2 ? 1.15 : 0.9;
  if (pastDue && cents(pastDue) > 0 && money.some((m) => m + cents(pastDue) === a)) f += 0.1;
  return f;
}

/** kWh x rate ~ an electric charge printed on the bill (within 1% or 2 cents): confirms both. */
export function rateFactor(kwh: number, rate: string, money: number[]): number {
  const r = Number(rate);
  if (!rate || !(r > 0)) return 1;
  if (r < 0.005 || r > 0.6) return 0.3; // not a price per kWh at all (a supply or fuel component can be ~1 ¢)
  if (!(kwh > 0)) return 1;
  const charge = kwh * r * 100;
  return money.some((m) => Math.abs(m - charge) <= Math.max(2, charge * 0.01)) ? 1.25 : 0.9;
}

/** The service state is in the utility's territory (when the utility is known). */
export function territoryFactor(state: string, territory: string[]): number {
  if (!state || !territory.length) return 1;
  return territory.includes(state) ? 1.1 : 0.6;
}

/**
 * A usage history consistent with itself and the current period: months more than 8x away from the median
 * (a meter reading, a yearly total, a day's average) are dropped.
 */
export function consistentHistory<T extends { value: number }>(months: T[], current?: number): T[] {
  if (months.length < 3 && !current) return months;
  const vals = months.map((m) => m.value).filter((v) => v > 0).sort((a, b) => a - b);
  const ref = current && current > 0 ? current : vals[Math.floor(vals.length / 2)];
  if (!ref) return months;
  return months.filter((m) => m.value === 0 || (m.value <= ref * 8 && m.value >= ref / 8));
}
