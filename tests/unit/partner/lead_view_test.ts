import assert from "node:assert/strict";
import {
  correctionRows,
  leadSummary,
  otherServiceAddress,
  readingRows,
  shown,
} from "../../../shared/partner/lead_view.ts";

const item = {
  customerInformation: {
    customerName: "GRACE OKAFOR",
    accountNumber: "8346606083",
    serviceAddress: { line1: "7070 Elm St", line2: "Apt 37", city: "Tempe", state: "AZ", zip: "85281" },
  },
  billingInformation: {
    utilityProviderName: "Arizona Public Service",
    billingPeriodStart: "2022-09-12",
    billingPeriodEnd: "2022-10-10",
    amountDue: "140.09",
  },
  electricityUsage: {
    electricRate: "Saver Choice",
    supplyRatePerKwh: "0.06169",
    usageByMonth: [{ month: "October", year: 2022, value: 1022 }],
  },
};

Deno.test("the widget's recorded corrections (leads.bill_corrections) are shown field by field, readable", () => {
  const rows = correctionRows({
    bill_corrections: {
      address: {
        read: { line1: "7070 Elm St", city: "Tempe", state: "AZ", zip: "85281" },
        corrected: { line1: "7072 Elm St", city: "Tempe", state: "AZ", zip: "85281" },
      },
      usage: { read: [{ month: "October", value: 1022.4 }], corrected: [{ month: "October", value: 950 }] },
      utility: { read: "APS", corrected: null },
    },
  }, item);
  assert.deepEqual(rows, [
    { field: "Address", read: "7070 Elm St, Tempe, AZ 85281", used: "7072 Elm St, Tempe, AZ 85281" },
    { field: "Usage, October", read: "1,022 kWh", used: "950 kWh" },
    { field: "Utility", read: "APS", used: "—" },
  ]);
});

Deno.test("a recorded 'nothing corrected' ({}) lists nothing, not the provider chosen for the home as a correction", () => {
  // QA pass 4: every lead of a bill read and left as read showed "Utility: Pacific Gas and Electric -> Pacific Gas &
  // Electric Co" (the provider step's name) under "What the homeowner corrected".
  const lead = {
    first_name: "Grace",
    last_name: "Okafor",
    address: { line1: "7070 Elm St", line2: "Apt 37", city: "Tempe", state: "AZ", zip: "85281" },
    utility_provider: "Arizona Public Service Co",
    bill_corrections: {},
  };
  assert.deepEqual(correctionRows(lead, item), []);
  // No record: derived, and one utility written two ways is not a correction (QA5).
  assert.deepEqual(correctionRows({ ...lead, bill_corrections: null }, item), []);
  assert.equal(
    correctionRows({ ...lead, utility_provider: "Salt River Project", bill_corrections: null }, item).length,
    1,
    "no record: derived",
  );
});

Deno.test("without a record, the differences between the bill and the lead are derived; the same values are not listed", () => {
  const lead = {
    first_name: "Grace",
    last_name: "Okafor",
    address: { line1: "7070 Elm St", line2: "Apt 37", city: "Tempe", state: "AZ", zip: "85281" },
    utility_provider: "Salt River Project",
  };
  assert.deepEqual(correctionRows(lead, item), [{
    field: "Utility",
    read: "Arizona Public Service",
    used: "Salt River Project",
  }]);
  assert.deepEqual(correctionRows({ ...lead, utility_provider: "Arizona Public Service" }, item), []);
  assert.deepEqual(correctionRows(lead, null), []);
  assert.equal(readingRows(item).find((r) => r.label === "Amount due")?.value, "$140.09");
  // QA pass 16: a credit balance read as a negative amount due was shown "$-58.79"
  const credit = { ...item, billingInformation: { ...item.billingInformation, amountDue: "-58.79" } };
  assert.equal(readingRows(credit).find((r) => r.label === "Amount due")?.value, "$58.79 credit");
  const large = { ...item, billingInformation: { ...item.billingInformation, amountDue: "1234.5" } };
  assert.equal(readingRows(large).find((r) => r.label === "Amount due")?.value, "$1,234.50");
  // QA5: "2022-09-12 to 2022-10-10" beside the console's other dates ("Nov 24, 2026").
  assert.equal(
    readingRows(item).find((r) => r.label === "Billing period")?.value,
    "Sep 12, 2022 to Oct 10, 2022",
  );
  assert.equal(shown({ any: 1 }), '{"any":1}');
});

// QA pass 18: "Supply rate $0.021230/kWh" (six decimals as read) beside a report that gives rates in ¢/kWh.
Deno.test("the supply rate as read is shown in cents per kWh, text that is no number as read", () => {
  const rate = (v: string) =>
    readingRows({ ...item, electricityUsage: { ...item.electricityUsage, supplyRatePerKwh: v } })
      .find((r) => r.label === "Supply rate")?.value;
  assert.equal(rate("0.021230"), "2.12 ¢/kWh");
  assert.equal(rate("0.06169"), "6.17 ¢/kWh");
  assert.equal(rate("$0.115"), "11.50 ¢/kWh");
  assert.equal(rate("see page 2"), "see page 2");
  assert.equal(rate(""), undefined);
});

Deno.test("a usage correction lists only the months the homeowner changed, each with its month", () => {
  const read = [
    { month: "July", year: 2022, value: 1234 },
    { month: "August", year: 2022, value: 1352 },
    { month: "September", year: 2022, value: 1169 },
    { month: "January", year: 2023, value: 840 },
  ];
  const corrected = read.map((u) => ({
    ...u,
    value: u.month === "August" ? 1487 : u.month === "January" ? 1840 : u.value,
  }));
  assert.deepEqual(correctionRows({ bill_corrections: { usage: { read, corrected } } }, item), [
    { field: "Usage, August 2022", read: "1,352 kWh", used: "1,487 kWh" },
    { field: "Usage, January 2023", read: "840 kWh", used: "1,840 kWh" },
  ]);
  // Series that do not pair month for month are shown whole.
  assert.deepEqual(
    correctionRows({ bill_corrections: { usage: { read, corrected: corrected.slice(1) } } }, item),
    [{ field: "Monthly usage (kWh)", read: "1234, 1352, 1169, 840", used: "1487, 1169, 1840" }],
  );
});

Deno.test("the bill's service address is named when it is not the home's (another ZIP, or city without a ZIP)", () => {
  const home = { line1: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" };
  const fresno = {
    customerInformation: {
      serviceAddress: { line1: "3095 Elm St", city: "Fresno", state: "CA", zip: "93710" },
    },
  };
  assert.equal(otherServiceAddress({ address: home }, fresno), "3095 Elm St, Fresno, CA 93710");
  // Same ZIP (however the street is written): no note.
  const same = {
    customerInformation: {
      serviceAddress: { line1: "1 MARKET ST", city: "SAN FRANCISCO", zip: "94105-1420" },
    },
  };
  assert.equal(otherServiceAddress({ address: home }, same), null);
  // The homeowner corrected the service address to the home: that is what counts.
  assert.equal(
    otherServiceAddress(
      { address: home, bill_corrections: { address: { read: {}, corrected: home } } },
      fresno,
    ),
    null,
  );
  // No ZIP on the bill: the city decides.
  const noZip = {
    customerInformation: { serviceAddress: { line1: "3095 Elm St", city: "Fresno", state: "CA" } },
  };
  assert.equal(otherServiceAddress({ address: home }, noZip), "3095 Elm St, Fresno, CA");
  assert.equal(otherServiceAddress({ address: home }, null), null, "nothing read: nothing to compare");
});

Deno.test("a lead stored with the reference's abbreviated provider name is shown with the cleaned one", () => {
  const row = leadSummary({
    id: "l1",
    status: "new",
    email: "a@b.test",
    utility_provider: "Electrical Dist No8 Maricopa",
  });
  assert.equal(row.utility_provider, "Electrical District No. 8 Maricopa");
  assert.equal(leadSummary({ id: "l2", status: "new", email: "a@b.test" }).utility_provider, null);
});
