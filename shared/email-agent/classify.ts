import { sniffFileType } from "../documents/sniff.ts";

export type Category =
  | "utility_bill"
  | "billing_statement"
  | "payment_confirmation"
  | "past_due_notice"
  | "other";

export interface ClassifyInput {
  subject: string;
  text: string;
  from?: string | null;
  attachments: { filename: string; contentType: string; content?: Uint8Array }[];
}

export interface Classification {
  category: Category;
  reasons: string[];
  /** Attachments that may be a bill (PDF, PNG, JPEG by their bytes or, lacking bytes, by type and name). */
  billAttachments: number[];
}

const PAST_DUE =
  /\b(past[- ]due|overdue|final notice|disconnect(ion)?|shut[- ]?off|service interruption|late (payment|fee)|delinquent)\b/i;
const PAYMENT =
  /\b(payment (received|confirmation|confirmed|processed|successful)|thank you for your payment|we (have )?received your payment|autopay (payment )?(processed|scheduled)|payment receipt)\b/i;
const BILL_WORDS =
  /\b(bill|billing|statement|invoice|amount due|balance due|due date|kwh|kilowatt|electric(ity)?|energy|utility|meter|account (number|no|#))\b/i;
const UTILITY_WORDS =
  /\b(electric(ity)?|energy|power|utility|kwh|kilowatt|gas (and|&) electric|edison|light (and|&) power)\b/i;
const BILL_READY =
  /\b(your (\w+ )?(bill|statement) is (ready|available)|billing statement|new (bill|statement)|e-?bill|paperless bill|view your (bill|statement))\b/i;

function billLike(a: { filename: string; contentType: string; content?: Uint8Array }): boolean {
  if (a.content) return sniffFileType(a.content) !== null;
  return /^(application\/pdf|image\/(png|jpe?g))$/i.test(a.contentType) ||
    /\.(pdf|png|jpe?g)$/i.test(a.filename);
}

/**
 * Rule-based classification of billing mail. Order matters: a past-due notice or a payment confirmation
 * is that even with a bill attached (its attachments are still handed to extraction).
 */
export function classify(m: ClassifyInput): Classification {
  const head = `${m.subject}\n${m.text.slice(0, 20_000)}`;
  const names = m.attachments.map((a) => a.filename).join(" ");
  const billAttachments = m.attachments.map((a, i) => (billLike(a) ? i : -1)).filter((i) => i >= 0);
  const reasons: string[] = [];
  const billingContext = BILL_WORDS.test(head) || BILL_WORDS.test(names) || UTILITY_WORDS.test(m.from ?? "");
  if (PAST_DUE.test(head)) {
    reasons.push(`past-due wording: "${head.match(PAST_DUE)![0]}"`);
    return { category: "past_due_notice", reasons, billAttachments };
  }
  if (PAYMENT.test(head)) {
    reasons.push(`payment wording: "${head.match(PAYMENT)![0]}"`);
    return { category: "payment_confirmation", reasons, billAttachments };
  }
  if (billAttachments.length && billingContext) {
    reasons.push(
      `${billAttachments.length} PDF/image attachment(s)`,
      "billing wording in subject, body or file name",
    );
    return { category: "utility_bill", reasons, billAttachments };
  }
  if (BILL_READY.test(head) || (BILL_WORDS.test(head) && UTILITY_WORDS.test(head))) {
    reasons.push(`statement wording: "${(head.match(BILL_READY) ?? head.match(BILL_WORDS))![0]}"`);
    return { category: "billing_statement", reasons, billAttachments };
  }
  return { category: "other", reasons: ["no billing wording"], billAttachments: [] };
}
