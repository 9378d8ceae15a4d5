// The event envelope (SPEC: Event envelope) and its validation, shared by publishers and the push handler.
import { z } from "zod";
import { EVENT_TYPES } from "./catalogue.ts";
import { inspectJsonText } from "../validation/json_guard.ts";

export const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// ISO 8601 in UTC: a "Z" or "+00:00" offset.
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|\+00:00)$/;
// tried only from the start of a run of address characters (the same answer, linear: from every character a
// 16 KB word without "@" was scanned 8 million times)
const EMAIL_LIKE = /(?<![^\s@<>"'])[^\s@<>"']+@[^\s@<>"']+\.[a-z]{2,}/i;
// Keys that name personal data: envelopes carry identifiers only, the service looks people up itself.
const PERSONAL_KEY =
  /(^|_)(email|e_mail|name|first_name|last_name|full_name|phone|address|street|ssn|birth|dob)$/i;

export const MAX_PAYLOAD_BYTES = 16 * 1024;

/** Finds the first value that looks like personal data; returns its path, or null when clean. */
export function findPersonalData(value: unknown, path = "payload"): string | null {
  if (typeof value === "string") return EMAIL_LIKE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findPersonalData(value[i], `${path}[${i}]`);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (PERSONAL_KEY.test(k)) return `${path}.${k}`;
      const hit = findPersonalData(v, `${path}.${k}`);
      if (hit) return hit;
    }
  }
  return null;
}

export const IDENTIFIER = /^[A-Za-z0-9._-]+$/;
export const SLUG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const uuid = z.string().regex(UUID, "must be a uuid");

// created_at is range-checked: a year-0000 or far-future date is a malformed envelope, not a time to
// derive ids or queries from.
export const EARLIEST = Date.parse("2000-01-01T00:00:00Z");
export const LATEST = Date.parse("2100-01-01T00:00:00Z");
export const MAX_PAYLOAD_DEPTH = 8;

export const payloadSchema = z.looseObject({
  job_id: z.string().min(1).max(64).regex(IDENTIFIER, "must be an identifier").optional(),
  invoice_id: z.string().min(1).max(64).regex(IDENTIFIER, "must be an identifier").optional(),
  actor_id: uuid.optional(),
  recipient_ids: z.array(uuid).min(1).max(100).optional(),
  old_status: z.string().max(40).optional(),
  new_status: z.string().max(40).optional(),
  inviter_id: uuid.optional(),
  invite_url: z.url({ protocol: /^https?$/ }).max(2048).optional(),
  reset_url: z.url({ protocol: /^https?$/ }).max(2048).optional(),
  expires_in: z.string().max(40).optional(),
}).superRefine((p, ctx) => {
  // NUL / unpaired surrogates (PostgreSQL refuses them) and deep nesting first, before walking the payload.
  const problem = inspectJsonText(JSON.stringify(p), MAX_PAYLOAD_DEPTH);
  if (problem) {
    ctx.addIssue({ code: "custom", message: problem.message.replace("Request body", "payload") });
    return;
  }
  const hit = findPersonalData(p);
  if (hit) {
    ctx.addIssue({
      code: "custom",
      message: `${hit} looks like personal data; payloads carry identifiers only`,
    });
  }
  if (new TextEncoder().encode(JSON.stringify(p)).length > MAX_PAYLOAD_BYTES) {
    ctx.addIssue({ code: "custom", message: `payload is larger than ${MAX_PAYLOAD_BYTES} bytes` });
  }
});

export const envelopeSchema = z.strictObject({
  event_id: z.string().regex(ULID, "must be a ULID"),
  event_type: z.enum(EVENT_TYPES, { message: "must be an event type of the catalog" }),
  source: z.string().regex(SLUG, "must be a slug").max(64),
  created_at: z.string().regex(ISO_UTC, "must be an ISO 8601 UTC timestamp").refine(
    (s) => !Number.isNaN(Date.parse(s)),
    "must be a real date",
  )
    .refine((s) => Date.parse(s) >= EARLIEST && Date.parse(s) < LATEST, "must be between 2000 and 2100"),
  payload: payloadSchema,
});

export type EventEnvelope = z.infer<typeof envelopeSchema>;
export type EventPayload = EventEnvelope["payload"];

export class InvalidEnvelopeError extends Error {}

/** Validates an envelope, throwing InvalidEnvelopeError naming every failing field. */
export function parseEnvelope(value: unknown): EventEnvelope {
  const r = envelopeSchema.safeParse(value);
  if (r.success) return r.data;
  throw new InvalidEnvelopeError(
    "malformed envelope: " +
      r.error.issues.map((i) => `${i.path.join(".") || "envelope"}: ${i.message}`).join("; "),
  );
}
