import { field, h, setFieldError, uid } from "../dom.ts";
import { t } from "../locale.ts";
import type { Ctx, StepView } from "../context.ts";
import { chosenProviderName, type Savings } from "../types.ts";
import { ApiError } from "../api.ts";
import { reviewReading } from "./check.ts";
import { phoneOk } from "../../../shared/widget/phone.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Step 5: contact details with consent; creates the lead (idempotent key per session) and runs the savings pipeline. */
export function contactStep(ctx: Ctx): StepView {
  const s = ctx.state;
  const c = s.contact;
  const first = field({
    label: t.firstName,
    name: "first_name",
    value: c.first_name,
    autocomplete: "given-name",
    required: true,
  });
  const last = field({
    label: t.lastName,
    name: "last_name",
    value: c.last_name,
    autocomplete: "family-name",
  });
  const email = field({
    label: t.email,
    name: "email",
    type: "email",
    value: c.email,
    autocomplete: "email",
    required: true,
  });
  const phone = field({ label: t.phone, name: "phone", type: "tel", value: c.phone, autocomplete: "tel" });
  const consentId = uid("consent");
  const consentText = t.consent(ctx.info.partner_name || t.thisInstaller);
  const consent = h("input", {
    id: consentId,
    type: "checkbox",
    checked: s.consent,
    required: true,
    "aria-describedby": `${consentId}-err`,
    onchange: () => (s.consent = consent.checked),
  });
  const consentErr = h("p", { id: `${consentId}-err`, class: "field-error", hidden: true });
  const sync = () =>
    Object.assign(c, {
      first_name: first.input.value.trim(),
      last_name: last.input.value.trim(),
      email: email.input.value.trim(),
      phone: phone.input.value.trim(),
    });
  for (const f of [first, last, email, phone]) f.input.addEventListener("input", sync);

  const body = h(
    "div",
    { class: "stack" },
    h("h2", {}, t.contactTitle),
    h("p", { class: "lead" }, t.contactIntro),
    h("div", { class: "grid-2" }, first.wrap, last.wrap, email.wrap, phone.wrap),
    h("div", { class: "consent" }, consent, h("label", { for: consentId }, consentText)),
    consentErr,
  );

  return {
    body,
    nextLabel: t.getReport,
    next: async () => {
      sync();
      first.setError(c.first_name ? null : t.nameNeeded);
      email.setError(EMAIL.test(c.email) ? null : t.emailInvalid);
      phone.setError(phoneOk(c.phone) ? null : t.phoneInvalid);
      setFieldError(consent, consentErr, s.consent ? null : t.consentNeeded);
      const bad = !c.first_name
        ? first.input
        : !EMAIL.test(c.email)
        ? email.input
        : !phoneOk(c.phone)
        ? phone.input
        : !s.consent
        ? consent
        : null;
      if (bad) {
        bad.focus();
        return false;
      }
      ctx.announce(t.creating, true);
      const contactNow = JSON.stringify([c.first_name, c.last_name, c.email.toLowerCase()]);
      if (s.leadId && s.leadContact !== contactNow) {
        // Corrected details after an earlier attempt: a new lead, so the report goes to the new address.
        s.leadId = null;
        s.leadKey = crypto.randomUUID();
      }
      if (!s.leadId) {
        const lead = await ctx.api.send<{ data: { id: string } }>("POST", "/v1/widget-service/create-lead", {
          idempotency_key: s.leadKey,
          contact: { ...c, phone: c.phone || null },
          address: { ...s.address!, line2: s.address!.line2 ?? null },
          property_id: s.propertyId ?? undefined,
          utility_provider: chosenProviderName(s),
          consent: true,
          consent_text: consentText,
          monthly_kwh: s.usage?.map((u) => u.value),
        });
        s.leadId = lead.data.id;
        s.leadContact = contactNow;
        ctx.emit("lead_created", { leadId: s.leadId, outOfArea: false });
      }
      let res: { data: Savings };
      try {
        res = await ctx.api.send<{ data: Savings }>(
          "POST",
          "/v1/widget-service/process-widget-savings-info",
          {
            lead_id: s.leadId,
            property_id: s.propertyId,
            transaction_id: s.billTransactionId ?? undefined,
            usage_by_month: s.usage,
            reading: s.billTransactionId
              ? { service_address: s.reading.service_address, utility: s.reading.utility }
              : undefined,
            confirmed: s.confirmed,
            roof_ownership: s.roofOwnership || undefined,
            location: s.lat !== null ? { lat: s.lat, lon: s.lon } : undefined,
          },
          { "Idempotency-Key": `${s.leadKey}:savings` },
        );
      } catch (e) {
        // The gate refused (e.g. the name typed here is one the bill printed): back to the check step, marked.
        if (e instanceof ApiError && e.code === "needs_confirmation") {
          s.reading = { ...s.reading, customer_name: [c.first_name, c.last_name].filter(Boolean).join(" ") };
          s.review = { ...(await reviewReading(ctx, s.reading, s.confirmed)), read: s.review?.read ?? null };
          ctx.go("check");
          return;
        }
        throw e;
      }
      s.savings = res.data;
      ctx.go("summary");
    },
  };
}
