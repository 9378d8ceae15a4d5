import type { Platform } from "../platform.ts";

/** The demo partner's widget configuration; kept when it exists so edits made through the admin API survive restarts. */
export async function seedWidgetDemo(p: Platform, orgId: string): Promise<void> {
  const info = `<h3>Why homeowners choose Demo Solar Co</h3>
<ul><li><strong>25-year</strong> panel and workmanship warranty</li><li>Local, NABCEP-certified installers</li><li>$0-down financing available</li></ul>
<p>Questions? Call <a href="tel:+18005550100">(800) 555-0100</a>.</p>`;
  await p
    .sql`insert into public.widget_configs (organization_id, logo_url, serving_states, roof_types, widget_info, theme)
    values (${orgId}, ${`${p.config.publicUrl}/demo/logo.svg`}, ${[
    "AZ",
    "CA",
    "CO",
    "FL",
    "MD",
    "NJ",
    "NV",
    "NY",
    "TX",
  ]},
      ${["Asphalt shingle", "Metal", "Clay or concrete tile", "Flat / membrane", "Other"]}, ${info},
      ${p.sql.json({ primary: "#1d4ed8", accent: "#f59e0b" })})
    on conflict (organization_id) do nothing`;
}
