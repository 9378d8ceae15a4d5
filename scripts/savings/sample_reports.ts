// Renders the savings report PDF for sample homes in several states (a fresh test database, the embedded
// roof model and writer), so every page can be looked at:
//   TEST_DATABASE_URL=postgres://... deno run -A scripts/savings/sample_reports.ts [OUTDIR]   (default /tmp/savings-samples)
//   for f in OUTDIR/*.pdf; do pdftoppm -png -r 60 "$f" "${f%.pdf}"; done
// Cases: Florida with the bill's fixed charge, California (net billing) with 3 months of bills, New Jersey,
// a New York apartment (asks who owns the roof; and answered "someone else" as the widget sends it), Alabama
// (an EIA 2024 price and its own escalator), Louisiana (its export row), North Carolina (monthly netting), an Austin Energy home (its utility's estimated
// rate), a low-use Texas home (below the 2 kW minimum).
import { testPlatform } from "../../tests/support/db.ts";
import { tokensFor } from "../../tests/support/auth.ts";
import { createSavingsReport } from "../../shared/savings/pipeline.ts";
import { renderSavingsReportPdf } from "../../shared/savings/report_pdf.ts";
import { MONTHS } from "../../shared/format.ts";
import { setLogLevel } from "../../shared/log.ts";

setLogLevel("error");
const out = Deno.args[0] ?? "/tmp/savings-samples";
await Deno.mkdir(out, { recursive: true });
const shape = [1.15, 1.0, 0.9, 0.8, 0.9, 1.15, 1.35, 1.35, 1.1, 0.85, 0.85, 1.05];
const usage = (annual: number, months = 12) =>
  shape.slice(0, months).map((k, i) => ({
    month: MONTHS[i],
    year: 2026,
    value: Math.round(annual / 12 * k),
  }));
const cases = [
  {
    name: "fl",
    customerName: "Maria Lopez",
    address: "1452 Oak Hollow Dr, Tampa, FL 33614",
    usageByMonth: usage(10870),
    fixedChargeMonthly: 13.6,
  },
  {
    name: "ca",
    customerName: "Ana Ruiz",
    address: "2100 W 3rd St, Los Angeles, CA 90057",
    usageByMonth: usage(6200, 3),
  },
  {
    name: "nj",
    customerName: "John Smith",
    address: "12 Elm St, Newark, NJ 07102",
    usageByMonth: usage(9000),
  },
  {
    name: "ny-apartment",
    customerName: "Li Wei",
    address: "1 State St Apt 5C, Albany, NY 12207",
    usageByMonth: usage(7000),
  },
  {
    name: "ny-apartment-not-owned",
    customerName: "Li Wei",
    address: "1 State St Apt 5C, Albany, NY 12207",
    usageByMonth: usage(7000),
    roofOwnership: "not_owned" as const,
  },
  {
    name: "al",
    customerName: "Dana Brooks",
    address: "600 Dexter Ave, Montgomery, AL 36104",
    usageByMonth: usage(14000),
  },
  {
    // Louisiana's own row (LPSC 2019 rule: exports credited at avoided cost), not the generic retail wording
    name: "la",
    customerName: "Jean Broussard",
    address: "900 N 3rd St, Baton Rouge, LA 70802",
    usageByMonth: usage(13000),
  },
  {
    // North Carolina's row: use and production netted within the month, only the month's excess at avoided cost
    name: "nc",
    customerName: "Grace Whitfield",
    address: "300 Fayetteville St, Raleigh, NC 27601",
    usageByMonth: usage(11000),
  },
  {
    // the home's utility's own estimated rate (Austin Energy, EIA-861 2020 moved with Texas's EIA change)
    name: "tx-austin-energy",
    customerName: "Ana Ruiz",
    address: "1100 Congress Ave, Austin, TX 78701",
    usageByMonth: usage(12000),
    utility: "Austin Energy",
  },
  {
    name: "tx-low-use",
    customerName: "Sam Low",
    address: "123 Main St, Austin, TX 78701",
    usageByMonth: usage(1500),
  },
];

const p = await testPlatform();
try {
  const t = await tokensFor(p, { role: "widget", orgName: "Sunrise Solar Co." });
  const auth = { userId: t.userId, email: t.email, orgId: t.orgId, role: t.role, claims: {} };
  for (const { name, ...c } of cases) {
    const r = await createSavingsReport(p, auth, { ...c, email: "sample@example.test", deliver: false });
    const pdf = await renderSavingsReportPdf({
      customerName: c.customerName,
      address: r.address.formattedAddress,
      state: r.address.state,
      partner: { name: "Sunrise Solar Co." },
      figures: r.figures,
      sections: r.report.sections,
    });
    await Deno.writeFile(`${out}/${name}.pdf`, pdf);
    console.log(
      `${out}/${name}.pdf  ${r.figures.systemKw} kW  credit ${r.figures.credit.pct}%  flags: ${
        r.figures.flags.join(", ") || "-"
      }`,
    );
  }
} finally {
  await p.close();
}
