import { svc } from "../api.ts";
import { field, h } from "../../../widget/src/dom.ts";
import { type Ctx, dateTime, scrollRegion } from "../context.ts";
import { copyButton } from "./widget.ts";

interface Token {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  active: boolean;
}

export async function tokensView(ctx: Ctx): Promise<HTMLElement> {
  const body = h("tbody");
  const issued = h("div", { class: "card issued", hidden: true, tabindex: "-1" });
  const load = async () => {
    const { data } = await ctx.api.call<{ data: Token[] }>("GET", svc("/widget-tokens"));
    body.replaceChildren(...data.map((t) => {
      const rename = h("button", { class: "btn ghost", type: "button", disabled: !t.active }, "Rename");
      rename.addEventListener("click", async () => {
        const name = prompt("New name for this token", t.name)?.trim();
        if (!name) return;
        await ctx.api.call("PATCH", svc(`/widget-tokens/${t.id}`), { name });
        ctx.announce("Token renamed");
        await load();
      });
      const revoke = h("button", { class: "btn danger", type: "button", disabled: !t.active }, "Revoke");
      revoke.addEventListener("click", async () => {
        if (!confirm(`Revoke "${t.name}"? Widgets using it stop working at once.`)) return;
        await ctx.api.call("DELETE", svc(`/widget-tokens/${t.id}`));
        ctx.announce(`Token ${t.name} revoked`);
        await load();
      });
      return h(
        "tr",
        {},
        h("td", { "data-label": "Name" }, t.name),
        h("td", { "data-label": "Issued" }, dateTime(t.created_at)),
        h("td", { "data-label": "Last used" }, dateTime(t.last_used_at)),
        h("td", { "data-label": "State" }, t.active ? "Active" : "Revoked"),
        h("td", { class: "row-actions", "data-label": "" }, rename, revoke),
      );
    }));
    if (!data.length) {
      body.replaceChildren(h("tr", {}, h("td", { colspan: "5", class: "empty" }, "No widget tokens yet.")));
    }
  };
  const name = field({
    label: "Name",
    name: "token-name",
    required: true,
    hint: "Where the widget runs, e.g. “Main website”.",
  });
  const form = h(
    "form",
    { class: "card inline", novalidate: true },
    name.wrap,
    h("button", { class: "btn primary", type: "submit" }, "Issue token"),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const n = name.input.value.trim();
    name.setError(n ? null : "Give the token a name.");
    if (!n) return name.input.focus();
    const { data } = await ctx.api.call<{ data: { token: string; snippet: string; name: string } }>(
      "POST",
      svc("/widget-tokens"),
      { name: n },
    );
    const snippet = h(
      "textarea",
      { readonly: true, rows: 4, class: "code", id: "issued-snippet" },
      data.snippet,
    );
    issued.replaceChildren(
      h("h2", {}, `Token “${data.name}” issued`),
      h("p", {}, "Copy it now: it is not shown again. The snippet below already contains it."),
      h("p", { class: "code token" }, data.token),
      h("div", { class: "field" }, h("label", { for: "issued-snippet" }, "Embed snippet"), snippet),
      copyButton(ctx, snippet),
    );
    issued.hidden = false;
    issued.focus();
    name.input.value = "";
    await load();
  });
  await load();
  return h(
    "section",
    {},
    h("h1", {}, "Widget tokens"),
    h(
      "p",
      { class: "muted" },
      "Each website or landing page can have its own token; revoking one stops only that widget.",
    ),
    form,
    issued,
    scrollRegion(
      "Widget tokens",
      h(
        "table",
        { class: "table cards" },
        h("caption", { class: "sr-only" }, "Widget tokens"),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            ["Name", "Issued", "Last used", "State", "Actions"].map((c) => h("th", { scope: "col" }, c)),
          ),
        ),
        body,
      ),
    ),
  );
}
