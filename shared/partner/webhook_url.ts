// Where a partner's webhook may point: a public https endpoint. Loopback, private, link-local and metadata
// addresses are refused (a partner admin must not make the platform call into its own network), unless
// PARTNER_WEBHOOK_ALLOW_PRIVATE=true (local development and tests; partnerConfig(p).webhookAllowPrivate, passed in).

function privateIPv4(ip: string): boolean {
  const m = ip.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) || a >= 224;
}

function privateIPv6(ip: string): boolean {
  const s = ip.toLowerCase().replace(/^\[|\]$/g, "");
  if (s === "::1" || s === "::") return true;
  const mapped = s.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return privateIPv4(mapped[1]);
  return /^(fc|fd|fe8|fe9|fea|feb)/.test(s);
}

export function isPrivateAddress(hostOrIp: string): boolean {
  const h = hostOrIp.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost") || h.endsWith(".internal") || h.endsWith(".local") ||
    h === "metadata.google.internal" || privateIPv4(h) || (h.includes(":") && privateIPv6(h));
}

/** Why this URL cannot receive webhooks, or null. */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return "must be a URL";
  }
  if (allowPrivate) return /^https?:$/.test(u.protocol) ? null : "must be an http(s) URL";
  if (u.protocol !== "https:") return "must be an https URL";
  if (u.username || u.password) return "must not carry a user name or password";
  if (isPrivateAddress(u.hostname)) {
    return "must be a public address (not localhost, a private network or link-local)";
  }
  return null;
}

/** At delivery time: the name must not resolve to a private address either (DNS can change after the check). */
export async function resolvesPrivately(raw: string, allowPrivate: boolean): Promise<boolean> {
  if (allowPrivate) return false;
  const host = new URL(raw).hostname;
  if (isPrivateAddress(host)) return true;
  if (/^[\d.]+$/.test(host) || host.includes(":")) return false;
  const ips: string[] = [];
  for (const type of ["A", "AAAA"] as const) {
    try {
      ips.push(...await Deno.resolveDns(host, type));
    } catch { /* no record of this type */ }
  }
  return ips.some((ip) => isPrivateAddress(ip));
}
