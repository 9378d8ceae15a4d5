// How a lead is shown to its partner: the list row (also the webhook's `data.lead` and the CSV row) and the
// detail (what the bill reader read, what the homeowner changed, report, files, CRM state).
import { displayUtilityName } from "../providers/names.ts";
import { sameChosenUtility } from "../bills/utility_names.ts";
import { cents, usdCents } from "../format.ts";

/** "2022-09-12" -> "Sep 12, 2022" (as the console writes dates); anything else as read. */
const day = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v)
    ? new Date(`${v}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    })
    : v;

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

export function leadSummary(r: Record<string, unknown>) {
  const a = (r.address ?? {}) as Record<string, string | null>;
  const s = (r.savings ?? null) as Record<string, unknown> | null;
  return {
    id: r.id as string,
    status: r.status as string,
    out_of_area: r.out_of_area === true,
    first_name: (r.first_name as string) ?? "",
    last_name: (r.last_name as string) ?? "",
    email: r.email as string,
    phone: (r.phone as string | null) ?? null,
    address: {
      line1: a.line1 ?? "",
      line2: a.line2 ?? null,
      city: a.city ?? "",
      state: a.state ?? "",
      zip: a.zip ?? "",
    },
    // As the provider step names it today, also for leads stored before a name was cleaned.
    utility_provider: r.utility_provider ? displayUtilityName(r.utility_provider as string) : null,
    consent: r.consent === true,
    source: (r.source as string) ?? "widget",
    has_report: !!r.report_path,
    system_kw: s?.systemKw ?? null,
    annual_savings: s?.netAnnualSavings ?? null,
    created_at: iso(r.created_at),
    status_changed_at: iso(r.status_changed_at),
  };
}
export type LeadSummary = ReturnType<typeof leadSummary>;

type BillItem = {
  customerInformation?: {
    customerName?: string;
    accountNumber?: string;
    serviceAddress?: Record<string, string>;
  };
  billingInformation?: {
    utilityProviderName?: string;
    billingPeriodStart?: string;
    billingPeriodEnd?: string;
    amountDue?: string;
    dueDate?: string;
  };
  electricityUsage?: {
    electricRate?: string;
    supplyRatePerKwh?: string;
    usageByMonth?: { month: string | number; year?: number; value: number }[];
  };
};

const addressLine = (a: Record<string, string | null | undefined> | undefined) =>
  a ? [a.line1, a.line2, a.city, [a.state, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ") : "";
const norm = (s: unknown) => String(s ?? "").toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

/** The amount due as read ("140.09" → "$140.09"); a negative one is a credit balance ("$58.79 credit", not "$-58.79"). */
function amountDue(v: string | null | undefined): string {
  const text = String(v ?? "").trim();
  if (!text) return "";
  const n = Number(text.replace(/[$,\s]/g, ""));
  if (!Number.isFinite(n)) return `$${text}`;
  return n < 0 ? `${usdCents(-n)} credit` : usdCents(n);
}

/**
 * The supply rate as read ("0.021230" $/kWh) in the report's unit: "2.12 ¢/kWh" (QA pass 18: the lead page said
 * "$0.021230/kWh", six decimals, beside a report and an email that give rates in ¢/kWh). Text that is not a number
 * stays as read.
 */
function supplyRate(v: string | null | undefined): string {
  const text = String(v ?? "").trim();
  if (!text) return "";
  const n = Number(text.replace(/^\$/, ""));
  return Number.isFinite(n) && n > 0 ? cents(n) : text;
}

/** The fields the bill reader read, as label/value rows. */
export function readingRows(item: BillItem | null): { label: string; value: string }[] {
  if (!item) return [];
  const c = item.customerInformation ?? {},
    b = item.billingInformation ?? {},
    u = item.electricityUsage ?? {};
  const rows = [
    { label: "Customer name", value: c.customerName ?? "" },
    { label: "Account number", value: c.accountNumber ?? "" },
    { label: "Service address", value: addressLine(c.serviceAddress) },
    { label: "Utility", value: b.utilityProviderName ?? "" },
    {
      label: "Billing period",
      value: [b.billingPeriodStart, b.billingPeriodEnd].filter((d): d is string => !!d).map(day).join(" to "),
    },
    { label: "Amount due", value: amountDue(b.amountDue) },
    { label: "Rate plan", value: u.electricRate ?? "" },
    { label: "Supply rate", value: supplyRate(u.supplyRatePerKwh) },
  ];
  return rows.filter((r) => r.value);
}

const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  address: "Address",
  utility: "Utility",
  usage: "Monthly usage (kWh)",
};

/** A read or corrected value as text: an address on one line, a usage series as numbers, else JSON. */
export function shown(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) {
    return v.map((
      x,
    ) => (x && typeof x === "object" && "value" in x
      ? Math.round(Number((x as { value: unknown }).value))
      : shown(x))
    ).join(", ");
  }
  if (typeof v === "object" && ("line1" in v || "city" in v)) return addressLine(v as Record<string, string>);
  return JSON.stringify(v);
}

type UsageMonth = { month?: unknown; year?: unknown; value?: unknown };
const isMonths = (v: unknown): v is UsageMonth[] =>
  Array.isArray(v) && v.every((x) => x && typeof x === "object" && "value" in x && "month" in x);
const kwhText = (v: unknown) => `${Math.round(Number(v)).toLocaleString("en-US")} kWh`;

/**
 * A usage correction month by month, only the months the homeowner changed ("Usage, August 2022: 1,352 kWh ->
 * 1,487 kWh"): twelve numbers side by side left the partner to find the one that differs. Null when the two
 * series do not pair up month for month (then both are shown whole).
 */
function changedMonths(
  read: unknown,
  corrected: unknown,
): { field: string; read: string; used: string }[] | null {
  if (!isMonths(read) || !isMonths(corrected) || read.length !== corrected.length) return null;
  const key = (u: UsageMonth) => `${u.month} ${u.year ?? ""}`.trim();
  if (read.some((u, i) => key(u) !== key(corrected[i]))) return null;
  return read.flatMap((u, i) =>
    Math.round(Number(u.value)) === Math.round(Number(corrected[i].value))
      ? []
      : [{ field: `Usage, ${key(u)}`, read: kwhText(u.value), used: kwhText(corrected[i].value) }]
  );
}

/**
 * Where what the homeowner confirmed differs from what the bill reader read: explicit corrections recorded
 * with the lead (a `corrections` column, when the widget stores one; {} when nothing was corrected), else, for a
 * lead without that record, derived by comparing the reading with the lead's name, address and electricity provider.
 */
export function correctionRows(
  lead: Record<string, unknown>,
  item: BillItem | null,
): { field: string; read: string; used: string }[] {
  // The widget's record (leads.bill_corrections: {<group>: {read, corrected}}), when it stores one; {} is its
  // record of no correction. (Comparing the reading with the lead instead listed the provider the homeowner
  // chose on the provider step, "Pacific Gas & Electric Co", as their correction of the bill's "Pacific Gas and
  // Electric" on every lead, although the check step's line was left as read.)
  const explicit = (lead.bill_corrections ?? lead.corrections) as Record<string, unknown> | null | undefined;
  if (explicit && typeof explicit === "object") {
    return Object.entries(explicit).flatMap(([field, v]) => {
      const o = (v && typeof v === "object" && ("read" in v || "corrected" in v) ? v : { corrected: v }) as {
        read?: unknown;
        corrected?: unknown;
      };
      if (field === "usage") {
        const months = changedMonths(o.read, o.corrected);
        if (months) return months;
      }
      return [{ field: FIELD_LABELS[field] ?? field, read: shown(o.read), used: shown(o.corrected) }];
    });
  }
  if (!item) return [];
  const out: { field: string; read: string; used: string }[] = [];
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(" ");
  const readName = item.customerInformation?.customerName ?? "";
  if (readName && norm(readName) !== norm(name)) out.push({ field: "Name", read: readName, used: name });
  const readAddr = addressLine(item.customerInformation?.serviceAddress);
  const addr = addressLine(lead.address as Record<string, string>);
  if (readAddr && norm(readAddr) !== norm(addr)) out.push({ field: "Address", read: readAddr, used: addr });
  const readUtility = item.billingInformation?.utilityProviderName ?? "";
  // One utility written two ways ("Arizona Public Service" on the bill, "Arizona Public Service Company" on the
  // provider step) is no correction (QA5: derived for leads without a record, it was listed as one).
  if (
    readUtility && lead.utility_provider && !sameChosenUtility(String(lead.utility_provider), readUtility)
  ) {
    out.push({
      field: "Utility",
      read: readUtility,
      used: displayUtilityName(String(lead.utility_provider)),
    });
  }
  return out;
}

/**
 * The bill's service address (as the homeowner confirmed it, else as read) when it is not the lead's home: another
 * ZIP, or another city where a ZIP is missing. A bill from another home sizes the system on that home's use; the
 * partner sees it at once instead of comparing two address lines. Null when they agree or either is unknown.
 */
export function otherServiceAddress(lead: Record<string, unknown>, item: BillItem | null): string | null {
  const corrections = (lead.bill_corrections ?? null) as { address?: { corrected?: unknown } } | null;
  const confirmed = corrections?.address?.corrected;
  const bill =
    (confirmed && typeof confirmed === "object" ? confirmed : item?.customerInformation?.serviceAddress) as
      | Record<string, string | null | undefined>
      | undefined;
  const home = (lead.address ?? null) as Record<string, string | null | undefined> | null;
  if (!bill || !home) return null;
  const zip5 = (z: unknown) => String(z ?? "").match(/^\s*(\d{5})/)?.[1] ?? "";
  const [bz, hz] = [zip5(bill.zip), zip5(home.zip)];
  const differs = bz && hz
    ? bz !== hz
    : norm(bill.city) !== "" && norm(home.city) !== "" && norm(bill.city) !== norm(home.city);
  return differs ? addressLine(bill) : null;
}
