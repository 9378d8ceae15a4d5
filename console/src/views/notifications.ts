import { svc } from "../api.ts";
import { field, h } from "../../../widget/src/dom.ts";
import { type Ctx, dateTime, isAdmin, scrollRegion } from "../context.ts";

interface Hook {
  id: string;
  url: string;
  enabled: boolean;
  secret: string;
}
interface Delivery {
  id: string;
  url: string;
  event_type: string;
  status: string;
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
}
interface Settings {
  reply_to_email: string | null;
  phone: string | null;
  website_url: string | null;
}

export async function notificationsView(ctx: Ctx): Promise<HTMLElement> {
  const admin = isAdmin(ctx);
  const pref =
    (await ctx.api.call<{ data: { lead_created_email: boolean } }>("GET", svc("/notification-preferences")))
      .data;
  const box = h("input", { type: "checkbox", id: "pref-lead", checked: pref.lead_created_email });
  box.addEventListener("change", async () => {
    await ctx.api.call("PUT", svc("/notification-preferences"), { lead_created_email: box.checked });
    ctx.announce(box.checked ? "You will get an email for each new lead" : "No more new-lead emails for you");
  });
  const sections: HTMLElement[] = [
    h(
      "section",
      { class: "card" },
      h("h2", {}, "Email"),
      h("div", { class: "check" }, box, h("label", { for: "pref-lead" }, "Email me when a new lead arrives")),
    ),
  ];

  const s = (await ctx.api.call<{ data: Settings }>("GET", svc("/settings"))).data;
  const reply = field({
    label: "Reply-to address",
    name: "reply_to",
    type: "email",
    value: s.reply_to_email ?? "",
    hint: "Homeowners' replies to their report go here.",
  });
  const phone = field({
    label: "Phone",
    name: "phone",
    type: "tel",
    value: s.phone ?? "",
    hint: "Shown as the next step: “Call us”.",
  });
  const site = field({ label: "Website", name: "website", type: "url", value: s.website_url ?? "" });
  const sAlert = h("div", { class: "alert", role: "alert", hidden: true });
  const sForm = h(
    "form",
    { class: "card", novalidate: true },
    h("h2", {}, "Emails to homeowners"),
    h("p", { class: "muted" }, "The savings report is sent in your name, with your logo and these details."),
    sAlert,
    reply.wrap,
    phone.wrap,
    site.wrap,
    admin ? h("button", { class: "btn primary", type: "submit" }, "Save") : null,
  );
  for (const i of [reply.input, phone.input, site.input]) i.disabled = !admin;
  sForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    sAlert.hidden = true;
    try {
      await ctx.api.call("PUT", svc("/settings"), {
        reply_to_email: reply.input.value.trim() || null,
        phone: phone.input.value.trim() || null,
        website_url: site.input.value.trim() || null,
      });
      ctx.announce("Saved");
    } catch (err) {
      sAlert.textContent = (err as Error).message;
      sAlert.hidden = false;
    }
  });
  sections.push(sForm);

  if (admin) {
    const hooks = h("div");
    const loadHooks = async () => {
      const { data } = await ctx.api.call<{ data: Hook[] }>("GET", svc("/webhooks"));
      hooks.replaceChildren(
        ...data.map((w) =>
          h(
            "div",
            { class: "hook" },
            h("p", {}, h("strong", {}, w.url), w.enabled ? "" : " (paused)"),
            h("p", { class: "muted" }, "Signing secret (Standard Webhooks): ", h("code", {}, w.secret)),
            h("button", {
              class: "btn",
              type: "button",
              disabled: !w.enabled,
              onclick: async () => {
                await ctx.api.call("POST", svc(`/webhooks/${w.id}/test`));
                ctx.announce("Test request queued; its result appears under Webhook deliveries");
                setTimeout(() => ctx.go("#/notifications?" + Date.now()), 1500);
              },
            }, "Send a test"),
            h("button", {
              class: "btn ghost",
              type: "button",
              onclick: async () => {
                await ctx.api.call("PATCH", svc(`/webhooks/${w.id}`), { enabled: !w.enabled });
                await loadHooks();
              },
            }, w.enabled ? "Pause" : "Resume"),
            h("button", {
              class: "btn danger",
              type: "button",
              onclick: async () => {
                if (confirm(`Remove ${w.url}?`)) {
                  await ctx.api.call("DELETE", svc(`/webhooks/${w.id}`));
                  await loadHooks();
                }
              },
            }, "Remove"),
          )
        ),
      );
      if (!data.length) hooks.replaceChildren(h("p", { class: "muted" }, "No webhook yet."));
    };
    const url = field({
      label: "Endpoint URL",
      name: "webhook-url",
      type: "url",
      hint: "We POST lead.created here, signed, and retry with backoff for about 20 minutes if it fails.",
    });
    const hAlert = h("div", { class: "alert", role: "alert", hidden: true });
    const hForm = h(
      "form",
      { class: "inline", novalidate: true },
      hAlert,
      url.wrap,
      h("button", { class: "btn primary", type: "submit" }, "Add webhook"),
    );
    hForm.addEventListener("submit", async (e) => {
      e.preventDefault();
      hAlert.hidden = true;
      try {
        await ctx.api.call("POST", svc("/webhooks"), { url: url.input.value.trim() });
        url.input.value = "";
        await loadHooks();
        ctx.announce("Webhook added");
      } catch (err) {
        hAlert.textContent = (err as Error).message;
        hAlert.hidden = false;
      }
    });
    await loadHooks();
    sections.push(h("section", { class: "card" }, h("h2", {}, "Webhooks"), hooks, hForm));
  }

  const deliveries = (await ctx.api.call<{ data: Delivery[] }>("GET", svc("/webhook-deliveries"))).data;
  sections.push(
    h(
      "section",
      { class: "card" },
      h("h2", {}, "Webhook deliveries"),
      deliveries.length
        ? scrollRegion(
          "Recent webhook deliveries",
          h(
            "table",
            { class: "table compact" },
            h("caption", { class: "sr-only" }, "Recent webhook deliveries"),
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                ["Sent", "Event", "Endpoint", "Result", "Attempts", "Next try"].map((c) =>
                  h("th", { scope: "col" }, c)
                ),
              ),
            ),
            h(
              "tbody",
              {},
              deliveries.map((d) =>
                h(
                  "tr",
                  {},
                  h("td", {}, dateTime(d.created_at)),
                  h("td", {}, d.event_type),
                  h("td", {}, d.url),
                  h(
                    "td",
                    {},
                    `${d.status}${d.response_status ? ` (HTTP ${d.response_status})` : ""}${
                      d.last_error && d.status !== "succeeded" ? ` — ${d.last_error}` : ""
                    }`,
                  ),
                  h("td", {}, String(d.attempts)),
                  h("td", {}, d.next_attempt_at ? dateTime(d.next_attempt_at) : "—"),
                )
              ),
            ),
          ),
        )
        : h("p", { class: "muted" }, "No deliveries yet."),
    ),
  );
  return h("section", {}, h("h1", {}, "Notifications"), ...sections);
}
