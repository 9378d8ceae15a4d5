import { svc } from "../api.ts";
import { h, uid } from "../../../widget/src/dom.ts";
import { type Ctx, dateTime, openBlob, STATUS_LABELS } from "../context.ts";
import { addressText } from "../address.ts";
import type { Lead } from "./leads.ts";
import { kindLabel, otherDocuments } from "../files.ts";
import { reportFacts } from "../report_facts.ts";
import { crmFacts } from "../crm.ts";
import {
  checkSentence,
  confirmedNote,
  monthSource,
  usageCaption,
  type UsageMonthRow,
} from "../reading_notes.ts";
import { MONTHS } from "../../../shared/format.ts";

interface Detail extends Omit<Lead, "address"> {
  address: Lead["address"] & { line2: string | null };
  utility_provider: string | null;
  consent: boolean;
  consent_text: string | null;
  status_changed_at: string | null;
  savings: Record<string, unknown> | null;
  /** The year's usage in calendar order (January first), as the report used it. */
  monthly_kwh: number[] | null;
  reading: {
    transaction_id: string | null;
    status: string | null;
    rows: { label: string; value: string }[];
    /** The bill's service address when it is not the home's; null when they agree. */
    other_service_address?: string | null;
    usage_by_month: UsageMonthRow[];
    checks: { field: string | null; message: string }[];
    confirmed: string[];
  };
  corrections: { field: string; read: string; used: string }[];
  report: { url: string; filename: string } | null;
  bill_files: { name: string; url: string }[];
  documents: { id: string; kind: string; filename: string; url: string }[];
  crm: { provider: string; id: string | null; synced_at: string | null; error: string | null };
}

/** The usage a homeowner typed (no bill), month by month; nothing when the lead has none. */
function typedUsageTable(monthly: number[] | null): HTMLElement {
  if (!monthly?.length) return h("p", { class: "muted" }, "No monthly usage on this lead.");
  return h(
    "table",
    { class: "table compact" },
    h("caption", {}, "Monthly usage typed by the homeowner (kWh)"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Month"), h("th", { scope: "col" }, "kWh"))),
    h(
      "tbody",
      {},
      monthly.map((v, i) =>
        h(
          "tr",
          {},
          h("td", {}, MONTHS[i] ?? String(i + 1)),
          h("td", {}, Math.round(v).toLocaleString("en-US")),
        )
      ),
    ),
  );
}

const dl = (rows: [string, unknown][]) =>
  h(
    "dl",
    { class: "facts" },
    rows.flatMap((
      [k, v],
    ) => [h("dt", {}, k), h("dd", {}, v === null || v === undefined || v === "" ? "—" : v as string)]),
  );

export async function leadView(ctx: Ctx, id: string): Promise<HTMLElement> {
  const l = (await ctx.api.call<{ data: Detail }>("GET", svc(`/leads/${id}`))).data;
  const name = [l.first_name, l.last_name].filter(Boolean).join(" ") || l.email;
  const open = (url: string) => async () => openBlob(await ctx.api.blob(svc(url)));

  const statusId = uid("status");
  const statusSel = h(
    "select",
    { id: statusId },
    Object.entries(STATUS_LABELS).map(([v, t]) => h("option", { value: v }, t)),
  );
  statusSel.value = l.status;
  const saved = h("span", { class: "muted" });
  const changed = h(
    "p",
    { class: "muted" },
    l.status_changed_at ? `Changed ${dateTime(l.status_changed_at)}` : "Not changed by your team yet.",
  );
  statusSel.addEventListener("change", async () => {
    try {
      const r = await ctx.api.call<{ data: { status: string } }>("PATCH", svc(`/leads/${id}`), {
        status: statusSel.value,
      });
      saved.textContent = `Saved: ${STATUS_LABELS[r.data.status]}`;
      changed.textContent = "Changed just now.";
      ctx.announce(saved.textContent);
    } catch (e) {
      saved.textContent = (e as Error).message;
      statusSel.value = l.status;
    }
  });

  const s = l.savings;
  const usage = l.reading.usage_by_month;
  const billRead = l.bill_files.length > 0 || l.reading.rows.length > 0 || usage.length > 0;
  const others = otherDocuments(l.documents, l.bill_files.map((f) => f.name), !!l.report);
  return h(
    "article",
    { class: "lead" },
    h("p", {}, h("a", { href: "#/leads" }, "← All leads")),
    h("h1", {}, name),
    h(
      "div",
      { class: "grid" },
      h(
        "section",
        { class: "card", "aria-labelledby": "h-contact" },
        h("h2", { id: "h-contact" }, "Homeowner"),
        dl([
          ["Email", h("a", { href: `mailto:${l.email}` }, l.email)],
          ["Phone", l.phone ? h("a", { href: `tel:${l.phone}` }, l.phone) : null],
          [
            "Address",
            addressText(l.address),
          ],
          ["Area", l.out_of_area ? "Outside your serving states" : "In your area"],
          ["Electricity provider", l.utility_provider],
          ["Consent", l.consent ? "Yes" : "No"],
          ["Received", dateTime(l.created_at)],
        ]),
      ),
      h(
        "section",
        { class: "card", "aria-labelledby": "h-status" },
        h("h2", { id: "h-status" }, "Status"),
        h("div", { class: "field" }, h("label", { for: statusId }, "Lead status"), statusSel),
        saved,
        changed,
        h("h3", {}, "CRM"),
        dl(crmFacts(l.crm, dateTime)),
      ),
      h(
        "section",
        { class: "card", "aria-labelledby": "h-report" },
        h("h2", { id: "h-report" }, "Savings report"),
        s ? dl(reportFacts(s)) : h("p", { class: "muted" }, "No report yet."),
        l.report
          ? h("button", { class: "btn", type: "button", onclick: open(l.report.url) }, "Open the report PDF")
          : null,
      ),
      h(
        "section",
        { class: "card wide", "aria-labelledby": "h-bill" },
        h("h2", { id: "h-bill" }, "Bill"),
        l.bill_files.length
          ? h(
            "ul",
            { class: "files" },
            l.bill_files.map((f) =>
              h(
                "li",
                {},
                h("button", { class: "link", type: "button", onclick: open(f.url) }, `Open ${f.name}`),
              )
            ),
          )
          : h("p", { class: "muted" }, "No bill was uploaded (usage typed by hand, or none)."),
        others.length
          ? h(
            "div",
            {},
            h("h3", {}, "Other files of the home"),
            h(
              "ul",
              { class: "files" },
              others.map((d) =>
                h(
                  "li",
                  {},
                  h(
                    "button",
                    { class: "link", type: "button", onclick: open(d.url) },
                    `${kindLabel(d.kind)}: ${d.filename}`,
                  ),
                )
              ),
            ),
          )
          : null,
        // Usage typed by hand (no bill): the months as the homeowner gave them; no "bill reader" or "corrections"
        // sections about a bill there was not ("No differences between the bill and what the homeowner confirmed").
        billRead
          ? [
            h("h3", {}, "What the bill reader read"),
            l.reading.other_service_address
              ? h(
                "p",
                { class: "alert warn", role: "note" },
                `This bill is for another address than the home: ${l.reading.other_service_address}. Check with the homeowner that its use is the home's.`,
              )
              : null,
            l.reading.rows.length
              ? dl(l.reading.rows.map((r) => [r.label, r.value]))
              : h("p", { class: "muted" }, "Nothing was read from a bill."),
            usage.length
              ? h(
                "table",
                { class: "table compact" },
                // The months the bill did not give are estimated, those it shows as bars measured: never shown as read.
                h("caption", {}, usageCaption(usage)),
                h(
                  "thead",
                  {},
                  h("tr", {}, h("th", { scope: "col" }, "Month"), h("th", { scope: "col" }, "kWh")),
                ),
                h(
                  "tbody",
                  {},
                  usage.map((u) =>
                    h(
                      "tr",
                      {},
                      h("td", {}, `${u.month}${u.year ? " " + u.year : ""}`),
                      h(
                        "td",
                        {},
                        Math.round(u.value).toLocaleString("en-US"),
                        monthSource(u) ? h("span", { class: "muted" }, monthSource(u)) : null,
                      ),
                    )
                  ),
                ),
              )
              : null,
            l.reading.checks.length
              ? h(
                "div",
                {},
                h("h3", {}, "Checks the bill reader flagged"),
                h("ul", {}, l.reading.checks.map((c) => h("li", {}, checkSentence(c.message)))),
                l.reading.confirmed.length
                  ? h("p", { class: "muted" }, confirmedNote(l.reading.confirmed))
                  : null,
              )
              : null,
            h("h3", {}, "What the homeowner corrected"),
            l.corrections.length
              ? h(
                "table",
                { class: "table compact" },
                h(
                  "thead",
                  {},
                  h(
                    "tr",
                    {},
                    ["Field", "Read from the bill", "Confirmed by the homeowner"].map((c) =>
                      h("th", { scope: "col" }, c)
                    ),
                  ),
                ),
                h(
                  "tbody",
                  {},
                  l.corrections.map((c) =>
                    h("tr", {}, h("td", {}, c.field), h("td", {}, c.read || "—"), h("td", {}, c.used))
                  ),
                ),
              )
              : h(
                "p",
                { class: "muted" },
                "No differences between the bill and what the homeowner confirmed.",
              ),
          ]
          : typedUsageTable(l.monthly_kwh),
      ),
    ),
  );
}
