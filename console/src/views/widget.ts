import { ApiError, svc } from "../api.ts";
import { h, uid } from "../../../widget/src/dom.ts";
import { type Ctx, isAdmin } from "../context.ts";
import { applyWhenReady, type Draft, draftForServer, widgetBase } from "../preview.ts";
import { embedSnippet } from "../../../shared/partner/snippet.ts";
import { widgetOriginsForm } from "./widget_origins.ts";
import type { WidgetConfig } from "../../../shared/widget/config.ts";

type WidgetInfo = Pick<
  WidgetConfig,
  "logo_url" | "serving_states" | "roof_types" | "widget_info" | "theme" | "partner_name"
>;

const list = (s: string) => s.split(",").map((x) => x.trim()).filter(Boolean);

function labelled<T extends HTMLElement>(label: string, el: T, hint?: string) {
  const id = el.id || uid("f");
  el.id = id;
  const hintId = hint ? `${id}-hint` : undefined;
  if (hintId) el.setAttribute("aria-describedby", hintId);
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    hint ? h("p", { class: "hint", id: hintId }, hint) : null,
    el,
  );
}

function colour(label: string, value: string | undefined) {
  const picker = h("input", { type: "color", value: value ?? "#0f766e", id: uid("colour") });
  const text = h("input", {
    type: "text",
    value: value ?? "#0f766e",
    maxlength: 7,
    pattern: "#[0-9a-fA-F]{6}",
    "aria-label": `${label} (hex)`,
    class: "hex",
  });
  picker.addEventListener("input", () => (text.value = picker.value));
  text.addEventListener("input", () => /^#[0-9a-fA-F]{6}$/.test(text.value) && (picker.value = text.value));
  return {
    picker,
    text,
    wrap: h(
      "div",
      { class: "field" },
      h("label", { for: picker.id }, label),
      h("div", { class: "row" }, picker, text),
    ),
  };
}

export function copyButton(ctx: Ctx, source: HTMLTextAreaElement, label = "Copy snippet") {
  const btn = h("button", { class: "btn", type: "button" }, label);
  btn.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(source.value);
    } catch {
      source.select();
      document.execCommand("copy");
    }
    btn.textContent = "Copied";
    ctx.announce("Snippet copied to the clipboard");
    setTimeout(() => (btn.textContent = label), 2000);
  });
  return btn;
}

export async function widgetView(ctx: Ctx): Promise<HTMLElement> {
  let info: WidgetInfo | null = null;
  try {
    info = (await ctx.api.call<{ data: WidgetInfo }>("GET", "/v1/widget-service/widget-info")).data;
  } catch (e) {
    if (!(e instanceof ApiError && e.code === "widget_not_configured")) throw e;
  }
  const admin = isAdmin(ctx);
  const logo = h("input", { type: "url", value: info?.logo_url ?? "", placeholder: "https://…/logo.png" });
  const primary = colour("Main color", info?.theme.primary);
  const accent = colour("Accent color", info?.theme.accent ?? "#f59e0b");
  const states = h("input", { type: "text", value: (info?.serving_states ?? []).join(", ") });
  const roofs = h("input", {
    type: "text",
    value: (info?.roof_types ?? ["Asphalt shingle", "Metal", "Tile", "Flat", "Other"]).join(", "),
  });
  const panel = h("textarea", { rows: 6 }, info?.widget_info ?? "");
  const alert = h("div", { class: "alert", role: "alert", hidden: true });
  const partnerName = info?.partner_name || ctx.me.partner_name;
  const draft = (): Draft => ({
    logo_url: logo.value.trim() || null,
    partner_name: partnerName,
    theme: { primary: primary.text.value, accent: accent.text.value },
  });

  // The real widget in an iframe with a one-hour preview token. Served from the console's origin, the draft is
  // applied to its document as the partner types; from another origin (its document is out of reach), the draft
  // is stored for the preview session (PUT /preview/{id}) and the widget reloaded to read it.
  const frame = h("iframe", { title: "Widget preview", class: "preview", src: "about:blank" });
  const widget = widgetBase(ctx.api.base);
  const sameOrigin = new URL(widget, location.href).origin === location.origin;
  let session: { token: string; preview_id: string } | null = null;
  let version = 0;
  const load = () => {
    if (!session) return;
    const q = new URLSearchParams({ token: session.token, api: ctx.api.base });
    if (version) q.set("v", String(version));
    frame.src = `${widget}?${q}`;
  };
  let timer: number | undefined;
  const preview = () => {
    if (sameOrigin) return applyWhenReady(frame, draft);
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const body = draftForServer(draft());
      if (!session || !body) return;
      try {
        await ctx.api.call("PUT", svc(`/preview/${session.preview_id}`), body);
        version++;
        load();
      } catch (e) {
        alert.textContent = `The preview could not be updated: ${(e as Error).message}`;
        alert.hidden = false;
      }
    }, 400) as unknown as number;
  };
  if (sameOrigin) frame.addEventListener("load", preview);
  ctx.api.call<{ data: { token: string; preview_id: string } }>("POST", svc("/preview-token")).then(
    ({ data }) => {
      session = data;
      load();
    },
  ).catch((
    e,
  ) => (alert.textContent = `The preview could not start: ${(e as Error).message}`, alert.hidden = false));
  for (const el of [logo, primary.picker, primary.text, accent.picker, accent.text]) {
    el.addEventListener("input", preview);
  }

  const form = h(
    "form",
    { class: "card settings", novalidate: true },
    alert,
    labelled("Logo URL", logo, "An https image (PNG or SVG), shown top left in the widget."),
    primary.wrap,
    accent.wrap,
    labelled(
      "Serving states",
      states,
      "Two-letter codes, separated by commas: CA, NV, AZ. Homes elsewhere see a polite exit screen.",
    ),
    labelled("Roof types", roofs, "Separated by commas, in the order shown."),
    labelled(
      "Side panel (HTML)",
      panel,
      "Shown next to the provider step: lists, links and bold text are kept; scripts are removed.",
    ),
    admin
      ? h("button", { class: "btn primary", type: "submit" }, "Save widget settings")
      : h("p", { class: "muted" }, "Only an admin can change these settings."),
  );
  for (const el of form.querySelectorAll("input, textarea")) (el as HTMLInputElement).disabled = !admin;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    alert.hidden = true;
    try {
      const body = {
        logo_url: logo.value.trim() || null,
        serving_states: list(states.value).map((s) => s.toUpperCase()),
        roof_types: list(roofs.value),
        widget_info: panel.value,
        theme: { primary: primary.text.value, accent: accent.text.value },
      };
      await ctx.api.call("PUT", "/v1/widget-service/widget-config", body);
      ctx.announce("Widget settings saved");
      version++;
      load();
    } catch (err) {
      alert.textContent = (err as Error).message;
      alert.hidden = false;
      alert.focus();
    }
  });

  const snippet = h(
    "textarea",
    { readonly: true, rows: 4, class: "code", id: uid("snippet") },
    embedSnippet(new URL(widget, location.href).href.replace(/\/widget\/?$/, ""), "YOUR_WIDGET_TOKEN"),
  );
  return h(
    "section",
    {},
    h("h1", {}, "Widget"),
    h(
      "div",
      { class: "split" },
      h("div", {}, form),
      h(
        "div",
        { class: "card" },
        h("h2", {}, "Live preview"),
        h("p", { class: "muted" }, "Colors and logo change here as you type; save to publish them."),
        frame,
      ),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-embed" },
      h("h2", { id: "h-embed" }, "Embed on your site"),
      h(
        "p",
        {},
        "Paste this where the widget should appear. Replace YOUR_WIDGET_TOKEN with a token from ",
        admin ? h("a", { href: "#/tokens" }, "Widget tokens") : "your admin",
        " (a new token comes with its ready-made snippet).",
      ),
      labelled("Embed snippet", snippet),
      copyButton(ctx, snippet),
      await widgetOriginsForm(ctx),
    ),
  );
}
