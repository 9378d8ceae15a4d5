// Where a partner's webhook may point: a public https endpoint. Loopback, private, link-local and metadata
// addresses are refused (a partner admin must not make the platform call into its own network), unless
// PARTNER_WEBHOOK_ALLOW_PRIVATE=true (local development and tests; partnerConfig(p).webhookAllowPrivate, passed in).
// At delivery the name is resolved once and judged by the same test (webhook_transport.ts).

import { ipv6Groups } from "../validation/ip_address.ts";

export { ipv6Groups };

function privateIPv4(ip: string): boolean {
  const m = ip.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (!m) return false;
  const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) || (a === 192 && b === 0 && c === 0) || (a === 198 && (b === 18 || b === 19)) ||
    (a === 100 && b >= 64 && b <= 127) || a >= 224;
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * Loopback, unspecified, unique-local, link- and site-local, multicast, documentation and discard ranges, and
 * every form that carries an IPv4 address (mapped `::ffff:a.b.c.d`, which URL parsing writes as `::ffff:7f00:1`;
 * compatible `::a.b.c.d`; translated; NAT64 `64:ff9b::`; 6to4 `2002::`), judged by that IPv4 address. Teredo
 * (2001::/32) hides its IPv4 address, so it is refused whole. Anything that does not parse counts as private.
 */
function privateIPv6(ip: string): boolean {
  const g = ipv6Groups(ip);
  if (!g) return true;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(8) || (zeros(7) && g[7] === 1)) return true;
  if (zeros(5) && (g[5] === 0 || g[5] === 0xffff)) return privateIPv4(v4(g[6], g[7]));
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return privateIPv4(v4(g[6], g[7]));
  if (g[0] === 0x64 && g[1] === 0xff9b) return g[2] !== 0 || privateIPv4(v4(g[6], g[7]));
  if (g[0] === 0x2002) return privateIPv4(v4(g[1], g[2]));
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8)) return true;
  if (g[0] === 0x100 && zeros(4)) return true;
  if (g[0] === 0) return true; // the rest of ::/16 is reserved
  return (g[0] & 0xfe00) === 0xfc00 || (g[0] & 0xffc0) === 0xfe80 || (g[0] & 0xffc0) === 0xfec0 ||
    (g[0] & 0xff00) === 0xff00;
}

export function isPrivateAddress(hostOrIp: string): boolean {
  const h = hostOrIp.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost") || h.endsWith(".internal") || h.endsWith(".local") ||
    h === "metadata.google.internal" || privateIPv4(h) || (h.includes(":") && privateIPv6(h));
}

/** The port a URL connects to (its scheme's default when it names none). */
export function urlPort(u: URL): number {
  return u.port ? Number(u.port) : u.protocol === "https:" ? 443 : 80;
}

/** Why this URL's port is not one a webhook may name (`ports`: PARTNER_WEBHOOK_PORTS), or null. */
export function webhookPortProblem(u: URL, ports: readonly number[]): string | null {
  const port = urlPort(u);
  return ports.includes(port) ? null : `must use port ${ports.join(" or ")}, not ${port}`;
}

/** Why this URL cannot receive webhooks, or null (`ports`: the ports allowed unless allowPrivate). */
export function webhookUrlProblem(
  raw: string,
  allowPrivate: boolean,
  ports: readonly number[] = [443],
): string | null {
  // The URL parser drops tabs, CR and LF and trims spaces and control characters silently: a URL stored with them is
  // not the one called, and the console and delivery log showed "https://x.example/a\r\nHost: …" (security pass 16).
  if (/[\s\p{Cc}\p{Cf}"<>]/u.test(raw)) {
    return "must be a URL without white space, quotes or control characters";
  }
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
  return webhookPortProblem(u, ports);
}
