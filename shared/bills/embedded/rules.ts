// Rules of the embedded reader that were written because of one utility's bills, tagged with that utility.
// Everything else in the reader (the label lexicon, typed values, pairing by position, address blocks,
// cross-checks) is generic. The leave-one-utility-out benchmark turns off the rules a utility's bills shaped
// when it scores that utility's bills, so its figure is what the reader does on a layout it was not fitted to.
export const RULES = {
  "usage-chart-bar-labels": {
    shapedBy: ["bge"],
    what: "bar charts that print each bar's kWh above its month label (BGE ANNUAL ELECTRIC USAGE)",
  },
  "kh-unit": {
    shapedBy: ["bge"],
    what: '"KH" as a spelling of kWh in supplier lines ("403601 KH x 0.05974")',
  },
  "statement-dated-rows": {
    shapedBy: ["ngrid"],
    what: "one-row-per-bill statements: read dates, days, kWh (National Grid usage statements)",
  },
  "post-office-city": { shapedBy: ["ngrid"], what: 'service address city from a "Post Office:" line' },
  // written in this round, after looking at the three bills added for it (tagged to keep their figure honest)
  "period-from-date-range": {
    shapedBy: ["cmp"],
    what: "no labelled period: a printed 20..40-day date range confirmed by a meter's read date",
  },
  "reading-difference": {
    shapedBy: ["cmp"],
    what: "in a meter row, the usage is the number equal to present - previous reading",
  },
  "choice-id": { shapedBy: ["bge"], what: '"Electric Choice ID" as the service number' },
  "attention-line": {
    shapedBy: ["bge"],
    what: 'an "Accounts Payable"/"Attn" addressee line gives way to the company above it',
  },
  "horizontal-usage-table": {
    shapedBy: ["fpl"],
    what: 'a row of period dates over a "kWh Used" row (FPL\'s this month / last month / last year table)',
  },
  // written in the table-reader round, after looking at National Grid's statements' word boxes: tagged
  // although they read as general (a table's text layer glues two dates; a statement runs over pages under
  // a page title; a correction row dated decades ahead)
  "glued-dates": {
    shapedBy: ["ngrid"],
    what: 'two dates glued by the text layer in one word ("10/13/202110/13/21") are split into two cells',
  },
  "table-page-continuation": {
    shapedBy: ["ngrid"],
    what: "a table continued on the next page under a page title keeps the previous page's columns",
  },
  "history-outlier-row": {
    shapedBy: ["ngrid"],
    what: 'a history row dated far from both neighbours ("12/31/30 … 0", a correction) is dropped',
  },
  // General rules written in reader36 after looking at the leave-one-out's missing fields (docs/bills.md "Leave-one-
  // utility-out: shaped rules generalized"): stated in what any bill prints, not in the prompting utility's words,
  // so untagged (`shapedBy: []`); `promptedBy` names the utility whose bill prompted each, and the bench's strict
  // leave-one-out turns them off for that utility's bills as well.
  "town-in-cells": {
    shapedBy: [],
    promptedBy: ["ngrid"],
    what: "a city, state and ZIP printed in three cells of their own, whatever labels them",
  },
  "kwh-by-quantity": {
    shapedBy: [],
    promptedBy: ["bge"],
    what:
      "a priced quantity in a unit the reader does not know is kWh when the bill bills it in kWh elsewhere",
  },
  "repeated-words-continuation": {
    shapedBy: [],
    promptedBy: ["ngrid"],
    what:
      "a table continued on the next page whose rows repeat the same words in one cell (an account's name)",
  },
  "zero-day-row": {
    shapedBy: [],
    promptedBy: ["ngrid"],
    what: "a history table's row whose days column reads 0 is no period of usage",
  },
} as const satisfies Record<
  string,
  { shapedBy: readonly string[]; promptedBy?: readonly string[]; what: string }
>;

export type RuleId = keyof typeof RULES;
/** Whether a tagged rule is on. */
export type RuleSwitch = (id: RuleId) => boolean;

export const allRules: RuleSwitch = () => true;

/**
 * Every rule on except those shaped by the given utilities' bills; `strict`: also the general rules their bills
 * prompted (`promptedBy`), for the strict leave-one-out figure.
 */
export function rulesWithout(utilities: string[], strict = false): RuleSwitch {
  return (id) => {
    const r: { shapedBy: readonly string[]; promptedBy?: readonly string[] } = RULES[id];
    return ![...r.shapedBy, ...(strict ? r.promptedBy ?? [] : [])].some((u) => utilities.includes(u));
  };
}
