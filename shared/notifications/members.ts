// A job's or an invoice's email goes to members of its organization only (docs/security.md, pass 15). The database
// refuses assigning a non-member (migration 20261205150000) and clears a leaver's assignments, but an event published
// before a user left, or one naming its recipients in `recipient_ids`, is decided here, when it is sent, from the
// user's organization in the push's one read.
import type { PreparedEvent } from "./handlers.ts";
import type { KnownUser } from "./push_known.ts";

/** The reason a recipient gets none of this event's email, or null when they may. */
export function outsiderReason(prepared: PreparedEvent, user: KnownUser | undefined): string | null {
  if (!prepared.organizationId || !user) return null;
  return user.organization_id === prepared.organizationId
    ? null
    : `recipient ${user.id} is not a member of the record's organization`;
}
