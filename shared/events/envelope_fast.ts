// The push path's envelope check without zod for the usual envelope (issue 16, push5): zod's parse was ~60 %
// of decoding a push (≈20–30 µs of a push's ≈220 µs of Deno CPU under load). `fastEnvelope` checks the same
// rules as envelopeSchema (envelope.ts) for an envelope whose payload carries only identifiers and statuses
// (job_id, invoice_id, actor_id, recipient_ids, old_status, new_status, inviter_id, expires_in) and answers
// what zod's parse answers for it: new objects, keys in the schema's order. Anything else (a URL field, a key
// the schema does not name, any rule broken) gives undefined, and the caller parses with zod (parseEnvelope),
// which accepts or names the problem as before.
import { EVENT_TYPES } from "./catalogue.ts";
import {
  EARLIEST,
  type EventEnvelope,
  findPersonalData,
  IDENTIFIER,
  ISO_UTC,
  LATEST,
  MAX_PAYLOAD_BYTES,
  MAX_PAYLOAD_DEPTH,
  SLUG,
  ULID,
  UUID,
} from "./envelope.ts";
import { inspectJsonText } from "../validation/json_guard.ts";

const ENVELOPE_KEYS = ["event_id", "event_type", "source", "created_at", "payload"];
const eventTypes: ReadonlySet<unknown> = new Set(EVENT_TYPES);
const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number, re?: RegExp): v is string =>
  typeof v === "string" && v.length <= max && (!re || re.test(v));
const uuid = (v: unknown) => typeof v === "string" && UUID.test(v);

// The payload's fields in the schema's order, each with its rule.
const PAYLOAD: [string, (v: unknown) => boolean][] = [
  ["job_id", (v) => str(v, 64, IDENTIFIER)],
  ["invoice_id", (v) => str(v, 64, IDENTIFIER)],
  ["actor_id", uuid],
  ["recipient_ids", (v) => Array.isArray(v) && v.length >= 1 && v.length <= 100 && v.every(uuid)],
  ["old_status", (v) => str(v, 40)],
  ["new_status", (v) => str(v, 40)],
  ["inviter_id", uuid],
  ["expires_in", (v) => str(v, 40)],
];
const PAYLOAD_KEYS = new Set(PAYLOAD.map(([k]) => k));

/** What envelopeSchema.parse gives for `value`, when the fast check covers it; otherwise undefined. */
export function fastEnvelope(value: unknown): EventEnvelope | undefined {
  if (!isPlain(value)) return;
  let n = 0;
  for (const k in value) {
    if (!ENVELOPE_KEYS.includes(k)) return;
    n++;
  }
  if (n !== ENVELOPE_KEYS.length) return;
  const { event_id, event_type, source, created_at, payload } = value;
  if (!str(event_id, Infinity, ULID) || !eventTypes.has(event_type) || !str(source, 64, SLUG)) return;
  if (!str(created_at, Infinity, ISO_UTC)) return;
  const at = Date.parse(created_at);
  if (Number.isNaN(at) || at < EARLIEST || at >= LATEST) return;
  if (!isPlain(payload)) return;
  for (const k in payload) if (!PAYLOAD_KEYS.has(k) || payload[k] === undefined) return;
  const out: Record<string, unknown> = {};
  for (const [k, ok] of PAYLOAD) {
    if (!(k in payload)) continue;
    const v = payload[k];
    if (!ok(v)) return;
    out[k] = Array.isArray(v) ? [...v] : v;
  }
  // The payload's refinements, as envelopeSchema runs them.
  const text = JSON.stringify(out);
  if (inspectJsonText(text, MAX_PAYLOAD_DEPTH) || findPersonalData(out)) return;
  if (text.length * 3 > MAX_PAYLOAD_BYTES && new TextEncoder().encode(text).length > MAX_PAYLOAD_BYTES) {
    return;
  }
  return { event_id, event_type, source, created_at, payload: out } as EventEnvelope;
}
