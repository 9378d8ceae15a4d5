// Rate limits of the public surface (issue 12): sign-in per address, and everything a partner's public
// widget token can call, per partner (the token) and per address. Every figure is an environment
// variable (README "Rate limits"); a value of 0 turns that limit off.
import { envInt, envOptional, type EnvSource } from "../config.ts";

/** Public mailbox providers (RATE_LIMIT_HOLD_DOMAIN_EXEMPT replaces the list): each mailbox is someone's own. */
export const PUBLIC_MAILBOX_DOMAINS = [
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "ymail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "mail.com",
  "zoho.com",
  "comcast.net",
  "att.net",
  "verizon.net",
  "sbcglobal.net",
  "bellsouth.net",
  "charter.net",
  "cox.net",
];

function domainList(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  return text.split(",").map((d) => d.trim().toLowerCase().replace(/\.$/, "")).filter(Boolean);
}
import { type Platform, provide } from "../platform.ts";

export interface Limit {
  /** Requests allowed per window; 0 = unlimited. */
  max: number;
}

export interface RateLimitPolicy {
  windowSeconds: number;
  signinPerIp: Limit;
  refreshPerIp: Limit;
  invitationsPerIp: Limit;
  widgetPerOrg: Limit;
  widgetPerIp: Limit;
  lookupPerOrg: Limit;
  lookupPerIp: Limit;
  leadsPerOrg: Limit;
  leadsPerIp: Limit;
  reportsPerOrg: Limit;
  reportsPerIp: Limit;
  documentsPerOrg: Limit;
  documentsPerIp: Limit;
  /** Savings-report emails one address may be sent on a widget token's request, per recipient window. */
  reportsPerRecipient: Limit;
  recipientWindowSeconds: number;
  /** Properties a widget token may create, per partner and per address, per `propertiesWindowSeconds` (an hour):
   * the document quota is per property, so property creation bounds a widget token's uploads (security pass 6). */
  propertiesPerOrg: Limit;
  propertiesPerIp: Limit;
  propertiesWindowSeconds: number;
  /** Booking-confirmation emails a widget token may have sent, per partner, to one email domain (a catch-all domain
   * gives a bot any number of mailboxes) and in all, per `recipientWindowSeconds` (pass 8; hold_domain.ts). */
  holdsPerDomain: Limit;
  holdsPerOrgDay: Limit;
  /** Domains not counted per domain: public mailbox providers, where one sender cannot own every mailbox. */
  holdDomainExempt: string[];
  /** `POST /email-agent/check-inbox` by partner admins, per partner and by all partners together (security pass 12):
   * each check fetches up to 200 messages of the platform's shared inbox and starts their bill readings. */
  inboxChecksPerOrg: Limit;
  inboxChecksAll: Limit;
  /** `POST /partner-service/webhooks/{id}/test` per partner (security pass 13): each queues a signed POST to the
   * webhook's host, which is the partner's choice. */
  webhookTestsPerOrg: Limit;
  /** Savings report emails a partner's staff may ask for, per partner, per `recipientWindowSeconds` (pass 14;
   * report_emails.ts). */
  staffReportEmailsPerOrg: Limit;
}

/** Read once per platform (rateLimitPolicy(p) in shared/http/rate_limit.ts); tests pass a Map. */
export function rateLimitPolicyFromEnv(source: EnvSource = Deno.env): RateLimitPolicy {
  const n = (name: string, fallback: number): Limit => ({ max: Math.max(0, envInt(name, fallback, source)) });
  return {
    windowSeconds: Math.max(1, envInt("RATE_LIMIT_WINDOW_SECONDS", 60, source)),
    signinPerIp: n("RATE_LIMIT_SIGNIN_PER_IP", 30),
    refreshPerIp: n("RATE_LIMIT_REFRESH_PER_IP", 300),
    invitationsPerIp: n("RATE_LIMIT_INVITATIONS_PER_IP", 30),
    widgetPerOrg: n("RATE_LIMIT_WIDGET_PER_ORG", 6000),
    widgetPerIp: n("RATE_LIMIT_WIDGET_PER_IP", 600),
    lookupPerOrg: n("RATE_LIMIT_LOOKUP_PER_ORG", 2000),
    lookupPerIp: n("RATE_LIMIT_LOOKUP_PER_IP", 60),
    leadsPerOrg: n("RATE_LIMIT_LEADS_PER_ORG", 600),
    leadsPerIp: n("RATE_LIMIT_LEADS_PER_IP", 20),
    reportsPerOrg: n("RATE_LIMIT_REPORTS_PER_ORG", 600),
    reportsPerIp: n("RATE_LIMIT_REPORTS_PER_IP", 20),
    documentsPerOrg: n("RATE_LIMIT_DOCUMENTS_PER_ORG", 600),
    documentsPerIp: n("RATE_LIMIT_DOCUMENTS_PER_IP", 20),
    reportsPerRecipient: n("RATE_LIMIT_REPORTS_PER_RECIPIENT", 3),
    recipientWindowSeconds: Math.max(1, envInt("RATE_LIMIT_RECIPIENT_WINDOW_SECONDS", 86400, source)),
    propertiesPerOrg: n("RATE_LIMIT_PROPERTIES_PER_ORG", 1000),
    propertiesPerIp: n("RATE_LIMIT_PROPERTIES_PER_IP", 20),
    propertiesWindowSeconds: Math.max(1, envInt("RATE_LIMIT_PROPERTIES_WINDOW_SECONDS", 3600, source)),
    holdsPerDomain: n("RATE_LIMIT_HOLDS_PER_DOMAIN", 5),
    holdsPerOrgDay: n("RATE_LIMIT_HOLDS_PER_ORG_DAY", 200),
    holdDomainExempt: domainList(envOptional("RATE_LIMIT_HOLD_DOMAIN_EXEMPT", source)) ??
      PUBLIC_MAILBOX_DOMAINS,
    inboxChecksPerOrg: n("RATE_LIMIT_INBOX_CHECKS_PER_ORG", 6),
    inboxChecksAll: n("RATE_LIMIT_INBOX_CHECKS_ALL", 30),
    webhookTestsPerOrg: n("RATE_LIMIT_WEBHOOK_TESTS_PER_ORG", 10),
    staffReportEmailsPerOrg: n("RATE_LIMIT_STAFF_REPORT_EMAILS_PER_ORG", 200),
  };
}

/** The platform's policy (tests replace it with override(p, "rateLimitPolicy", …)). */
export const rateLimitPolicy = (p: Platform) => provide(p, "rateLimitPolicy", () => rateLimitPolicyFromEnv());

declare module "../platform.ts" {
  interface Seams {
    rateLimitPolicy: RateLimitPolicy;
  }
}

/** One counter to bump: `key` names the bucket (rule:ip:<address> or rule:org:<id>). */
export interface Bucket {
  key: string;
  max: number;
}

export interface RequestFacts {
  service: string;
  /** Path after the service name, e.g. "/get-token". */
  path: string;
  method: string;
  ip: string;
  role?: string;
  orgId?: string | null;
}

const INVITATION_LINKS = new Set(["/invitations/lookup", "/invitations/accept"]);
const LOOKUP = new Set(["/address-autocomplete", "/geocode", "/roof-analysis"]);
/** Records a widget token creates: the widget's contacts, properties, leads, and appointments (security pass 6: a
 * booking creates a contact and takes a technician, and had only the widget bucket, 600 a minute per address). */
const LEADS: Record<string, Set<string>> = {
  "widget-service": new Set(["/contact", "/property", "/create-lead", "/create-opportunity"]),
  "appointment-handling-service": new Set(["/create-appointment"]),
};
/**
 * Savings reports a widget token can ask for: each geocodes and looks up the roof (the paid calls the lookup
 * bucket bounds on widget-service), renders a PDF and may email it to the address in the body. Without a bucket
 * of their own they bypassed the lookup limit and sent branded email to any address at the widget rate (600/min).
 * savings-insight-service's routes are the staff's since security pass 6 (403 to a widget token), so not here.
 */
const REPORTS: Record<string, Set<string>> = {
  "widget-service": new Set(["/process-widget-savings-info"]),
};

/**
 * Documents a widget token can have read, rendered or stored: each takes a document worker (OCR of up to ten pages, a
 * PDF rendering) and, with a language model configured, a paid call, or up to 100 MB of the object store. In the widget bucket alone (600 a minute per
 * address) one address kept the document engine busy for every partner (docs/security.md "Pass 5").
 * pdf-generator-service's renderers are the staff's since security pass 6 (403 to a widget token), so not here.
 */
const DOCUMENTS: Record<string, Set<string>> = {
  "utility-bill-service": new Set(["/upload"]),
};

/** The widget's own document upload (`POST /widget-service/property/{id}/upload`: ten files of 10 MB a request). */
const isPropertyUpload = (r: RequestFacts) =>
  r.service === "widget-service" && /^\/property\/[^/]+\/upload\/?$/.test(r.path);

/** The buckets one request counts against (none for most staff traffic). */
export function bucketsFor(policy: RateLimitPolicy, r: RequestFacts): Bucket[] {
  const out: Bucket[] = [];
  const add = (rule: string, per: "ip" | "org", limit: Limit) => {
    const subject = per === "ip" ? r.ip : r.orgId;
    if (limit.max > 0 && subject) out.push({ key: `${rule}:${per}:${subject}`, max: limit.max });
  };
  if (r.service === "authenticator-service" && r.method === "POST") {
    if (r.path === "/get-token") add("signin", "ip", policy.signinPerIp);
    // A sign-out looks its token up like a refresh does (pass 13): the same bucket.
    if (r.path === "/refresh-token" || r.path === "/sign-out") add("refresh", "ip", policy.refreshPerIp);
  }
  // The invitation pages' calls need no token (the invitation token is in the body): per address, so nobody
  // tries tokens, or makes the platform hash new passwords, at the speed of the network.
  if (r.service === "partner-service" && r.method === "POST" && INVITATION_LINKS.has(r.path)) {
    add("invitations", "ip", policy.invitationsPerIp);
  }
  // An admin's checks, per partner and for the whole platform (the scheduler's, role `service`, are not counted).
  if (
    r.service === "email-agent" && r.method === "POST" && r.path === "/check-inbox" &&
    r.role === "partner_admin"
  ) {
    add("inbox-check", "org", policy.inboxChecksPerOrg);
    if (policy.inboxChecksAll.max > 0) out.push({ key: "inbox-check:all", max: policy.inboxChecksAll.max });
  }
  // A partner's test deliveries, each a signed POST to a host of its choosing (pass 13).
  if (r.service === "partner-service" && r.method === "POST" && /^\/webhooks\/[^/]+\/test\/?$/.test(r.path)) {
    add("webhook-test", "org", policy.webhookTestsPerOrg);
  }
  if (r.role === "widget") {
    add("widget", "org", policy.widgetPerOrg);
    add("widget", "ip", policy.widgetPerIp);
    if (r.service === "widget-service" && LOOKUP.has(r.path)) {
      add("lookup", "org", policy.lookupPerOrg);
      add("lookup", "ip", policy.lookupPerIp);
    }
    if (r.method !== "GET" && LEADS[r.service]?.has(r.path)) {
      add("leads", "org", policy.leadsPerOrg);
      add("leads", "ip", policy.leadsPerIp);
    }
    if (r.method === "POST" && REPORTS[r.service]?.has(r.path)) {
      add("reports", "org", policy.reportsPerOrg);
      add("reports", "ip", policy.reportsPerIp);
    }
    if (r.method === "POST" && (DOCUMENTS[r.service]?.has(r.path) || isPropertyUpload(r))) {
      add("documents", "org", policy.documentsPerOrg);
      add("documents", "ip", policy.documentsPerIp);
    }
  }
  return out;
}

/** The code of a 429 over a property-creation bucket (its own, longer window). */
export const PROPERTIES_RATE_LIMITED = "property_rate_limited";

/**
 * The property-creation buckets of a request (counted in `propertiesWindowSeconds`, not the short window of
 * `bucketsFor`): a widget token's `POST widget-service/property`, per partner and per address. Each property has its
 * own document quota, so at the `leads` rate (20 a minute per address) one address could make 1,200 properties and
 * their uploads an hour.
 */
export function propertyBucketsFor(policy: RateLimitPolicy, r: RequestFacts): Bucket[] {
  if (
    r.role !== "widget" || r.service !== "widget-service" || r.method !== "POST" || r.path !== "/property"
  ) {
    return [];
  }
  const out: Bucket[] = [];
  if (policy.propertiesPerOrg.max > 0 && r.orgId) {
    out.push({ key: `properties:org:${r.orgId}`, max: policy.propertiesPerOrg.max });
  }
  if (policy.propertiesPerIp.max > 0 && r.ip) {
    out.push({ key: `properties:ip:${r.ip}`, max: policy.propertiesPerIp.max });
  }
  return out;
}
