// A push's email rendered from a cached rendering (issue 16, push5): every push of the same event type, job
// and recipient renders the same template with the same context except the one value that differs per
// message, the signed unsubscribe link (its nonce and signature). Handlebars rendering was ~11 % of the
// service's CPU on the push path (profiled, scripts/bench/cpu_profile.ts), and more of its garbage. So the
// template is rendered once per distinct context with a placeholder in place of that value, split on the
// placeholder, and each push joins the parts with its own value (HTML-escaped as Handlebars escapes it in the
// HTML part; as it is in the subject and text parts). The first rendering of each context is also rendered
// for real with the push's own value and compared: a template that does anything else with the value (a
// triple-stash, a helper that transforms it) is rendered in full from then on, so the bytes are always
// exactly Handlebars'. A value with white space (which the subject's clean-up would touch) is rendered in full.
import Handlebars from "handlebars";
import type { RenderedEmail, TemplateSet } from "./templates.ts";

/** Contexts remembered per template set; the oldest goes first. */
const MAX_CACHED = 1000;

type Parts = { subject: string[]; html: string[]; text: string[] };

// Unlikely in any data, unchanged by HTML escaping (no & < > " ' ` =).
const PLACEHOLDER = `\u0002slot${crypto.randomUUID().replaceAll("-", "")}\u0003`;

const cached = new WeakMap<TemplateSet, Map<string, Parts | null>>();

/** The same as `set.render(eventType, { ...context, [slot]: value })`. */
export function renderSlotted(
  set: TemplateSet,
  eventType: string,
  context: Record<string, unknown>,
  slot: string,
  value: string,
): RenderedEmail {
  const full = () => set.render(eventType, { ...context, [slot]: value });
  if (/\s/.test(value) || value.includes(PLACEHOLDER)) return full();
  let key: string;
  try {
    key = eventType + "\u0000" + JSON.stringify(context);
  } catch {
    return full(); // not JSON (a BigInt, a cycle): no key
  }
  let byKey = cached.get(set);
  if (!byKey) cached.set(set, byKey = new Map());
  const parts = byKey.get(key);
  if (parts === undefined) {
    const withPlaceholder = set.render(eventType, { ...context, [slot]: PLACEHOLDER });
    const candidate = {
      subject: withPlaceholder.subject.split(PLACEHOLDER),
      html: withPlaceholder.html.split(PLACEHOLDER),
      text: withPlaceholder.text.split(PLACEHOLDER),
    };
    const real = full();
    const same = JSON.stringify(join(candidate, value)) === JSON.stringify(real);
    byKey.set(key, same ? candidate : null);
    while (byKey.size > MAX_CACHED) byKey.delete(byKey.keys().next().value!);
    return real;
  }
  return parts ? join(parts, value) : full();
}

const join = (parts: Parts, value: string): RenderedEmail => ({
  subject: parts.subject.join(value),
  html: parts.html.join(Handlebars.escapeExpression(value)),
  text: parts.text.join(value),
});
