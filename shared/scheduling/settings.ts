import type { Sql } from "../db/client.ts";

export interface SchedulingSettings {
  timezone: string;
  slotMinutes: number;
}

/** The organisation's scheduling settings, or the defaults of the table when it has no row. */
export async function schedulingSettings(sql: Sql, orgId: string): Promise<SchedulingSettings> {
  const rows =
    await sql`select timezone, slot_minutes from public.scheduling_settings where organization_id = ${orgId}`;
  if (!rows.length) return { timezone: "America/New_York", slotMinutes: 120 };
  return { timezone: rows[0].timezone as string, slotMinutes: rows[0].slot_minutes as number };
}

/** True when `tz` is an IANA time zone name the runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** "2026-11-23T08:00" — the wall-clock time of `d` in `tz`. */
export function localTime(d: Date, tz: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: tz,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(d).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
