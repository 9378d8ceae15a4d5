import { qs, svc } from "../api.ts";
import { h, uid } from "../../../widget/src/dom.ts";
import { type Ctx, dateTime, openBlob, STATUS_LABELS } from "../context.ts";
import { addressText } from "../address.ts";
import { reportCell } from "../report_facts.ts";

export interface Lead {
  id: string;
  status: string;
  out_of_area: boolean;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  address: { line1: string; line2?: string | null; city: string; state: string; zip: string };
  has_report: boolean;
  system_kw: number | null;
  annual_savings: number | null;
  created_at: string;
}

const STATES =
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY"
    .split(" ");

function select(label: string, name: string, options: [string, string][]) {
  const id = uid(name);
  const el = h("select", { id, name }, options.map(([v, l]) => h("option", { value: v }, l)));
  return { el, wrap: h("div", { class: "field" }, h("label", { for: id }, label), el) };
}

function input(label: string, name: string, type = "text") {
  const id = uid(name);
  const el = h("input", { id, name, type });
  return { el, wrap: h("div", { class: "field" }, h("label", { for: id }, label), el) };
}

export async function leadsView(ctx: Ctx): Promise<HTMLElement> {
  const q = input("Search", "q", "search");
  q.el.placeholder = "Name, email, phone, address";
  const status = select("Status", "status", [["", "Any status"], ...Object.entries(STATUS_LABELS)]);
  const state = select("State", "state", [
    ["", "Any state"],
    ...STATES.map((s) => [s, s] as [string, string]),
  ]);
  const area = select("Area", "area", [["", "In and out of area"], ["in", "In your area"], [
    "out",
    "Out of area",
  ]]);
  const from = input("From", "from", "date");
  const to = input("To", "to", "date");
  const filters = () => ({
    q: q.el.value.trim(),
    status: status.el.value,
    state: state.el.value,
    area: area.el.value,
    from: from.el.value,
    to: to.el.value,
    // From and To are the partner's days, as the list's times are (QA pass 18)
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

  const count = h("p", { class: "muted", id: "lead-count" });
  const body = h("tbody");
  const table = h(
    "table",
    { class: "table cards" },
    h("caption", { class: "sr-only" }, "Leads, newest first"),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ["Received", "Name", "Contact", "Address", "Status", "Report"].map((c) =>
          h("th", { scope: "col" }, c)
        ),
      ),
    ),
    body,
  );

  const load = async () => {
    const { data } = await ctx.api.call<{ data: { items: Lead[]; total: number } }>(
      "GET",
      svc(`/leads${qs({ ...filters(), limit: 100 })}`),
    );
    body.replaceChildren(
      ...data.items.map((l) =>
        h(
          "tr",
          {},
          h("td", { "data-label": "Received" }, dateTime(l.created_at)),
          h(
            "td",
            { "data-label": "Name" },
            h(
              "a",
              { href: `#/leads/${l.id}` },
              [l.first_name, l.last_name].filter(Boolean).join(" ") || l.email,
            ),
          ),
          h(
            "td",
            { "data-label": "Contact" },
            h(
              "div",
              {},
              // links, as on the lead page: a partner reading the list on a phone taps to call (QA pass 18)
              h("span", { class: "block" }, h("a", { href: `mailto:${l.email}` }, l.email)),
              l.phone ? h("span", { class: "block" }, h("a", { href: `tel:${l.phone}` }, l.phone)) : null,
            ),
          ),
          h(
            "td",
            { "data-label": "Address" },
            h(
              "div",
              {},
              addressText(l.address),
              l.out_of_area ? h("span", { class: "tag warn" }, "Out of area") : null,
            ),
          ),
          h(
            "td",
            { "data-label": "Status" },
            h("div", {}, h("span", { class: `tag status-${l.status}` }, STATUS_LABELS[l.status] ?? l.status)),
          ),
          h("td", { "data-label": "Report" }, reportCell(l)),
        )
      ),
    );
    if (!data.items.length) {
      body.replaceChildren(
        h("tr", {}, h("td", { colspan: "6", class: "empty" }, "No leads match these filters.")),
      );
    }
    count.textContent = data.total === 1
      ? "1 lead"
      : `${data.total} leads${data.total > data.items.length ? ` (newest ${data.items.length} shown)` : ""}`;
    ctx.announce(count.textContent);
  };

  const form = h(
    "form",
    { class: "filters", role: "search", "aria-label": "Filter leads" },
    q.wrap,
    status.wrap,
    state.wrap,
    area.wrap,
    from.wrap,
    to.wrap,
    h(
      "div",
      { class: "actions" },
      h("button", { class: "btn primary", type: "submit" }, "Apply"),
      h("button", {
        class: "btn",
        type: "button",
        onclick: async () =>
          openBlob(
            await ctx.api.blob(svc(`/leads.csv${qs(filters())}`)),
            `leads-${new Date().toISOString().slice(0, 10)}.csv`,
          ),
      }, "Export CSV"),
    ),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    load();
  });
  for (const s of [status.el, state.el, area.el, from.el, to.el]) s.addEventListener("change", () => load());
  await load();
  return h("section", {}, h("h1", {}, "Leads"), form, count, h("div", { class: "scroll" }, table));
}
