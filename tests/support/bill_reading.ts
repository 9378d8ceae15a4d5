// Bill readings for the plausibility gate's tests: a typical year of usage and an extraction item (SPEC "Bill
// extraction result" shape) whose fields each test overrides.

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** A plausible home: about 12,400 kWh a year, summer peak. */
export const TYPICAL = [980, 900, 850, 800, 950, 1200, 1400, 1450, 1150, 900, 850, 1000];

/** Monthly usage of 2025, January first. */
export const usage = (values: number[]) =>
  values.map((value, i) => ({ month: MONTHS[i % 12], year: 2025, value, unit: "kWh" }));

export interface ItemOptions {
  name?: string;
  utility?: string;
  state?: string;
  city?: string;
  zip?: string;
  values?: number[];
  rate?: string;
  end?: string;
  stated?: string;
  due?: string;
  confidence?: Record<string, number>;
}

/** A bill extraction item; every field defaults to a sound reading of a Florida bill. */
export function billItem(o: ItemOptions = {}) {
  const state = o.state ?? "FL";
  return {
    customerInformation: {
      customerName: o.name ?? "Grace Hopper",
      accountNumber: "1",
      serviceNumber: "",
      serviceAddress: {
        line1: "12 Elm St",
        line2: "",
        city: o.city ?? "Tampa",
        state,
        zip: o.zip ?? "33614",
        country: "US",
      },
    },
    billingInformation: {
      utilityProviderName: o.utility ?? "Duke Energy Florida",
      billingPeriodStart: "2025-11-03",
      billingPeriodEnd: o.end ?? "2025-12-03",
      invoiceDate: o.stated ?? "2025-12-05",
      dueDate: o.due ?? "2025-12-28",
    },
    electricityUsage: {
      meters: [],
      supplyRatePerKwh: o.rate ?? "0.1321",
      marketState: state,
      usageByMonth: usage(o.values ?? TYPICAL),
    },
    ...(o.confidence ? { confidence: o.confidence } : {}),
  };
}

/** The misreading of a San Francisco bill: a meter reading taken for January, the correspondence box for the name. */
export const sfMisreading = (o: ItemOptions = {}) =>
  billItem({
    name: "Correspond With Duke Energy",
    utility: "Pacific Gas & Electric",
    state: "CA",
    city: "San Francisco",
    zip: "94105",
    rate: "0.31",
    values: [27415, ...TYPICAL.slice(1)],
    ...o,
  });
