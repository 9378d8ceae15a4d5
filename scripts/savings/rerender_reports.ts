// Renders again, with this checkout's renderer, every savings report stored in a database (a QA run's `npm start`),
// so a layout change can be looked at on the reports real bills made (QA pass 11):
//   DATABASE_URL=postgres://... deno run -A scripts/savings/rerender_reports.ts [OUTDIR]   (default /tmp/savings-rerender)
//   for f in OUTDIR/*.pdf; do pdfinfo "$f" | grep Pages; pdftoppm -png -r 60 "$f" "${f%.pdf}"; done
// One PDF per report, named after the homeowner's email address before the "@" and the report's id.
import { connect } from "../../shared/db/client.ts";
import { renderSavingsReportPdf } from "../../shared/savings/report_pdf.ts";
import { partnerBranding, reportDocument, type StoredReport } from "../../shared/savings/delivery.ts";

const url = Deno.env.get("DATABASE_URL");
if (!url) throw new Error("Set DATABASE_URL to the database whose reports to render");
const out = Deno.args[0] ?? "/tmp/savings-rerender";
await Deno.mkdir(out, { recursive: true });
const sql = connect(url, { max: 1 });
try {
  const rows = await sql`select * from public.savings_reports order by created_at`;
  for (const row of rows) {
    const r = row as unknown as StoredReport;
    const doc = reportDocument(r, await partnerBranding(sql, r.organization_id));
    const name = `${out}/${r.email.split("@")[0].replace(/[^\w.-]/g, "_")}-${r.id.slice(0, 8)}.pdf`;
    await Deno.writeFile(name, await renderSavingsReportPdf(doc));
    console.log(name);
  }
} finally {
  await sql.end();
}
Deno.exit(0);
