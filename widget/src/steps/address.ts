import { h, setFieldError, uid } from "../dom.ts";
import { t } from "../locale.ts";
import type { Ctx, StepView } from "../context.ts";
import type { Suggestion } from "../types.ts";
import { locate } from "./locate.ts";

/** Step 1 (rule 6): address with autocomplete (ARIA 1.2 combobox, keyboard navigation) and geocoding. */
export function addressStep(ctx: Ctx): StepView {
  const { state } = ctx;
  const id = uid("address");
  const listId = `${id}-list`;
  const input = h("input", {
    id,
    type: "text",
    value: state.query,
    autocomplete: "street-address",
    role: "combobox",
    "aria-expanded": "false",
    "aria-controls": listId,
    "aria-autocomplete": "list",
    "aria-describedby": `${id}-hint ${id}-err`,
    placeholder: t.addressPlaceholder,
    spellcheck: "false",
  });
  const list = h("ul", {
    id: listId,
    role: "listbox",
    class: "suggestions",
    "aria-label": t.addressLabel,
    hidden: true,
  });
  const error = h("p", { id: `${id}-err`, class: "field-error", hidden: true });
  let items: Suggestion[] = [];
  let active = -1;
  let chosen: Suggestion | null = null;
  let seq = 0;
  let debounce: number | undefined;

  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  };
  const highlight = (i: number) => {
    active = i;
    [...list.children].forEach((li, j) => li.setAttribute("aria-selected", String(j === i)));
    if (i >= 0) {
      input.setAttribute("aria-activedescendant", `${listId}-${i}`);
      (list.children[i] as HTMLElement).scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };
  const choose = (s: Suggestion) => {
    chosen = s;
    input.value = s.description;
    state.query = s.description;
    close();
    setFieldError(input, error, null);
  };
  const show = (found: Suggestion[]) => {
    items = found;
    list.replaceChildren(
      ...found.map((s, i) =>
        h(
          "li",
          {
            id: `${listId}-${i}`,
            role: "option",
            "aria-selected": "false",
            onmousedown: (e: Event) => e.preventDefault(),
            onclick: () => choose(s),
          },
          h("span", { class: "pin", "aria-hidden": "true" }),
          s.description,
        )
      ),
    );
    list.hidden = found.length === 0;
    input.setAttribute("aria-expanded", String(found.length > 0));
    active = -1;
    ctx.announce(t.suggestionsCount(found.length));
  };

  input.addEventListener("input", () => {
    state.query = input.value;
    chosen = null;
    clearTimeout(debounce);
    // The suggestions on screen (and any answer still on its way) are for an older text: never let
    // ArrowDown + Enter pick one of them for what is typed now.
    const mine = ++seq;
    items = [];
    close();
    const q = input.value.trim();
    if (q.length < 3) return;
    debounce = setTimeout(async () => {
      try {
        const res = await ctx.api.get<{ data: { items: Suggestion[] } }>(
          "/v1/widget-service/address-autocomplete",
          { q, limit: 5 },
        );
        if (mine === seq) show(res.data.items);
      } catch { /* suggestions are a convenience; typing a full address still works */ }
    }, 180) as unknown as number;
  });
  input.addEventListener("keydown", (e) => {
    const open = !list.hidden && items.length > 0;
    if (e.key === "ArrowDown" && items.length) {
      e.preventDefault();
      if (list.hidden) show(items);
      highlight((active + 1) % items.length);
    } else if (e.key === "ArrowUp" && open) {
      e.preventDefault();
      highlight(active <= 0 ? items.length - 1 : active - 1);
    } else if (e.key === "Enter" && open && active >= 0) {
      e.preventDefault();
      choose(items[active]);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      close();
    }
  });
  input.addEventListener("blur", () => setTimeout(close, 100));

  const body = h(
    "div",
    { class: "stack" },
    h(
      "div",
      { class: "hero" },
      h(
        "div",
        { class: "hero-main" },
        h("h1", {}, t.addressTitle),
        h("p", { class: "lead" }, t.addressIntro),
        h(
          "div",
          { class: "field combo" },
          h("label", { for: id }, t.addressLabel),
          h(
            "p",
            { id: `${id}-hint`, class: "hint" },
            matchMedia("(pointer: coarse)").matches ? t.addressHintTouch : t.addressHint,
          ),
          h("div", { class: "combo-wrap" }, input, list),
          error,
        ),
      ),
      h("ul", { class: "promises" }, t.promises.map((p) => h("li", {}, p))),
    ),
  );

  return {
    body,
    noBack: true,
    next: async () => {
      const q = input.value.trim();
      if (q.length < 3) {
        setFieldError(input, error, t.addressNeeded);
        input.focus();
        return false;
      }
      if (await locate(ctx, chosen, q) === "served") ctx.go("confirm");
    },
  };
}
