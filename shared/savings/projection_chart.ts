// What the report's 25-year chart shows. The savings are drawn as the band between the yearly cost without and with
// solar; when they are a sliver of the cost (a business account confirmed by the homeowner: 0.4% of a BGE account's
// $873,351 a year, QA pass 10), the two cost lines lie on top of each other and the band cannot be seen. Then the
// chart shows the yearly savings alone, on a scale of their own, and its note says why (QA pass 11).
import type { SavingsFigures } from "./calculate.ts";
import { sharePct, usd } from "../format.ts";

/** Under this share of the first year's cost without solar the band is a sliver of the chart (QA pass 11: 6% on a
 * National Grid account read as two lines touching): the savings are drawn alone. */
export const THIN_SAVINGS_SHARE = 0.1;

export type ProjectionChartKind = "costs" | "savings" | "cost_only";

/** The figures the choice reads (a stored report's, or the PDF service's caller's). */
interface Projected {
  systemKw: number;
  projection: Pick<SavingsFigures["projection"][number], "costWithoutSolar" | "savings">[];
}

/** "costs": the two cost lines and the band; "savings": the yearly savings alone; "cost_only": no system proposed. */
export function projectionChartKind(f: Projected): ProjectionChartKind {
  if (!(f.systemKw > 0)) return "cost_only";
  const first = f.projection[0];
  if (!first || !(first.costWithoutSolar > 0)) return "costs";
  return first.savings / first.costWithoutSolar < THIN_SAVINGS_SHARE ? "savings" : "costs";
}

/** The chart's title. */
export function projectionChartTitle(kind: ProjectionChartKind): string {
  return kind === "savings" ? "25-year savings projection" : "25-year electricity cost projection";
}

/** Why the chart shows the savings alone (for kind "savings"): the share and the first year's figures. */
export function thinSavingsWords(f: Pick<Projected, "projection">): string {
  const first = f.projection[0];
  const share = sharePct((first.savings / first.costWithoutSolar) * 100);
  return `Solar would lower the yearly cost on this bill by only ${share} (year 1: ${usd(first.savings)} of ${
    usd(first.costWithoutSolar)
  }), too little to see as a gap between two cost lines, so the chart shows the yearly savings alone.`;
}
