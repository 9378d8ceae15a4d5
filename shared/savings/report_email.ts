// The savings report email to the homeowner, in the partner's name: sender name = the partner, Reply-To = the
// partner's address (console settings, else its contact or first admin), the partner's logo and colour, one
// clear next step (call, else reply), and a text part that says the same as the HTML.
import { emailSender } from "../email/index.ts";
import { TemplateSet } from "../email/template_set.ts";
import { type Platform, provide } from "../platform.ts";
import { article, kwh, sharePct, usd, years } from "../format.ts";
import type { SavingsFigures } from "./calculate.ts";
import { netCostLabel } from "./credit.ts";
import { absoluteUrl, links } from "../urls.ts";
import { beyondHomeWords, noSystemReason } from "./report/embedded.ts";
import { domainLike, linkFree } from "../validation/person_name.ts";

const dir = new URL("../../templates/email/homeowner/", import.meta.url);

export interface PartnerSender {
  name: string;
  replyTo: string | null;
  phone: string | null;
  website: string | null;
  logoUrl: string | null;
  color: string;
}

/** The partner's name, reply address, phone, website, logo and colour (each optional but the name). */
export async function partnerSender(p: Platform, orgId: string): Promise<PartnerSender> {
  const [r] = await p
    .sql`select o.name, s.reply_to_email, s.phone, s.website_url, w.logo_url, w.theme->>'primary' as color,
      (select u.email from public.partner_contacts pc join public.users u on u.id = pc.contact_user_id where pc.organization_id = o.id) as contact_email,
      (select u.email from public.users u where u.organization_id = o.id and u.role = 'partner_admin' order by u.created_at limit 1) as admin_email
    from public.organizations o
    left join public.partner_settings s on s.organization_id = o.id
    left join public.widget_configs w on w.organization_id = o.id
    where o.id = ${orgId}`;
  return {
    name: (r?.name as string) ?? "Your solar partner",
    replyTo: (r?.reply_to_email ?? r?.contact_email ?? r?.admin_email ?? null) as string | null,
    phone: (r?.phone as string | null) ?? null,
    website: (r?.website_url as string | null) ?? null,
    // Email clients show raster images from https URLs; an SVG or a relative path on a local stack may not load,
    // so the partner's name is the image's alt text and stays readable.
    logoUrl: absoluteUrl(links(p).publicUrl, r?.logo_url as string | null),
    color: /^#[0-9a-fA-F]{6}$/.test(String(r?.color)) ? String(r?.color) : "#0b6e4f",
  };
}

/** "Partner Name <address of EMAIL_FROM>": the operator's verified sending address with the partner's name. */
export function fromPartner(name: string, configured: string): string {
  const address = configured.match(/<([^>]+)>/)?.[1] ?? configured.trim();
  const display = name.replace(/[\r\n"\\<>]/g, " ").replace(/\s+/g, " ").trim();
  return `"${display}" <${address}>`;
}

function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((
    v,
  ) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

export interface ReportEmailInput {
  customerName: string;
  figures: SavingsFigures;
}

/** The savings report's email to the homeowner (its templates loaded on the first call, template_set.ts). */
export async function renderReportEmail(p: Platform, partner: PartnerSender, r: ReportEmailInput) {
  const f = r.figures;
  // A first word that reads as a domain ("evil.example") would be a link in most mail clients: no greeting by name.
  const word = r.customerName.split(/\s+/)[0];
  const first = word && linkFree(word) && !domainLike(word) ? word : "there";
  const digits = partner.phone?.replace(/[^\d+]/g, "") ?? "";
  const ctx = {
    first_name: first,
    partner_name: partner.name,
    brand: partner.color,
    on_brand: luminance(partner.color) > 0.35 ? "#111111" : "#ffffff",
    logo_url: partner.logoUrl,
    phone: partner.phone,
    tel: digits ? `tel:${digits}` : null,
    reply_to: partner.replyTo,
    website: partner.website,
    has_system: f.systemKw > 0,
    // Without a system the email says why, as the report does ("Your report explains what we found" said nothing).
    no_system_reason: f.systemKw > 0 ? "" : noSystemReason({ ...f, flags: f.flags ?? [] }),
    system_kw: f.systemKw.toFixed(1),
    a_system: article(f.systemKw.toFixed(1)) === "an" ? "An" : "A",
    first_year: usd(f.netAnnualSavings),
    lifetime: usd(f.lifetimeSavings),
    lifetime_years: f.projection.length,
    yearly_use: kwh(f.annualKwh),
    // The share of the home's use the system covers, as the PDF's cover and the widget say it: a 1.77 GWh account's
    // email said "a 15.2 kW solar system could save you about $3,470" without its "<1% of use" (QA pass 4).
    share: sharePct(f.offsetPct ?? 0),
    // A use far beyond a home's: said as the report says it, not a small share presented as normal (QA pass 10).
    beyond_home: beyondHomeWords({ ...f, flags: f.flags ?? [] }, partner.name),
    net_cost: usd(f.netCost),
    net_cost_label: netCostLabel(f.credit),
    payback: years(f.paybackYears),
  };
  const rendered = (await templates(p).load()).render("savings_report", ctx);
  return {
    ...rendered,
    from: fromPartner(partner.name, emailSender(p)),
    replyTo: partner.replyTo ?? undefined,
  };
}

function templates(p: Platform): TemplateSet {
  return provide(p, "homeownerTemplates", () => new TemplateSet(dir));
}

declare module "../platform.ts" {
  interface Seams {
    homeownerTemplates: TemplateSet;
  }
}
