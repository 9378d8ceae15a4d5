import { errorText, log } from "../log.ts";
import type { Platform } from "../platform.ts";
import { inbox } from "../inbox/index.ts";
import { objectStore } from "../storage/index.ts";
import { classify } from "./classify.ts";
import { mailHints } from "./hints.ts";
import { findCustomer } from "./link.ts";
import { type ParsedMail, parseMail, sha256Hex } from "./parse.ts";
import { inboxRouting, routeToOrganization } from "./route.ts";
import { startBillHandoff } from "./bill_handoff.ts";
import { billDocumentFiles } from "./bill_files.ts";
import { mimeTypes, sniffFileType } from "../documents/sniff.ts";
import { billLimits } from "../bills/limits.ts";
import { scheduleTracking } from "./queues.ts";

export const ATTACHMENT_BUCKET = "email-attachments";
const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

export interface CheckResult {
  inbox: string;
  fetched: number;
  recorded: number;
  duplicates: number;
  billing: number;
  extractionsStarted: number;
  /** Ids of the email_messages rows recorded by this check. */
  messageIds: string[];
  /** Every message this check fetched, recorded or duplicate: what a partner's own counts are taken from. */
  outcomes: RecordOutcome[];
}

/**
 * Fetches new messages from the configured inbox and records each once (Message-ID is unique): classified,
 * routed to a partner, bill attachments stored and handed to the async bill extraction, and linked to a
 * customer from what the text says. A message is marked seen in the inbox only after it was recorded.
 */
export async function checkInbox(p: Platform, opts: { limit?: number } = {}): Promise<CheckResult> {
  const box = inbox(p);
  const result: CheckResult = {
    inbox: box.name,
    fetched: 0,
    recorded: 0,
    duplicates: 0,
    billing: 0,
    extractionsStarted: 0,
    messageIds: [],
    outcomes: [],
  };
  result.fetched = await box.receive(opts.limit ?? 50, async (m) => {
    const outcome = await recordMessage(p, box.name, m.raw, m.oversized).catch(async (e) => {
      // A value the database refuses (SQLSTATE class 22) fails the same way at every check: recorded as failed,
      // once, so that one stranger's message cannot hold back the inbox (the next ones were never read).
      const { name, code } = e as { name?: string; code?: unknown };
      if (name !== "PostgresError" || typeof code !== "string" || !code.startsWith("22")) throw e;
      const id = `<sha256-${await sha256Hex(m.raw)}@generated.local>`;
      return await recordFailure(p, box.name, id, `The message could not be stored (SQLSTATE ${code})`);
    });
    result.outcomes.push(outcome);
    if (outcome.duplicate) result.duplicates++;
    else {
      result.recorded++;
      result.messageIds.push(outcome.id);
      if (outcome.billing) result.billing++;
      if (outcome.extractionStarted) result.extractionsStarted++;
    }
  });
  log(result.fetched ? "info" : "debug", "inbox checked", {
    ...result,
    messageIds: undefined,
    outcomes: undefined,
  });
  return result;
}

export interface RecordOutcome {
  id: string;
  duplicate: boolean;
  billing: boolean;
  extractionStarted: boolean;
}

export async function recordMessage(
  p: Platform,
  inboxName: string,
  raw: Uint8Array,
  oversized?: number,
): Promise<RecordOutcome> {
  let mail;
  try {
    mail = await parseMail(raw);
  } catch (e) {
    // Unreadable MIME must not block the inbox: it is recorded as failed, once.
    return await recordFailure(
      p,
      inboxName,
      `<sha256-${await sha256Hex(raw)}@generated.local>`,
      `The message could not be parsed: ${errorText(e)}`,
    );
  }
  const [seen] = await p.sql`select id from public.email_messages where message_id = ${mail.messageId}`;
  if (seen) return { id: seen.id as string, duplicate: true, billing: false, extractionStarted: false };
  if (oversized) {
    return await recordFailure(
      p,
      inboxName,
      mail.messageId,
      `The message is ${oversized} bytes, over the inbox size limit; it was not downloaded`,
      mail,
    );
  }

  const c = classify({
    subject: mail.subject,
    text: mail.text,
    from: mail.from.address,
    attachments: mail.attachments,
  });
  const hints = mailHints(`${mail.subject}\n${mail.text}`);
  let orgId = await routeToOrganization(p.sql, mail.to, inboxRouting(p).defaultOrgSlug);
  const match = c.category === "other"
    ? null
    : await findCustomer(p.sql, orgId, { accountNumber: hints.accountNumber, address: hints.serviceAddress });
  orgId ??= match?.organizationId ?? null;

  const key = (await sha256Hex(mail.messageId)).slice(0, 24);
  const attachments = [];
  for (const [i, a] of mail.attachments.entries()) {
    const keep = c.billAttachments.includes(i) && a.content.length <= MAX_ATTACHMENT_BYTES;
    const path = keep ? `${orgId ?? "unrouted"}/${key}/${i + 1}-${safeName(a.filename)}` : null;
    // Kept under the type its bytes have (a kept attachment is a PDF or an image by its bytes), never the sender's
    // word: `text/html` around a "%PDF-" was stored and served as HTML (security pass 9).
    const kind = sniffFileType(a.content);
    if (path) {
      await objectStore(p).put(
        ATTACHMENT_BUCKET,
        path,
        a.content,
        kind ? mimeTypes[kind] : "application/octet-stream",
      );
    }
    attachments.push({
      filename: a.filename,
      contentType: a.contentType,
      size: a.content.length,
      storagePath: path,
      bill: c.billAttachments.includes(i),
      kind,
      related: a.related === true,
      extracted: false,
    });
  }
  // One bill per message: its first PDF, or its photographed pages as one document.
  const billFiles = c.category !== "other" && orgId
    ? billDocumentFiles(attachments, billLimits(p).maxFiles)
    : [];
  for (const a of billFiles) a.extracted = true;

  const status = c.category === "other" ? "ignored" : match ? "linked" : "unmatched";
  const [row] = await p.sql`insert into public.email_messages
      (organization_id, message_id, inbox, from_address, from_name, to_addresses, subject, sent_at, category, classification_reasons,
       status, account_number, service_address, amount_due, due_date, property_id, contact_id, linked_by, attachments, body_excerpt)
    values (${orgId}, ${mail.messageId}, ${inboxName}, ${mail.from.address}, ${mail.from.name}, ${mail.to}, ${
    mail.subject.slice(0, 998)
  },
            ${mail.date}, ${c.category}, ${c.reasons}, ${status}, ${hints.accountNumber}, ${
    hints.serviceAddress ? p.sql.json(hints.serviceAddress) : null
  },
            ${hints.amountDue}, ${hints.dueDate}, ${match?.propertyId ?? null}, ${
    match?.contactId ?? null
  }, ${match?.by ?? null},
            ${p.sql.json(attachments)}, ${mail.text.slice(0, 500)})
    on conflict (message_id) do nothing
    returning id`;
  if (!row) return { id: "", duplicate: true, billing: false, extractionStarted: false };

  let extractionStarted = false;
  if (billFiles.length && orgId) {
    const paths = billFiles.map((a) => `${ATTACHMENT_BUCKET}/${a.storagePath}`);
    extractionStarted = await handOff(p, row.id as string, orgId, paths, mail.from.address);
  }
  return { id: row.id as string, duplicate: false, billing: c.category !== "other", extractionStarted };
}

async function handOff(
  p: Platform,
  messageRowId: string,
  orgId: string,
  objectPaths: string[],
  sender: string | null,
): Promise<boolean> {
  try {
    const transactionId = await startBillHandoff(p, { orgId, objectPaths, externalId: sender ?? undefined });
    await p
      .sql`update public.email_messages set bill_transaction_id = ${transactionId}, status = 'extracting', updated_at = now()
      where id = ${messageRowId}`;
    await scheduleTracking(p, messageRowId);
    return true;
  } catch (e) {
    // Recorded anyway: the attachment is stored and the message can be re-submitted from the tracking list.
    log("error", "bill hand-off failed", { message: messageRowId, error: errorText(e) });
    await p.sql`update public.email_messages set status = 'failed', error = ${
      "Bill extraction could not be started: " + errorText(e)
    }, updated_at = now()
      where id = ${messageRowId}`;
    return false;
  }
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^\.+/, "").slice(0, 100) || "attachment";
}

async function recordFailure(
  p: Platform,
  inboxName: string,
  messageId: string,
  error: string,
  mail?: ParsedMail,
): Promise<RecordOutcome> {
  const orgId = mail ? await routeToOrganization(p.sql, mail.to, inboxRouting(p).defaultOrgSlug) : null;
  const [row] = await p
    .sql`insert into public.email_messages (organization_id, message_id, inbox, from_address, to_addresses, subject, category, status, error)
    values (${orgId}, ${messageId}, ${inboxName}, ${mail?.from.address ?? null}, ${mail?.to ?? []}, ${
    (mail?.subject ?? "").slice(0, 998)
  }, 'other', 'failed', ${error})
    on conflict (message_id) do nothing returning id`;
  log("warn", "inbox message recorded as failed", { messageId, error });
  return row
    ? { id: row.id as string, duplicate: false, billing: false, extractionStarted: false }
    : { id: "", duplicate: true, billing: false, extractionStarted: false };
}
