// Per-user opt-outs (SPEC: user_notification_preference): a missing row means opted in.
import type { Sql } from "../db/client.ts";
import { EVENT_TYPES } from "../events/catalogue.ts";

export interface PreferenceRow {
  id: string;
  user_id: string;
  event_type: string;
  email_enabled: boolean;
  updated_at: Date;
}

/** The users table is the portal's record of who exists; preferences of anyone else are refused (404). */
export async function userExists(sql: Sql, userId: string): Promise<boolean> {
  const rows = await sql`select 1 from public.users where id = ${userId}`;
  return rows.length > 0;
}

export async function preferencesOf(sql: Sql, userId: string) {
  const rows =
    await sql`select id, user_id, event_type, email_enabled, updated_at from public.user_notification_preference
    where user_id = ${userId} order by event_type`;
  const byType = new Map(rows.map((r) => [r.event_type as string, r.email_enabled as boolean]));
  return {
    user_id: userId,
    preferences: rows as unknown as PreferenceRow[],
    // What will happen: auth.* emails are always sent (SPEC Authentication 7), whatever a row says.
    effective: Object.fromEntries(
      EVENT_TYPES.map((t) => [t, t.startsWith("auth.") || (byType.get(t) ?? true)]),
    ) as Record<string, boolean>,
  };
}

export async function setPreference(
  sql: Sql,
  userId: string,
  eventType: string,
  enabled: boolean,
): Promise<PreferenceRow> {
  const [row] = await sql`insert into public.user_notification_preference (user_id, event_type, email_enabled)
    values (${userId}, ${eventType}, ${enabled})
    on conflict (user_id, event_type) do update set email_enabled = excluded.email_enabled, updated_at = now()
    returning id, user_id, event_type, email_enabled, updated_at`;
  return row as unknown as PreferenceRow;
}
