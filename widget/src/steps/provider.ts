import { field, h, setFieldError, uid } from "../dom.ts";
import { t } from "../locale.ts";
import type { Ctx, StepView } from "../context.ts";

/** Step 3: the energy provider (most likely first, "Other / not listed" last) beside the partner's widget_info panel. */
export function providerStep(ctx: Ctx): StepView {
  const s = ctx.state;
  const name = uid("provider");
  const err = h("p", { id: `${name}-err`, class: "field-error", hidden: true });
  const other = field({ label: t.otherProviderName, name: "provider_other", value: s.providerOther });
  other.wrap.hidden = s.providerId !== "other";
  const options = (s.providers ?? []).map((p) =>
    h(
      "label",
      { class: "choice wide" },
      h("input", {
        type: "radio",
        name,
        value: p.id,
        checked: s.providerId === p.id,
        onchange: () => {
          s.providerId = p.id;
          other.wrap.hidden = p.id !== "other";
          setFieldError(options[0].querySelector("input")!, err, null);
        },
      }),
      h("span", {}, p.name),
    )
  );
  const set = h(
    "fieldset",
    { class: "choices providers", "aria-describedby": `${name}-err` },
    h("legend", { class: "sr-only" }, t.providerTitle),
    options,
    err,
  );

  const panel = ctx.info.widget_info
    ? h("aside", { class: "partner-panel", "aria-label": ctx.info.partner_name ?? "" })
    : null;
  // widget_info is sanitised by the server on write and on read (no scripts, handlers or javascript: URLs).
  if (panel) panel.innerHTML = ctx.info.widget_info;

  const body = h(
    "div",
    { class: "stack" },
    h("h2", {}, t.providerTitle),
    h("p", { class: "lead" }, t.providerIntro),
    h("div", { class: panel ? "columns" : "" }, h("div", {}, set, other.wrap), panel),
  );

  return {
    body,
    next: async () => {
      if (!s.providerId) {
        const first = options[0]?.querySelector("input") as HTMLInputElement;
        setFieldError(first, err, t.providerNeeded);
        first?.focus();
        return false;
      }
      s.providerOther = other.input.value.trim();
      const chosen = s.providers!.find((p) => p.id === s.providerId)!;
      const providerName = chosen.id === "other" ? (s.providerOther || chosen.name) : chosen.name;
      await ctx.api.send("PUT", `/v1/widget-service/property/${s.propertyId}`, {
        utility_provider: providerName,
      });
      ctx.go("bill");
    },
  };
}
