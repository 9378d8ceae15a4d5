import type { Envelope } from "./schema.ts";

/**
 * The widget's /upload answer: the envelope plus a summary the widget shows and forwards to
 * widget-service/process-widget-savings-info (usage of 12 months, estimated ones flagged).
 */
export function uploadResponse(envelope: Envelope) {
  const item = envelope.data.items[0];
  const usage = item.electricityUsage.usageByMonth;
  return {
    ...envelope,
    summary: {
      customerName: item.customerInformation.customerName,
      serviceAddress: item.customerInformation.serviceAddress,
      utilityProviderName: item.billingInformation.utilityProviderName,
      marketState: item.electricityUsage.marketState,
      supplyRatePerKwh: item.electricityUsage.supplyRatePerKwh,
      annualKwh: usage.reduce((s, m) => s + m.value, 0),
      estimatedMonths: usage.filter((m) => m.estimated).length,
      monthlyUsage: usage,
    },
  };
}
