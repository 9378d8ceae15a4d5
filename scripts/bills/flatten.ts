import type { BillItem } from "../../shared/bills/schema.ts";

/**
 * The fields scored by the accuracy benchmark, flattened to "path" -> value strings. usageByMonth is scored
 * per month the truth shows as read (estimated months are not scored); meters per index.
 */
export function flatten(item: BillItem): Map<string, string> {
  const out = new Map<string, string>();
  const put = (k: string, v: unknown) => out.set(k, String(v ?? ""));
  const ci = item.customerInformation, bi = item.billingInformation, eu = item.electricityUsage;
  put("customerName", ci.customerName);
  put("accountNumber", ci.accountNumber);
  put("serviceNumber", ci.serviceNumber);
  for (const [k, v] of Object.entries(ci.serviceAddress)) if (k !== "country") put(`serviceAddress.${k}`, v);
  for (
    const k of [
      "utilityProviderName",
      "invoiceDate",
      "billingPeriodStart",
      "billingPeriodEnd",
      "amountDue",
      "pastDue",
      "dueDate",
    ] as const
  ) put(k, bi[k]);
  for (const [k, v] of Object.entries(bi.billingAddress)) if (k !== "country") put(`billingAddress.${k}`, v);
  put("meters.count", eu.meters.length);
  eu.meters.forEach((m, i) => {
    // the reader's confidence in a meter is not a field of the bill
    for (const [k, v] of Object.entries(m)) if (k !== "confidence") put(`meters[${i}].${k}`, v);
  });
  for (const k of ["electricRate", "electricityTier", "supplyRatePerKwh", "marketState"] as const) {
    put(k, eu[k]);
  }
  for (const u of eu.usageByMonth) if (!u.estimated) put(`usage.${u.year}-${u.month}`, u.value);
  return out;
}
