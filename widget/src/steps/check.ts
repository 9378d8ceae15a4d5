import { field, h, uid } from "../dom.ts";
import { t } from "../locale.ts";
import type { Ctx, StepView } from "../context.ts";
import { kwhTyped, suspectMonth, typedUsage, unsureCells } from "../usage.ts";
import { contactFromBillName } from "../contact_name.ts";
import { utilityLine } from "../utility_line.ts";
import {
  type Address,
  chosenProviderName,
  type ReadingCheck,
  type ReadingGroup,
  type ReadingReview,
  type ReadingValues,
} from "../types.ts";

/** Asks the plausibility gate about the reading as the homeowner has it now (their corrections and confirmations). */
export async function reviewReading(
  ctx: Ctx,
  values: ReadingValues = {},
  confirmed: ReadingGroup[] = [],
): Promise<ReadingReview> {
  const s = ctx.state;
  const res = await ctx.api.send<{ data: ReadingReview }>("POST", "/v1/widget-service/bill-reading", {
    transaction_id: s.billTransactionId ?? undefined,
    address_state: s.address?.state,
    address_city: s.address?.city || undefined,
    address_zip: s.address?.zip || undefined,
    utility_provider: chosenProviderName(s) ?? undefined,
    values: { ...values, usage_by_month: s.usage ?? undefined },
    confirmed,
  });
  return res.data;
}

/**
 * Step 4b: what was read from the bill (name, service address, utility, monthly usage), to correct; the lines
 * that failed a plausibility check or that the reader was unsure of are marked and must be confirmed.
 */
export function checkStep(ctx: Ctx): StepView {
  const s = ctx.state;
  const review = s.review;
  const read = review?.read ?? null;
  const err = h("p", { class: "field-error", role: "alert", hidden: true });
  const lines: Partial<
    Record<ReadingGroup, { box: HTMLElement; flag: HTMLElement; confirm: HTMLInputElement }>
  > = {};

  const line = (group: ReadingGroup, title: string, ...content: (HTMLElement | null)[]) => {
    const id = uid(`check-${group}`);
    const confirm = h("input", {
      id,
      type: "checkbox",
      checked: s.confirmed.includes(group),
      "aria-describedby": `${id}-why`,
    });
    const flag = h(
      "div",
      { class: "flag", hidden: true },
      h("p", { id: `${id}-why`, class: "flag-why" }),
      h("div", { class: "consent" }, confirm, h("label", { for: id }, t.checkConfirm)),
    );
    const box = h(
      "fieldset",
      { class: "read-line", "data-group": group },
      h("legend", {}, title),
      ...content,
      flag,
    );
    lines[group] = { box, flag, confirm };
    // "Please correct or confirm the marked lines." goes once every marked line is ticked, not at the next Continue
    // (QA pass 11: it stayed under two ticked lines).
    confirm.addEventListener("change", () => {
      const marked = Object.values(lines).filter((l) => !l.flag.hidden);
      if (err.textContent === t.checkNeeded && marked.every((l) => l.confirm.checked)) err.hidden = true;
    });
    return box;
  };

  const a: Partial<Address> = s.reading.service_address ?? read?.serviceAddress ?? {};
  // What the reader left empty (it leaves a field empty rather than guess) the homeowner types: required.
  const notRead = (v: string | undefined) => (read && !v?.trim() ? t.checkNotRead : undefined);
  const nameValue = s.reading.customer_name ?? read?.customerName ?? "";
  const name = field({
    label: t.checkNameLabel,
    name: "bill_name",
    value: nameValue,
    autocomplete: "name",
    required: !!read,
    hint: notRead(nameValue),
  });
  // The parts the reader left empty, named on the address's first field (the street, full width): a hint "We could
  // not read this" there stood above a street that was read while the city, state and ZIP were not (QA pass 16).
  const unreadParts = read ? (["line1", "city", "state", "zip"] as const).filter((k) => !a[k]?.trim()) : [];
  const addressNotRead = unreadParts.length > 0;
  // The service address as the bill gives it; each part required once something was read.
  const part = (label: string, key: keyof Address, more: Partial<Parameters<typeof field>[0]> = {}) =>
    field({
      label,
      name: `bill_${key}`,
      value: a[key] ?? "",
      autocomplete: "off",
      required: !!read,
      ...more,
    });
  // One street line with the unit the bill gives ("9570 Cedar Ln, Apt 31C"): the unit was dropped here, so the
  // confirmed service address lost it, and a homeowner who typed it back made a "correction" of a right reading.
  const street = part(t.street, "line1", {
    hint: addressNotRead ? t.checkAddressNotRead(unreadParts.map((k) => t.addressParts[k])) : undefined,
  });
  street.input.value = [a.line1, a.line2].filter((x) => x?.trim()).join(", ");
  const city = part(t.city, "city");
  const st = part(t.state, "state", { maxlength: 2 });
  const zip = part(t.zip, "zip", { inputmode: "numeric", maxlength: 10 });
  // each unread part is described by that hint too
  const hintId = street.input.getAttribute("aria-describedby")?.split(" ").find((id) => id.endsWith("-hint"));
  for (const [k, f] of [["city", city], ["state", st], ["zip", zip]] as const) {
    if (hintId && unreadParts.includes(k)) {
      f.input.setAttribute(
        "aria-describedby",
        `${hintId} ${f.input.getAttribute("aria-describedby") ?? ""}`.trim(),
      );
    }
  }
  // The bill gave no (full) service address: the home typed on the first step is usually it; one click fills it in,
  // still editable (retyping the address the widget already has was the longest part of this step).
  const home = s.address;
  const useHome = addressNotRead && home?.line1
    ? h(
      "button",
      {
        type: "button",
        class: "link use-home",
        onclick: () => {
          street.input.value = [home.line1, home.line2].filter((x) => x?.trim()).join(", ");
          city.input.value = home.city;
          st.input.value = home.state;
          zip.input.value = home.zip;
          for (const f of [street, city, st, zip]) f.setError(null);
          street.input.focus();
          void recheck();
        },
      },
      t.useHomeAddress(
        [home.line1, home.line2, home.city, `${home.state} ${home.zip}`].filter((x) => x?.trim()).join(", "),
      ),
    )
    : null;
  // A bill that names no utility (a usage statement): the provider chosen for the home, said to be that.
  const utilityNow = utilityLine(s.reading.utility, read?.utilityProviderName, chosenProviderName(s));
  const utility = field({
    label: t.checkUtilityLabel,
    name: "bill_utility",
    value: utilityNow.value,
    autocomplete: "off",
    hint: utilityNow.fromChoice ? t.checkUtilityFromChoice : undefined,
  });

  const inputs = s.usage!.map((u) => {
    const id = uid("kwh");
    const month = t.months.find((m) =>
      m.toLowerCase().startsWith(String(u.month).toLowerCase().slice(0, 3))
    ) ?? String(u.month);
    const input = h("input", {
      id,
      type: "text",
      inputmode: "numeric",
      value: String(u.value),
      "aria-label": t.monthKwh(`${month} ${u.year}`),
    });
    // An estimated month says so to a screen reader too (the word sat after the field, unannounced), and stops
    // saying so once the homeowner types their own figure over the estimate (it is then sent as theirs).
    const mark = u.estimated ? h("small", { id: `${id}-est` }, t.usageEstimated) : null;
    if (mark) {
      const sync = () => {
        const own = typedUsage([u], [Number(input.value.replace(/[,\s]/g, ""))])[0];
        mark.hidden = !own.estimated;
        if (own.estimated) input.setAttribute("aria-describedby", mark.id);
        else input.removeAttribute("aria-describedby");
      };
      input.addEventListener("input", sync);
      sync();
    }
    return {
      u,
      input,
      cell: h(
        "div",
        { class: "month" },
        // "Dec 22" read as the 22nd of December: the year is written whole.
        h("label", { for: id }, `${month.slice(0, 3)} ${u.year}`),
        input,
        mark,
      ),
    };
  });
  const total = h("p", { class: "total" });
  const numbers = () => inputs.map((i) => kwhTyped(i.input.value));
  const sum = () => (total.textContent = t.annualTotal(
    Math.round(numbers().reduce((n, v) => n + (Number.isFinite(v) ? v : 0), 0)),
  ));
  inputs.forEach((i) => i.input.addEventListener("input", sum));
  sum();

  const body = h(
    "div",
    { class: "stack" },
    h("h2", {}, read ? t.checkTitle : t.usageTitle),
    h("p", { class: "lead" }, read ? t.checkIntro : t.usageIntro),
    read ? line("name", t.checkName, name.wrap) : null,
    read
      ? line(
        "address",
        t.checkAddress,
        useHome,
        h("div", { class: "grid-read-address" }, street.wrap, city.wrap, st.wrap, zip.wrap),
      )
      : null,
    read ? line("utility", t.checkUtility, utility.wrap) : null,
    line("usage", t.checkUsage, h("div", { class: "months" }, inputs.map((i) => i.cell)), total),
    err,
    h("button", {
      type: "button",
      class: "link",
      onclick: () =>
        Object.assign(s, { usage: null, review: null, files: [], billTransactionId: null }) && ctx.go("bill"),
    }, read ? t.otherBill : t.billInstead),
  );

  /** Marks the lines the gate wants confirmed, with the reasons in the homeowner's words. */
  const paint = (r: ReadingReview | null) => {
    for (const [group, l] of Object.entries(lines) as [ReadingGroup, NonNullable<typeof lines.name>][]) {
      const flagged = r?.needsConfirmation.includes(group) ?? false;
      l.flag.hidden = !flagged;
      l.box.classList.toggle("flagged", flagged);
      // The reason is said on entering the line's group, not only at its checkbox after the fields (QA pass 4).
      if (flagged) l.box.setAttribute("aria-describedby", l.confirm.getAttribute("aria-describedby")!);
      else l.box.removeAttribute("aria-describedby");
      if (flagged) {
        // one line per reason: four of them ran together in one paragraph on a phone (QA pass 10, a BGE bill)
        // a check of a value this step does not show (the supply rate) is the partner's, not a reason here
        const why = reasons(r!.checks.filter((c) => c.group === group && !c.partnerOnly));
        (l.flag.firstChild as HTMLElement).replaceChildren(
          ...why.flatMap((text, i) => [...(i ? [" "] : []), h("span", { class: "reason" }, text)]),
        );
      }
      if (!flagged) l.confirm.checked = false;
    }
    // The month the shape checks point at: the largest one.
    const spike = r?.checks.some((c) => c.code === "monthly_shape" || c.code === "month_usage_out_of_range");
    const top = suspectMonth(numbers(), inputs.map((i) => !!i.u.estimated));
    // … and the months the reader was unsure of (its per-month confidence under the gate's limit)
    const unsure = unsureCells(inputs.map((i) => i.u), r?.checks ?? []);
    inputs.forEach((i, j) => i.cell.classList.toggle("suspect", (!!spike && j === top) || unsure[j]));
  };
  paint(review);

  /** The reading as the homeowner has it on the form now (what Continue sends). */
  const readingNow = (): ReadingValues =>
    read
      ? {
        customer_name: name.input.value.trim(),
        service_address: {
          line1: street.input.value.trim(),
          city: city.input.value.trim(),
          state: st.input.value.trim().toUpperCase(),
          zip: zip.input.value.trim(),
        },
        utility: utility.input.value.trim(),
      }
      : {};
  const confirmedNow = () =>
    (Object.entries(lines) as [ReadingGroup, NonNullable<typeof lines.name>][])
      .filter(([, l]) => !l.flag.hidden && l.confirm.checked).map(([g]) => g);
  // The service address changed ("Same as my home", or typed): the gate is asked again at once, so a mark it no
  // longer raises ("This bill seems to be for another state than your home") goes now, not at Continue (QA pass 10).
  // Only the latest answer paints, and none after Continue was pressed.
  let asked = 0;
  const recheck = async () => {
    const mine = ++asked;
    const reading = readingNow();
    if (!/^[A-Za-z]{2}$/.test(reading.service_address?.state ?? "")) return;
    try {
      const r = await reviewReading(ctx, reading, confirmedNow());
      if (mine !== asked) return;
      s.review = { ...r, read: read ?? r.read };
      s.reading = reading;
      paint(s.review);
    } catch { /* Continue asks again and says what went wrong */ }
  };
  for (const f of [street, city, st, zip]) f.input.addEventListener("change", () => void recheck());

  return {
    body,
    next: async () => {
      err.hidden = true;
      const values = numbers();
      const ok = (v: number) => Number.isFinite(v) && v >= 0 && v <= 1000000;
      inputs.forEach((i, j) =>
        ok(values[j]) ? i.input.removeAttribute("aria-invalid") : i.input.setAttribute("aria-invalid", "true")
      );
      const bad = values.findIndex((v) => !ok(v));
      if (bad >= 0) {
        err.textContent = t.usageInvalid;
        err.hidden = false;
        inputs[bad].input.focus();
        return false;
      }
      if (read) {
        // Name and service address are required: what the bill did not give, the homeowner types.
        const missing: [typeof name, string | null][] = [
          [name, name.input.value.trim() ? null : t.checkNameNeeded],
          [street, street.input.value.trim() ? null : t.required],
          [city, city.input.value.trim() ? null : t.required],
          [st, /^[A-Za-z]{2}$/.test(st.input.value.trim()) ? null : t.stateInvalid],
          [zip, /^\d{5}(-\d{4})?$/.test(zip.input.value.trim()) ? null : t.zipInvalid],
        ];
        missing.forEach(([f, m]) => f.setError(m));
        const first = missing.find(([, m]) => m);
        if (first) {
          err.textContent = t.checkMissing;
          err.hidden = false;
          ctx.announce(t.checkMissing);
          first[0].input.focus();
          return false;
        }
      }
      const typed = typedUsage(inputs.map((i) => i.u), values);
      s.usage = typed;
      inputs.forEach((i, j) => (i.u = typed[j]));
      const reading = readingNow();
      const confirmed = confirmedNow();
      asked++; // an address re-check still on its way paints nothing now
      const r = await reviewReading(ctx, reading, confirmed);
      s.review = { ...r, read: read ?? r.read };
      s.reading = reading;
      s.confirmed = confirmed.filter((g) => r.needsConfirmation.includes(g));
      paint(s.review);
      if (r.unconfirmed.length) {
        err.textContent = t.checkNeeded;
        err.hidden = false;
        lines[r.unconfirmed[0]]?.confirm.focus();
        ctx.announce(t.checkNeeded);
        return false;
      }
      // The confirmed name fills the contact step (still editable there), unless it is not a person's.
      const person = contactFromBillName(reading.customer_name ?? "", r.checks.map((c) => c.code));
      if (person) Object.assign(s.contact, person);
      ctx.go("contact");
    },
  };
}

/** The reasons in the homeowner's words, each once. */
function reasons(checks: ReadingCheck[]): string[] {
  return [
    ...new Set(
      checks.map((c) => t.checkReasons[c.code as keyof typeof t.checkReasons] ?? t.checkReasons.other),
    ),
  ];
}
