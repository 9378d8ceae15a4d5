import type { Sql } from "../db/client.ts";
import { subscriptionInactive } from "./errors.ts";

/** 400 Subscription inactive unless the organisation's utility-bill subscription is active today. */
export async function assertSubscriptionActive(sql: Sql, orgId: string | null): Promise<void> {
  if (!orgId) throw subscriptionInactive("the caller belongs to no organization");
  const [row] = await sql`select public.bill_subscription_active(${orgId}::uuid) as active,
    (select ends_on from public.bill_subscriptions where organization_id = ${orgId}::uuid) as ends_on`;
  if (!row.active) {
    throw subscriptionInactive(
      row.ends_on
        ? `the utility-bill subscription ended on ${new Date(row.ends_on).toISOString().slice(0, 10)}`
        : "the organization has no active utility-bill subscription",
    );
  }
}

/** Creates or renews an organisation's subscription (seed, admin tooling, tests). */
export async function upsertSubscription(
  sql: Sql,
  orgId: string,
  opts: { status?: string; startsOn?: string; endsOn?: string | null } = {},
): Promise<void> {
  await sql`insert into public.bill_subscriptions (organization_id, status, starts_on, ends_on)
    values (${orgId}, ${opts.status ?? "active"}, coalesce(${opts.startsOn ?? null}::date, current_date), ${
    opts.endsOn ?? null
  }::date)
    on conflict (organization_id) do update set status = excluded.status, starts_on = excluded.starts_on,
      ends_on = excluded.ends_on, updated_at = now()`;
}
