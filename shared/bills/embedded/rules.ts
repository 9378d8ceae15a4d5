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
} as const;

export type RuleId = keyof typeof RULES;
/** Whether a tagged rule is on. */
export type RuleSwitch = (id: RuleId) => boolean;

export const allRules: RuleSwitch = () => true;

/** Every rule on except those shaped by the given utilities' bills. */
export function rulesWithout(utilities: string[]): RuleSwitch {
  return (id) => !RULES[id].shapedBy.some((u) => utilities.includes(u));
}
