// The basis a report's figures rest on, as stored with the report: a type of its own so that a reader of stored
// reports (the partner's new-lead email in the notification service) does not pull the report pipeline (PDF
// rendering, fonts) into its module graph.
import type { ReportContext } from "./report/types.ts";

/**
 * What the report says its rate and cost rest on, stored with the report (`input.basis`) so that whoever repeats
 * its figures later (the partner's new-lead email) names the same basis, not today's reference data.
 */
export interface ReportBasis {
  rateKind: NonNullable<ReportContext["rateKind"]>;
  rateYear: number | null;
  /** The utility whose estimated average rate the figures use (rateKind "utility"). */
  rateUtility?: string;
  rateSource: string;
  costSource: string;
  costYear: number | null;
  costIsNationalFallback: boolean;
  escalatorBasis: string;
  /** The home's utility's own export rule the figures follow, in words (QA pass 12: "exports credited at …"). */
  exportRule?: string;
}
