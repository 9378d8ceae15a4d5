import { field, h, setFieldError, uid } from "../dom.ts";
import { t } from "../locale.ts";
import type { Ctx, StepView } from "../context.ts";
import { stateName } from "../states.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const addressKey = (
  a: Ctx["state"]["address"],
) => (a ? [a.line1, a.city, a.state, a.zip].join("|").toLowerCase() : "");
const thanks = () => [
  h("div", { class: "exit-icon done", "aria-hidden": "true" }),
  h("h2", { tabindex: "-1" }, t.exitThanks),
  h("p", { class: "lead" }, t.exitThanksText),
];

/** Rule 5: outside serving_states, capture name and email for the partner (the server marks the lead out-of-area). */
export function exitScreen(ctx: Ctx): StepView {
  const s = ctx.state;
  if (s.exitDone && s.exitDone === addressKey(s.address)) {
    // Already left for this address (a reload, or Back and Forward): the thanks again, not the form.
    queueMicrotask(() => (document.body.dataset.step = "exit-done"));
    return { body: h("div", { class: "stack exit" }, ...thanks()), nextLabel: null };
  }
  const first = field({
    label: t.firstName,
    name: "first_name",
    value: s.contact.first_name,
    autocomplete: "given-name",
    required: true,
  });
  const last = field({
    label: t.lastName,
    name: "last_name",
    value: s.contact.last_name,
    autocomplete: "family-name",
  });
  const email = field({
    label: t.email,
    name: "email",
    type: "email",
    value: s.contact.email,
    autocomplete: "email",
    required: true,
  });
  const consentId = uid("consent");
  const consentText = t.exitConsent(ctx.info.partner_name || t.thisInstaller);
  const consent = h("input", {
    id: consentId,
    type: "checkbox",
    checked: s.consent,
    "aria-describedby": `${consentId}-err`,
  });
  const consentErr = h("p", { id: `${consentId}-err`, class: "field-error", hidden: true });
  const form = h("div", { class: "grid-2" }, first.wrap, last.wrap, email.wrap);
  const body = h(
    "div",
    { class: "stack exit" },
    h("div", { class: "exit-icon", "aria-hidden": "true" }),
    h("h2", {}, t.exitTitle),
    h("p", { class: "lead" }, t.exitText(stateName(s.address?.state ?? ""))),
    form,
    h("div", { class: "consent" }, consent, h("label", { for: consentId }, consentText)),
    consentErr,
  );

  let done = false;
  const view: StepView = {
    body,
    nextLabel: t.exitSubmit,
    next: async () => {
      if (done) return;
      const c = {
        first_name: first.input.value.trim(),
        last_name: last.input.value.trim(),
        email: email.input.value.trim(),
      };
      first.setError(c.first_name ? null : t.nameNeeded);
      email.setError(EMAIL.test(c.email) ? null : t.emailInvalid);
      setFieldError(consent, consentErr, consent.checked ? null : t.exitConsentNeeded);
      const bad = !c.first_name
        ? first.input
        : !EMAIL.test(c.email)
        ? email.input
        : !consent.checked
        ? consent
        : null;
      if (bad) {
        bad.focus();
        return false;
      }
      const lead = await ctx.api.send<{ data: { id: string } }>("POST", "/v1/widget-service/create-lead", {
        idempotency_key: `${s.leadKey}:exit`,
        contact: c,
        address: { ...s.address!, line2: s.address!.line2 ?? null },
        consent: true,
        consent_text: consentText,
      });
      done = true;
      ctx.emit("lead_created", { leadId: lead.data.id, outOfArea: true });
      s.exitDone = addressKey(s.address);
      body.replaceChildren(...thanks());
      (body.querySelector("h2") as HTMLElement).focus();
      (body.closest("form")?.querySelector("button[type=submit]") as HTMLElement | null)?.remove();
      document.body.dataset.step = "exit-done";
    },
  };
  return view;
}
