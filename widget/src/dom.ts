// A tiny element builder: h("button", { class: "primary", onclick }, "Continue").
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, unknown>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v as EventListener);
    else if (k === "class") el.className = String(v);
    else if (k === "value" || k === "checked" || k === "htmlFor") {
      (el as unknown as Record<string, unknown>)[k] = v;
    } else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c !== null && c !== undefined && c !== false) el.append(typeof c === "number" ? String(c) : c);
  }
  return el;
}

let ids = 0;
export const uid = (prefix: string) => `${prefix}-${++ids}`;

/** A labelled text field with its hint and error line wired for screen readers. */
export function field(
  opts: {
    label: string;
    name: string;
    value?: string;
    type?: string;
    autocomplete?: string;
    required?: boolean;
    hint?: string;
    inputmode?: string;
    maxlength?: number;
    pattern?: string;
  },
) {
  const id = uid(opts.name);
  const hintId = opts.hint ? `${id}-hint` : undefined;
  const errId = `${id}-err`;
  const input = h("input", {
    id,
    name: opts.name,
    type: opts.type ?? "text",
    value: opts.value ?? "",
    autocomplete: opts.autocomplete,
    required: opts.required,
    inputmode: opts.inputmode,
    maxlength: opts.maxlength,
    "aria-describedby": [hintId, errId].filter(Boolean).join(" "),
  });
  const error = h("p", { id: errId, class: "field-error", hidden: true });
  const wrap = h(
    "div",
    { class: "field" },
    h("label", { for: id }, opts.label),
    opts.hint ? h("p", { id: hintId, class: "hint" }, opts.hint) : null,
    input,
    error,
  );
  return { wrap, input, setError: (msg: string | null) => setFieldError(input, error, msg) };
}

export function setFieldError(input: HTMLElement, error: HTMLElement, msg: string | null) {
  error.textContent = msg ?? "";
  error.hidden = !msg;
  if (msg) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}
