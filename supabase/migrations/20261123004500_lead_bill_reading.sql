-- What the bill reader read for a lead and what the homeowner corrected on the widget's confirm step
-- (issue 11 §2), so the partner sees both. Written by process-widget-savings-info; covered by the leads
-- table's existing RLS policy (the partner's own organisation) and grants.
--   bill_reading:     {transactionId, read: {customerName, serviceAddress, utilityProviderName, usageByMonth,
--                      annualKwh, supplyRatePerKwh, marketState, billingPeriodEnd, invoiceDate, dueDate} | null,
--                      checks: [{code, field, group, message}], needsConfirmation: [group], confirmed: [group], checkedAt}
--   bill_corrections: {<group>: {read, corrected}} for group in name, address, utility, usage ({} when nothing changed)
alter table public.leads add column bill_reading jsonb;
alter table public.leads add column bill_corrections jsonb;
comment on column public.leads.bill_reading is 'What the bill reader read, the plausibility checks that failed, and what the homeowner confirmed';
comment on column public.leads.bill_corrections is 'Per confirm-step line (name, address, utility, usage): the value read and the homeowner''s correction';
