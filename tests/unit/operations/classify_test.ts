import assert from "node:assert/strict";
import { classify } from "../../../shared/email-agent/classify.ts";
import { mailHints } from "../../../shared/email-agent/hints.ts";
import { normalizeStreet } from "../../../shared/email-agent/link.ts";

const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n");

Deno.test("classify: a bill PDF with billing wording is a utility bill", () => {
  const c = classify({
    subject: "Your FPL bill is attached",
    text: "Amount due $123.45",
    attachments: [{ filename: "bill.pdf", contentType: "application/pdf", content: pdf }],
  });
  assert.equal(c.category, "utility_bill");
  assert.deepEqual(c.billAttachments, [0]);
});

Deno.test("classify: file type comes from the bytes, not the name", () => {
  const fake = classify({
    subject: "Your bill",
    text: "statement",
    attachments: [{
      filename: "bill.pdf",
      contentType: "application/pdf",
      content: new TextEncoder().encode("MZ not a pdf"),
    }],
  });
  assert.deepEqual(fake.billAttachments, []);
  assert.notEqual(fake.category, "utility_bill");
});

Deno.test("classify: past-due notices and payment confirmations win over an attached bill", () => {
  assert.equal(
    classify({
      subject: "FINAL NOTICE: account past due",
      text: "",
      attachments: [{ filename: "b.pdf", contentType: "application/pdf", content: pdf }],
    }).category,
    "past_due_notice",
  );
  assert.equal(
    classify({
      subject: "Thank you for your payment",
      text: "We received your payment of $80.00",
      attachments: [],
    }).category,
    "payment_confirmation",
  );
});

Deno.test("classify: a 'your bill is ready' email without attachment is a billing statement; newsletters are other", () => {
  assert.equal(
    classify({ subject: "Your electric bill is ready", text: "View your bill online.", attachments: [] })
      .category,
    "billing_statement",
  );
  const other = classify({
    subject: "Lunch on Friday?",
    text: "See you at noon",
    attachments: [{ filename: "menu.pdf", contentType: "application/pdf", content: pdf }],
  });
  assert.equal(other.category, "other");
  assert.deepEqual(other.billAttachments, []);
});

Deno.test("mailHints reads account number, amount due, due date and service address", () => {
  const h = mailHints(
    "Account Number: 4455-6677-88\nAmount due: $1,234.56\nDue date: Dec 15, 2026\nService address: 123 Main Street, Austin, TX 78701",
  );
  assert.equal(h.accountNumber, "4455667788");
  assert.equal(h.amountDue, "1234.56");
  assert.equal(h.dueDate, "Dec 15, 2026");
  assert.deepEqual(h.serviceAddress, { line1: "123 Main Street", city: "Austin", state: "TX", zip: "78701" });
  assert.deepEqual(mailHints("hello"), {
    accountNumber: null,
    amountDue: null,
    dueDate: null,
    serviceAddress: null,
  });
});

Deno.test("normalizeStreet makes common spellings of one address equal", () => {
  assert.equal(normalizeStreet("123 Main Street, Apt. 4"), normalizeStreet("123 MAIN ST APT 4"));
  assert.notEqual(normalizeStreet("123 Main St"), normalizeStreet("125 Main St"));
});
