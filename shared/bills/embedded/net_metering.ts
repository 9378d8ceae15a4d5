// Net-metered (solar) bills: a meter or history table prints the energy the utility DELIVERED, the energy it
// RECEIVED from the customer's panels, and often the NET kWh billed. The usage the reader reports is the net
// kWh billed (docs/bills.md "Round 9"): the net column when one is printed; never the received column; and
// neither the delivered nor any other column when delivered and received are printed without a net one
// (computing it would be a guess at which register is which: left empty).

/** Energy the customer's generation sent to the grid ("Energy Received from You", "kWh Exported", "Returned"). */
const RECEIVED =
  /\breceived\b|\breturned\b|\bexport(?:ed|s)?\b|\bto (?:the )?grid\b|\bgenerat(?:ed|ion)\b|\bexcess\b/i;
/** Energy the utility supplied ("Energy Delivered by …", "kWh Imported", "From Grid"). */
const DELIVERED = /\bdelivered\b|\bimport(?:ed|s)?\b|\bfrom (?:the )?grid\b/i;
const NET = /\bnet\b/i;

export type NetRole = "received" | "delivered" | "net";

/** What a usage column's header says about net metering, if anything. */
export function netRole(header: string): NetRole | undefined {
  if (NET.test(header)) return "net";
  if (RECEIVED.test(header)) return "received";
  if (DELIVERED.test(header)) return "delivered";
  return undefined;
}

/**
 * Among a table's usage-like columns (their headers), the one that holds the net kWh billed, when the table is
 * a net-metering one (a received column among them): the net column, or -1 when none is printed (leave the
 * usage empty). `undefined` when the table is not a net-metering table (read it as before).
 */
export function netUsageColumn(headers: string[]): number | undefined {
  const roles = headers.map(netRole);
  if (!roles.includes("received")) return undefined;
  const nets = roles.flatMap((r, i) => (r === "net" ? [i] : []));
  return nets.length === 1 ? nets[0] : -1;
}

export const BILLED =
  /^(?:billed usage|net usage|net (?:kwh|energy)(?: billed)?|billed kwh|kwh billed)\s*:?$/i;
export const GENERATION = /\bgenerat(?:ed|ion)\b|\bproduction\b|\breceived\b|\bexport(?:ed)?\b|\bsolar\b/i;
export const kwhOf = (cell: string) => {
  const m = cell.trim().match(/^(\d{1,3}(?:,\d{3})+|\d+)(?:\s*kwh)?$/i);
  return m ? Number(m[1].replace(/,/g, "")) : undefined;
};

/**
 * A net-metered bill that prints its net kWh billed as a total ("Net Usage 726", "Billed Usage 726 kWh") beside
 * meters read as delivered and generated: the usage is the billed net. Two meters whose kWh differ by exactly the
 * net (the home's meter and a production meter) are one meter, the larger's, using the net; one meter whose kWh
 * less a printed generation equals it uses the net. Only on a bill that speaks of generation; otherwise as read.
 */
export function netBilledMeters<M extends { usageKwh: string }>(meters: M[], lines: string[]): M[] {
  if (!lines.some((l) => GENERATION.test(l))) return meters;
  let net: number | undefined;
  for (const l of lines) {
    const cs = l.split(/\s{3,}/).map((c) => c.trim());
    const k = cs.findIndex((c) => BILLED.test(c));
    if (k >= 0 && cs[k + 1] !== undefined && kwhOf(cs[k + 1]) !== undefined) {
      const v = kwhOf(cs[k + 1])!;
      if (net !== undefined && net !== v) return meters;
      net = v;
    }
  }
  if (net === undefined) return meters;
  const kwh = meters.map((m) => Number(m.usageKwh));
  if (meters.length === 2 && kwh.every((v) => v > 0) && Math.abs(kwh[0] - kwh[1]) === net) {
    const home = kwh[0] > kwh[1] ? meters[0] : meters[1];
    return [{ ...home, usageKwh: String(net) }];
  }
  return meters;
}
