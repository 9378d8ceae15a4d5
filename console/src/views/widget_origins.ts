// "Sites that may show the widget" (docs/security.md, pass 15): the partner's widget_origins, the pages allowed to frame
// the widget besides its website's origin (the page's frame-ancestors, pass 14). Until now only the API set them, so a
// partner embedding the widget on another site than its website had no way to allow it from the console.
import { ApiError, svc } from "../api.ts";
import { h, uid } from "../../../widget/src/dom.ts";
import { type Ctx, isAdmin } from "../context.ts";

interface FrameSettings {
  website_url: string | null;
  widget_origins: string[];
}

/** The origins typed in the box: one a line (commas and spaces also separate), blank lines dropped. */
export const originLines = (text: string): string[] =>
  text.split(/[\s,]+/).map((x) => x.trim()).filter(Boolean);

export async function widgetOriginsForm(ctx: Ctx): Promise<HTMLElement> {
  const admin = isAdmin(ctx);
  const s = (await ctx.api.call<{ data: FrameSettings }>("GET", svc("/settings"))).data;
  const id = uid("origins");
  const box = h("textarea", {
    id,
    name: "widget_origins",
    rows: 4,
    class: "code",
    spellcheck: false,
    autocomplete: "off",
    disabled: !admin,
    "aria-describedby": `${id}-hint ${id}-err`,
  }, s.widget_origins.join("\n")) as HTMLTextAreaElement;
  const error = h("p", { id: `${id}-err`, class: "field-error", role: "alert", hidden: true });
  const website = s.website_url ? ` Your website (${new URL(s.website_url).origin}) is allowed already.` : "";
  const form = h(
    "form",
    { novalidate: true, class: "sites" },
    h(
      "div",
      { class: "field" },
      h("label", { for: id }, "Sites that may show the widget"),
      h(
        "p",
        { class: "hint", id: `${id}-hint` },
        "One address a line, such as https://www.example.com (a scheme and a host, an optional port, no path); " +
          `up to 20. Browsers refuse to show the widget on any other site.${website}`,
      ),
      box,
      error,
    ),
    admin ? h("button", { class: "btn primary", type: "submit" }, "Save sites") : null,
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.hidden = true;
    box.removeAttribute("aria-invalid");
    try {
      const saved = await ctx.api.call<{ data: FrameSettings }>("PUT", svc("/settings"), {
        widget_origins: originLines(box.value),
      });
      box.value = saved.data.widget_origins.join("\n");
      ctx.announce("Sites saved");
    } catch (err) {
      error.textContent = err instanceof ApiError ? err.message : String(err);
      error.hidden = false;
      box.setAttribute("aria-invalid", "true");
      box.focus();
    }
  });
  return form;
}
