// The label lexicon: what US utilities print beside each field, and the look-alike labels that must NOT be
// read as that field (negative labels). Written from how bills label things in general, across utilities.

export interface LabelEntry {
  /** Labels of the field, most specific first. */
  labels: RegExp[];
  /**
   * Negative labels: when one matches the text of the label's cell (the label with its qualifiers, e.g.
   * "Next billing date", "Previous balance"), the label is not this field's.
   */
  not: RegExp[];
}

const QUALIFIED =
  /\b(?:next|previous|prior|last|former|old|upcoming|future|estimated next)\s+(?:\w+\s+){0,2}$/i;

export const LEXICON = {
  invoiceDate: {
    labels: [
      /\bstatement date\b/i,
      /\bissued? date\b/i,
      /\bdate issued\b/i,
      /\b(?:bill|billing|invoice) date\b/i,
      /\bdate (?:of (?:this )?bill|mailed|prepared|printed)\b/i,
      /\bdate (?:bill|statement) (?:was )?(?:prepared|mailed|printed|issued)\b/i,
      /^\W*issued(?=\s*:)/i,
      /\bdate billed\b/i,
      /\bbill issued\b/i,
      /\bbill mailed\b|\bmailed on\b/i,
    ],
    not: [
      /\bnext\s+(?:bill|billing|read|reading|meter)/i,
      /\b(?:previous|prior|last)\s+(?:bill|billing|statement)/i,
      /\bdue\b/i,
    ],
  },
  dueDate: {
    labels: [
      // a discount bill's deadline first: the net amount it asks is due by the discount date, a later "payment due
      // date" beside it is the gross amount's (round 33; norwood printed the discount date alone)
      /\bdiscount date\b/i,
      /\b(?:payment )?due date\b/i,
      /\bdate due\b/i,
      /\bdue by\b/i,
      /\bpay(?:ment)? by\b/i,
      /\bdue on or before\b/i,
      /\bplease pay by\b/i,
      /\bpayments received after\b/i,
      /\bpayment due\b/i,
      /\b(?:charges|bill|payment|amount) (?:is|are) due\b/i,
      // last: the date a late charge is added after is the payment's deadline when no due date is labelled
      /\blate (?:payment )?(?:charges?|fees?) (?:will be |are |is )?(?:added|applied|assessed) after\b/i,
      // … and the date a bill due upon receipt is late after ("Late After   12/27/2023")
      /\blate after\b/i,
      // the date the bill is past due after ("Past Due Date   10/03/2023"): its deadline, not a past due
      /\bpast due (?:date|after)\b/i,
    ],
    not: [
      /\b(?:previous|prior|last)\s+(?:\w+\s+)?due/i,
      /\bpast due\b(?!\s+(?:date|after)\b)/i,
      /\bnext\s+(?:bill|billing|read)/i,
      /\bpayments? received through\b/i,
    ],
  },
  amountDue: {
    labels: [
      /\bcredit balance\b/i,
      /\btotal amount (?:now )?(?:you owe|due)\b/i,
      /\btotal (?:amount|balance) due\b/i,
      /\bamount due\b/i,
      // "Amount Owed" (a town's or co-op's word for it), never the amount owed after the due date
      /\b(?:total )?amount owed\b(?!\s+(?:after|if|on|by)\b)/i,
      /\btotal due\b/i,
      // the summary's last line when it sums charges ("Total Charges Due")
      /\btotal charges due\b/i,
      /\bplease pay\b/i,
      // a levelized or budget bill's amount ("Levelized Payment Amount", "Budget Billing Amount"): what it asks,
      // before an account balance of the actual charges ("New Balance"), after a labelled amount due (which may add
      // a past-due balance to it)
      /\b(?:levelized|budget(?: billing| plan)?|equal pay(?:ment)?|average (?:monthly )?payment(?: plan)?)\s+(?:payment\s+|plan\s+)?amount\b/i,
      /\bbalance due\b/i,
      /\bnew balance\b/i,
      /\bamount to pay\b/i,
      // last: the month's whole bill ("Total Month's Bill   $103.16" under the charges and last month's balance)
      /\btotal (?:month'?s |monthly )?bill\b(?!\s+(?:date|period|days?)\b)/i,
    ],
    not: [
      /\b(?:previous|prior|last)\b/i,
      // the balance a statement period opened with ("Beginning Credit Balance") is not what it closes with
      /\b(?:beginning|starting|opening)\b/i,
      /\bpast due\b/i,
      /\bamount (?:paid|enclosed|received)\b/i,
      /\binstallment\b/i,
      /\bpayment plan\b/i,
      // the amount a budget bill's customer would owe off the plan ("Amount Due Without Budget Billing", "… If Not
      // On Levelized"; the words' first letters, as a label is judged on up to 12 characters after it)
      /\b(?:without|not on)\s+(?:the\s+)?(?:bud|lev|ave|equ)/i,
    ],
  },
  pastDue: {
    labels: [
      /\bpast due(?: amount| balance)?\b/i,
      /\bbalance before new charges\b/i,
      // … before or prior to the current charges ("Balance Prior to Current Charges" under the payments)
      /\bbalance (?:before|prior to) (?:new|current|this (?:month'?s|period'?s)) charges\b/i,
      /\boutstanding balance\b/i,
      /\bbalance forward\b/i,
      // … brought or carried ("Balance brought forward   $53.92" under the previous balance and the payments)
      /\bbalance (?:brought|carried) forward\b/i,
      /\bunpaid balance\b/i,
      // … printed with the bill it is left from ("UNPAID PRIOR BALANCE   $21.76", a city's first service row: round 30)
      /\bunpaid (?:prior|previous) balance\b/i,
      /\bprevious balance remaining\b/i,
      /\bremaining balance\b/i,
      /\bbalance remaining\b/i,
    ],
    not: [/\bafter\b/i, /\bif not paid\b/i, /\bpast due date\b/i],
  },
  accountNumber: {
    labels: [
      /\baccount (?:number|no\.?|#)/i,
      /\bbill account\b/i,
      /\bacct\.? (?:no\.?|#|number)/i,
      /\baccount\b(?=\s*:)/i,
      /\bcustomer (?:account|number)\b/i,
      // a header cell of the word alone ("Account   Statement Date   Due Date" over their values)
      /^account$/i,
    ],
    not: [/\bsupplier\b|\bchoice\b|\bbank\b|\bpayment plan\b|\brouting\b/i],
  },
  serviceNumber: {
    labels: [
      /\bservice (?:number|no\.?|id|point id|agreement(?: id| number)?)\b/i,
      // an Ohio distribution utility's number for the service point ("Service Delivery Identifier: 0123456789")
      /\bservice delivery (?:identifier|id)\b/i,
      /\bservice (?:account|reference)(?: number| no\.?| #)?(?![a-z])/i,
      /\bSA ID\b/,
      /\bpremise (?:number|id)\b/i,
      /\b(?:esi|esiid|pod) id\b/i,
      /\bchoice id\b/i,
    ],
    not: [/\bphone\b|\bcall\b/i],
  },
  customerName: {
    labels: [/\bcustomer name\b/i, /\bcustomer\b(?=\s*:)/i, /\baccount name\b/i, /\bname\b(?=\s*:)/i],
    not: [/\butility\b|\bprovider\b|\bsupplier\b/i],
  },
  // the utility's fixed charge per bill, whatever the kWh: common US names for it
  fixedMonthlyCharge: {
    labels: [
      /\bcustomer charge\b(?!s)/i,
      /\bbasic (?:service )?charge\b(?!s)/i,
      /\bcustomer service charge\b(?!s)/i,
      /\bmonthly (?:service |customer )?charge\b(?!s)/i,
      /\bfacilit(?:y|ies) charge\b(?!s)/i,
      /\bbase (?:service )?charge\b(?!s)/i,
      /\bfixed (?:monthly )?charge\b(?!s)/i,
      /\bservice charge\b(?!s)/i,
    ],
    not: [
      /\blate\b|\breturned\b|\breconnect|\bcollection|\bconnection\b|\bcheck\b|\btrip\b|\bfield\b|\btotal\b|\bgas\b|\bdemand\b/i,
    ],
  },
} satisfies Record<string, LabelEntry>;

export type LexiconField = keyof typeof LEXICON;

/** Is a label found in `cell` (at `index`) negated by the lexicon: "Next billing date", "Previous balance"? */
export function negated(field: LexiconField, cell: string, index: number, length: number): boolean {
  const before = cell.slice(0, index);
  const around = cell.slice(Math.max(0, index - 30), index + length + 12);
  if (QUALIFIED.test(before) && field !== "pastDue") return true;
  return LEXICON[field].not.some((re) => re.test(around));
}

// Address blocks that belong to the utility, not the customer.
export const REMITTANCE =
  /\b(?:remit(?:tance)?|make checks? payable|checks? payable|send payments?(?: to)?|mail payments?(?: to)?|payment (?:address|center|processing)|correspond(?:ence)?(?: with)?|not for payment|write to us|mail to|pay to|lockbox|send correspondence)/i;

// Words that make a phrase one of the bill's own (a plan, a program, a website, a department), not a person
// or company who is a customer.
const NOT_A_NAME =
  /(?:\bwww\.|https?:|\.com\b|\.coop\b|\.org\b|\.net\b|\.gov\b|@|\b(?:plan|program|payment|payments|pay|payable|accounts?|attn|attention|c\/o|autopay|budget|billing|bill|account|service|services|customer|customers|energy|electric|electricity|power|utility|utilities|company|department|dept|correspond|remit|statement|summary|balance|amount|due|total|charges?|usage|meter|rate|tax|thank|please|return|portion|questions?|outage|phone|call|visit|online|page|date|invoice|direct|debit|deposit|assistance|message|important|notice|news|information|premises|location|address|your|our|the)\b)/i;

/** Could this phrase be a customer's name (a person or a company)? Not the bill's own vocabulary. */
export function nameLike(s: string): boolean {
  const t = s.trim();
  if (!/[A-Za-z]{2}/.test(t) || /\d/.test(t) || t.length > 60 || t.split(/\s+/).length > 7) return false;
  // OCR garble ("cjTy OF BUFFALO"): a word that starts in lower case and turns upper case
  if (t.split(/\s+/).some((w) => /^[a-z]+[A-Z]/.test(w))) return false;
  if (
    /\b(?:llc|inc|corp|co|company|ltd|lp|llp|church|school|city of|county|town of)\b\.?/i.test(t) &&
    !/\b(?:www|\.com|payable|remit)\b/i.test(t)
  ) {
    return !/\b(?:energy|electric|power|utility|utilities|gas)\b/i.test(t);
  }
  return !NOT_A_NAME.test(t);
}

/** A sales-tax or other percentage line must never give a price per kWh. */
export const NOT_A_RATE =
  /%|\btax(?:es)?\b|\bpercent\b|\bsurcharge\b|\blate\b|\binterest\b|\bdemand\b|\bkw\b(?!h)/i;

/** Meter readings (odometer values) and other numbers that are not a period's usage. */
export const NOT_USAGE =
  /\b(?:reading|readings|read|present|previous|prior|current read|meter read|multiplier|mult|odometer|demand|kw\b(?!h))/i;

/** Gas service on a gas+electric bill: its meters, usage and history are not electricity. */
export const GAS = /\btherms?\b|\bccf\b|\bmcf\b|\bgas\b/i;
/** Another service than electricity or gas on a multi-service statement (a municipal utility's water). */
export const OTHER_SERVICE = /\bgallons?\b|\b(?:waste)?water\b|\bsewer\b|\bstorm ?drain\b/i;
/** Units of water and gas: a meter read in them is not the electric meter ("7 kgal", "38 ccf", a units cell "CF"). */
export const OTHER_SERVICE_UNIT =
  /\b(?:[kt]?gal(?:lons?)?|ccf|hcf|mcf|cf|therms?|cubic f(?:ee|oo)?t|cu\.? ?ft)\b/i;
