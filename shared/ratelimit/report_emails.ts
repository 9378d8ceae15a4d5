// Savings reports a partner's own staff have emailed, bounded per PARTNER (security pass 14). The public widget token's
// report emails are bounded per recipient (recipient.ts) and per address; a signed-in partner_admin or partner_user had
// no bound at all: `POST /savings-insight-service/savings-insight-report` (or the widget's
// `process-widget-savings-info` with a staff token) emails a partner-branded report, from the sender every partner's
// emails depend on, to any address the caller names. Now at most RATE_LIMIT_STAFF_REPORT_EMAILS_PER_ORG of them per
// partner in RATE_LIMIT_RECIPIENT_WINDOW_SECONDS (a day; 0 turns it off), all of the partner's people sharing the count.
// The routes count a request before the report is made, so a request refused later still counts (a bound on what may
// be asked, never more emails than it says). The platform's own `service` role is not counted.
import type { Sql } from "../db/client.ts";
import { DomainError } from "../errors.ts";
import type { RateLimitPolicy } from "./policy.ts";
import { hit } from "./counter.ts";

/** The counters' key prefix: kept for the day-long window by pruneCounters (counter.ts). */
export const REPORT_EMAIL_PREFIX = "report-email:";

const STAFF = new Set(["partner_admin", "partner_user"]);

export class ReportEmailLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      "rate_limited",
      "report_email_limit",
      `Your organization has sent the most savings report emails allowed for today; try again in ${
        Math.ceil(retryAfterSeconds / 3600)
      } hour(s)`,
    );
  }
}

/**
 * Counts one savings report email a partner's staff member asks for; throws ReportEmailLimitedError (429 with
 * Retry-After) over the partner's limit. A widget token (bounded elsewhere) or another role is not counted.
 */
export async function countStaffReportEmail(
  sql: Sql,
  policy: RateLimitPolicy,
  caller: { role?: string | null; orgId?: string | null },
): Promise<void> {
  if (!caller.role || !STAFF.has(caller.role) || !caller.orgId) return;
  const max = policy.staffReportEmailsPerOrg.max;
  if (max <= 0) return;
  const verdict = await hit(
    sql,
    [{ key: `${REPORT_EMAIL_PREFIX}org:${caller.orgId}`, max }],
    policy.recipientWindowSeconds,
  );
  if (!verdict.allowed) throw new ReportEmailLimitedError(verdict.retryAfterSeconds);
}
