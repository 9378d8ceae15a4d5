// IP address text as callers and proxies write it: parsing (the partner webhook check, shared/partner/webhook_url.ts)
// and the subject of a per-address rate limit (shared/http/rate_limit.ts).

/** The eight 16-bit groups of an IPv6 address ("::" expanded, a dotted IPv4 tail converted), or null. */
export function ipv6Groups(ip: string): number[] | null {
  let s = ip.toLowerCase().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const dotted = s.match(/^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const o = dotted.slice(2).map(Number);
    if (o.some((n) => n > 255)) return null;
    s = `${dotted[1]}${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const part = (h: string) => (h === "" ? [] : h.split(":"));
  const head = part(halves[0]), tail = halves.length === 2 ? part(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

const hex4 = (g: number[]) => g.slice(0, 4).map((n) => n.toString(16)).join(":");

/**
 * The subject a per-address rate limit counts a caller under. An IPv6 caller is its /64 network: one host is given a
 * whole /64 (a cloud VM, a home line), so counting each of its 2^64 addresses apart bought a fresh bucket per request
 * (security pass 6). An IPv4-mapped or -compatible IPv6 address counts as its IPv4 address; any other text (IPv4,
 * "unknown") as it is. Every spelling of one address gives one subject.
 */
export function rateLimitSubject(address: string): string {
  const g = address.includes(":") ? ipv6Groups(address) : null;
  if (!g) return address;
  const [a, b, c, d, e, f, hi, lo] = g;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || (f === 0 && hi !== 0))) {
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${hex4(g)}::/64`;
}
