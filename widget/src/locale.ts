// Every text the widget shows, in one place (one locale: US English). Functions take the values they show.
export const t = {
  title: "Solar savings estimate",
  loading: "Loading…",
  skipToContent: "Skip to the form",
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  steps: ["Address", "Your home", "Your provider", "Your bill", "Contact", "Savings"],
  back: "Back",
  continue: "Continue",
  retry: "Try again",
  required: "Required",
  working: "Working…",
  errorGeneric: "Something went wrong on our side. Please try again.",
  errorNetwork: "We could not reach the server. Check your connection and try again.",
  tooManyTries: (seconds?: number) => {
    if (!seconds || seconds <= 0) return "Too many tries from this connection. Please try again later.";
    const minutes = Math.ceil(seconds / 60);
    return `Too many tries from this connection. Please try again in ${
      seconds < 60 ? "a minute" : minutes === 1 ? "1 minute" : `${minutes} minutes`
    }.`;
  },

  notConfiguredTitle: "This widget is not configured",
  notConfiguredText:
    "The solar savings tool could not start on this page. If you own this website, check the widget token in the embed code or contact your solar partner's support.",
  // Framed by a site the partner did not list (widget/src/frame_guard.ts, security pass 16).
  framedTitle: "This estimate cannot be shown on this site",
  framedText:
    "Open the solar savings tool on your solar partner's own website. If you own this website, add it to the sites that may show the widget in your partner console.",

  addressTitle: "See how much you could save with solar",
  addressIntro: "Start with the address of the home you want to power.",
  addressLabel: "Home address",
  addressPlaceholder: "Start typing, e.g. 1 Market St, San Francisco",
  addressHint: "Use the arrow keys to pick a suggestion, Enter to choose it.",
  // A phone has no arrow keys (QA pass 7: the keyboard hint was shown on touch screens too).
  addressHintTouch: "Start typing, then tap your address in the list.",
  suggestionsCount: (n: number) =>
    n === 0 ? "No suggestions" : `${n} suggestion${n === 1 ? "" : "s"} available`,
  addressNotFound: "We could not find that address. Check the street, city and ZIP code.",
  addressNeeded: "Enter your home address to continue.",
  promises: ["Takes about 2 minutes", "Based on your real bill", "Free report by email, no obligation"],

  confirmTitle: "Confirm your home",
  confirmIntro: "Check the address and tell us about your roof.",
  street: "Street address",
  unit: "Apartment, unit (optional)",
  city: "City",
  state: "State",
  zip: "ZIP code",
  zipInvalid: "Enter a 5-digit ZIP code.",
  zipSeveral: (city: string) => `${city} has several ZIP codes — type yours.`,
  zipNeeded: "Type your ZIP code.",
  stateInvalid: "Enter a two-letter state code, e.g. CA.",
  roofType: "Roof type",
  roofNeeded: "Choose your roof type.",
  roofOwnerTitle: "Who owns the roof?",
  roofOwnerIntro:
    "This address is a unit in a shared building. Solar panels go on the roof, so whoever owns the roof decides.",
  roofOwnerOwn: "I own the roof or can decide on it (e.g. my own townhouse or condo roof)",
  roofOwnerNotOwned: "Someone else: a landlord, building owner or homeowners' association",
  roofOwnerNeeded: "Tell us who owns the roof.",
  noSystemTitle: "No rooftop system to offer here",
  // A yearly use far beyond a home's (the gate's bound), confirmed by the homeowner: the summary says what its small
  // share means rather than showing it as a home's figures (QA pass 10; as the report and the email say it).
  beyondHomeTitle: "Far more electricity than a home uses",
  beyondHome: (kwh: number, share: string, system: boolean, partner: string) =>
    `This bill shows ${kwh.toLocaleString("en-US")} kWh a year.${
      system
        ? ` The largest system your roof holds would cover only ${share} of it, so the figures below are for that system alone.`
        : ""
    } A use this large is usually that of a business or a whole building: if this bill is not for your home, start again with your home bill; if it is, ask ${partner} for a commercial solar assessment.`,
  // The summary's next step, as the report's "What happens next" says it (shared/savings/report_pdf.ts).
  nextStepTitle: "What happens next",
  nextStep: (partner: string) =>
    `${partner} will contact you to go through these figures, check your roof and give you a firm quote. Nothing is decided until you sign.`,
  nextStepNoSystem: (partner: string) =>
    `${partner} can look at your situation with you and tell you when solar would make sense.`,
  noSystem: {
    roof_not_owned:
      "You told us someone else owns the roof, so we do not propose a rooftop system. Community solar subscriptions, where your state has them, let you save without panels on your roof; your report has the details.",
    below_minimum_size:
      "Your electricity use needs a system under our 2 kW minimum, so we do not propose one. Your report explains why.",
    roof_below_minimum:
      "Your roof has room for fewer panels than our 2 kW minimum, so we do not propose a system. Your report explains why.",
    zero_usage:
      "We did not get any electricity use to size a system from. Your report explains what we need.",
    no_usable_roof:
      "We could not find roof space for panels at this address. Your report explains what we found.",
  } as Record<string, string>,
  mapLabel: (place: string) => `Map of ${place}`,
  located: (lat: number, lon: number) => `Located at ${lat.toFixed(4)}, ${lon.toFixed(4)}`,

  providerTitle: "Who is your electricity provider?",
  providerIntro: "Most likely providers for your ZIP code are listed first.",
  providerNeeded: "Choose your electricity provider.",
  otherProviderName: "Provider name (optional)",

  billTitle: "Upload your electricity bill",
  billIntro:
    "We read your monthly usage from your bill to size your system. A PDF or clear photos of every page work best.",
  dropHere: "Drag and drop your bill here",
  addBill: "Add a PDF or photos of your bill",
  or: "or",
  chooseFiles: "Choose files",
  takePhoto: "Take a photo",
  billTypes: "PDF, PNG or JPG, up to 10 MB each. Several photos are read as one bill.",
  // "Read my bill" with no file chosen (the error used to repeat the hint above, without saying what was wrong)
  noBillChosen:
    "Choose your bill first: a PDF, PNG or JPG file, or photos of each page. No bill at hand? Enter your usage yourself below.",
  uploading: (pct: number) => `Uploading… ${pct}%`,
  reading: "Reading your bill… this can take a few seconds.",
  uploadDone: "Bill read successfully.",
  removeFile: (name: string) => `Remove ${name}`,
  readBill: "Read my bill",
  wrongType: (name: string) => `${name} is not a PDF, PNG or JPG file.`,
  tooBig: (name: string) =>
    `${name} is larger than 10 MB. Choose a smaller file: the bill's PDF, or a photo taken at a lower resolution.`,
  tooMany: "Upload at most 10 files.",
  notABill: "This does not look like an electricity bill. Please upload your electricity bill.",
  passwordProtected:
    "This PDF is protected by a password, so we cannot open it. Please upload a copy without the password, or photos of the bill.",
  // Shown when the reading has no monthly kWh (the widget's upload never answers incomplete_bill: a missing
  // name or address is typed on the check step).
  incompleteBill:
    "We could not read your monthly electricity use (kWh) from this file. Upload every page of your bill or clearer photos, or enter your usage yourself below.",
  billFailed: "We could not read this bill. Please try again or upload a different file.",
  billReadingOff: "Bill reading is not available on this site right now. Enter your usage yourself below.",
  billTooLarge: "These files are too large to send together. Upload fewer pages or smaller photos.",
  usageTitle: "Your monthly electricity use",
  usageIntro: "Check your monthly kWh and correct any month if needed.",
  checkTitle: "Check what we read from your bill",
  checkIntro:
    "Correct anything we got wrong. Lines marked with ! need your attention before we make your report.",
  checkName: "Name on the bill",
  checkNameLabel: "Full name",
  checkAddress: "Service address",
  checkUtility: "Electricity provider",
  checkUtilityLabel: "Provider name",
  checkUtilityFromChoice:
    "Your bill does not name its provider: this is the one you chose for your home. Correct it if your bill comes from another company.",
  checkUsage: "Monthly electricity use (kWh)",
  checkConfirm: "I checked this: it is right as shown",
  checkNeeded: "Please correct or confirm the marked lines.",
  useHomeAddress: (address: string) => `Same as my home: ${address}`,
  checkNotRead: "We could not read this from your bill. Please type it as it appears on your bill.",
  // The service address's parts the reader left empty, named (QA pass 16: "this" under a street that was read).
  checkAddressNotRead: (parts: string[]) =>
    parts.length >= 4
      ? "We could not read the service address from your bill. Please type it as it appears on your bill."
      : `We could not read the ${
        parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`
      } from your bill. Please type ${parts.length > 1 ? "them" : "it"} as ${
        parts.length > 1 ? "they appear" : "it appears"
      } on your bill.`,
  addressParts: { line1: "street address", city: "city", state: "state", zip: "ZIP code" },
  checkNameNeeded: "Type the name on the account.",
  checkMissing: "Please fill in the lines we could not read from your bill.",
  checkReasons: {
    name_not_a_person: "This looks like text printed on the bill, not a person's name.",
    state_mismatch: "This bill seems to be for another state than your home: check its service address.",
    town_mismatch:
      "This service address is in another town than your home: check that the bill is for this home, or upload this home's bill.",
    utility_mismatch:
      "This is not the provider you chose for your home: check which company sends this bill.",
    annual_usage_out_of_range:
      "This yearly total is outside what a home uses (a business or building account?): check it against your bill, or upload your home bill instead.",
    month_usage_out_of_range: "The marked month is more than a home uses in a month: please check it.",
    monthly_shape: "The marked month is far above the others: perhaps a meter reading, not usage.",
    supply_rate_out_of_range: "Parts of this bill did not read cleanly, so please check the numbers.",
    dates_incoherent: "The bill's dates did not read cleanly, so please check the months.",
    date_in_future: "The bill's dates did not read cleanly, so please check the months.",
    low_confidence: "We are not sure we read this correctly.",
    low_confidence_months:
      "We are not sure we read the marked months correctly: please check them against your bill.",
    chart_estimated_months:
      "Your bill shows the marked months only as bars, without figures: we estimated them from the bars' heights. Please check them.",
    other: "Please check this line.",
  },
  usageEstimated: "estimated",
  monthKwh: (m: string) => `${m} usage in kWh`,
  usageInvalid: "Enter a number of kWh between 0 and 1,000,000 for each month.",
  manualInvalid: "Enter your average monthly use in kWh, a number such as 900.",
  noBill: "No bill at hand? Enter your usage yourself",
  otherBill: "Upload a different bill",
  // Usage typed by hand: there was no bill to replace.
  billInstead: "Upload a bill instead",
  annualTotal: (kwh: number) => `${kwh.toLocaleString("en-US")} kWh a year`,
  manualUsage: "Average monthly use (kWh)",
  manualHint: "Find it on any bill, or use 900 kWh as a typical US home.",
  billFrom: (utility: string) => `Bill from ${utility}`,

  contactTitle: "Where should we send your report?",
  contactIntro: "Your personalized savings report is emailed to you.",
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone (optional)",
  emailInvalid: "Enter a valid email address.",
  phoneInvalid: "Enter a phone number with its area code, e.g. (480) 555-0199, or leave it empty.",
  nameNeeded: "Enter your first name.",
  filesLabel: "Selected files",
  monthHeader: "Month",
  kwhHeader: "kWh",
  thisInstaller: "this installer",
  consent: (partner: string) =>
    `I agree that ${partner} may contact me about solar for this home by email or phone. I can withdraw at any time.`,
  consentNeeded: "Please agree so we can send your report.",
  getReport: "Get my savings report",
  creating: "Calculating your savings…",

  summaryTitle: "Your solar savings estimate",
  reportSent: (email: string) => `Your full report is on its way to ${email}.`,
  systemSize: "System size",
  systemCost: "System cost",
  // the federal credit depends on the date and the offer (shared/savings/credit.ts): say whether one was taken off,
  // as the email and the PDF do
  netCost: (
    federalCredit: number,
  ) => (federalCredit > 0 ? "Net cost after the federal tax credit" : "Net cost (no federal credit)"),
  payback: "Payback",
  // the savings grow with the electricity price: the email and the PDF say "First-year savings", so does the widget
  annualSavings: "First-year savings",
  covers: "Share of your use",
  coverage: (pct: number) => (pct > 0 && pct < 0.5 ? "<1%" : `${Math.round(pct)}%`),
  years: (n: number) => `${n.toFixed(1)} years`,
  kw: (n: number) => `${n.toFixed(1)} kW`,
  usageChart: "Monthly electricity use (kWh)",
  chartSummary: (annual: number) => `Annual use ${annual.toLocaleString("en-US")} kWh.`,
  chartEstimated: (n: number) =>
    n >= 12
      ? "Every month is estimated."
      : `Lighter bars: ${n === 1 ? "one month" : `${n} months`} estimated.`,
  startOver: "Start a new estimate",

  exitTitle: "We're not in your area yet",
  exitText: (state: string | null) =>
    `We don't install solar in ${
      state ?? "your area"
    } yet. Leave your name and email and we'll let you know as soon as we do.`,
  exitConsent: (partner: string) =>
    `I agree that ${partner} may email me when it installs solar in my area. I can withdraw at any time.`,
  exitConsentNeeded: "Please agree so we can let you know when we install in your area.",
  exitSubmit: "Keep me posted",
  exitThanks: "Thank you! We'll be in touch.",
  exitThanksText:
    "We saved your details and will email you when solar installation is available at your address.",

  months: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  monthsShort: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  money: (n: number) =>
    n.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }),
};
