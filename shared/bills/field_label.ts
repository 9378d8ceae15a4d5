// A reading's field path ("serviceAddress", "electricityUsage.marketState", "customerInformation.serviceAddress.zip")
// in words for the people who read the gate's messages (the partner's "New lead" email, the console's lead page),
// not the reader's schema keys (QA pass 9: "the reader is unsure of marketState (confidence 0.55)").

const FIELDS: Record<string, string> = {
  customerName: "the name on the bill",
  serviceAddress: "the service address",
  billingAddress: "the billing address",
  marketState: "the state",
  utilityProviderName: "the utility's name",
  usageByMonth: "the monthly usage",
  supplyRatePerKwh: "the rate per kWh",
  billingInformation: "the billing period",
  invoiceDate: "the bill date",
  dueDate: "the due date",
  statementDate: "the statement date",
};

const ADDRESS_PARTS: Record<string, string> = {
  street: "street",
  city: "city",
  state: "state",
  zip: "ZIP code",
};

/** `camelCase` → "camel case". */
const words = (key: string) => key.replace(/([a-z\d])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();

/** The field a reading's key names, in words ("the state", "the ZIP code of the service address"). */
export function fieldInWords(key: string): string {
  const parts = key.split(".").filter(Boolean);
  const last = parts.at(-1) ?? key;
  const parent = parts.at(-2);
  if (parent && last in ADDRESS_PARTS && parent in FIELDS) {
    return `the ${ADDRESS_PARTS[last]} of ${FIELDS[parent]}`;
  }
  return FIELDS[last] ?? `the ${words(last)}`;
}
