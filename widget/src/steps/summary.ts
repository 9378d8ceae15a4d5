import { h } from "../dom.ts";
import { t } from "../locale.ts";
import { usageChart } from "../chart.ts";
import type { Ctx, StepView } from "../context.ts";
import { newState } from "../types.ts";

/** Step 6: the savings summary and "report sent to your email". */
export function summaryStep(ctx: Ctx): StepView {
  const r = ctx.state.savings!;
  const figure = (label: string, value: string, strong = false) =>
    h("div", { class: strong ? "figure strong" : "figure" }, h("dt", {}, label), h("dd", {}, value));
  const body = h(
    "div",
    { class: "stack" },
    h("h2", {}, t.summaryTitle),
    h(
      "p",
      { class: "sent", role: "status" },
      h("span", { class: "check", "aria-hidden": "true" }, "✓"),
      t.reportSent(r.emailSentTo),
    ),
    r.noSystemReason
      ? h(
        "div",
        { class: "notice no-system" },
        h("h3", {}, t.noSystemTitle),
        h("p", {}, t.noSystem[r.noSystemReason] ?? t.noSystem.no_usable_roof),
      )
      : null,
    r.beyondHomeUse
      ? h(
        "div",
        { class: "notice beyond-home" },
        h("h3", {}, t.beyondHomeTitle),
        h(
          "p",
          {},
          t.beyondHome(
            r.annualKwh,
            t.coverage(r.offsetPct),
            !r.noSystemReason,
            ctx.info.partner_name || t.thisInstaller,
          ),
        ),
      )
      : null,
    r.noSystemReason ? null : h(
      "dl",
      { class: "figures" },
      figure(t.annualSavings, t.money(r.netAnnualSavings), true),
      figure(t.systemSize, t.kw(r.systemKw)),
      // A roof-limited system covers part of the use only: say how much next to its size.
      figure(t.covers, t.coverage(r.offsetPct)),
      figure(t.systemCost, t.money(r.grossCost)),
      figure(t.netCost(r.federalCredit), t.money(r.netCost)),
      figure(t.payback, r.paybackYears === null ? "—" : t.years(r.paybackYears)),
    ),
    usageChart(r.monthlyKwh, r.annualKwh, r.estimatedMonths ?? []),
    // What the homeowner can expect now (the summary ended on the chart and "Start a new estimate").
    h(
      "div",
      { class: "next-step" },
      h("h3", {}, t.nextStepTitle),
      h(
        "p",
        {},
        (r.noSystemReason ? t.nextStepNoSystem : t.nextStep)(ctx.info.partner_name || t.thisInstaller),
      ),
    ),
    h("button", {
      type: "button",
      class: "link",
      onclick: () => {
        Object.assign(ctx.state, newState());
        ctx.go("address");
      },
    }, t.startOver),
  );
  return { body, nextLabel: null, noBack: true };
}
