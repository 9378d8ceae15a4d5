import type { StackExtension } from "../extension.ts";
import { upsertSubscription } from "../../bills/subscription.ts";

export const extension: StackExtension = {
  name: "bills",
  // The demo partner may extract bills: an open-ended active subscription (kept if one exists).
  seed: async (p, demo) => {
    const [row] = await p.sql`select 1 from public.bill_subscriptions where organization_id = ${demo.orgId}`;
    if (!row) await upsertSubscription(p.sql, demo.orgId);
  },
};
