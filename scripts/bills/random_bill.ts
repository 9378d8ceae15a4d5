// Random but plausible bill facts for the synthetic corpus (seeded, so the corpus is reproducible).
import type { Address, BillItem } from "../../shared/bills/schema.ts";
import { MonthNames } from "../../shared/bills/schema.ts";

export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(""),
  };
}
export type Rng = ReturnType<typeof rng>;

const FIRST = [
  "Maria",
  "James",
  "Linda",
  "Robert",
  "Patricia",
  "Michael",
  "Jennifer",
  "David",
  "Aisha",
  "Carlos",
  "Mei",
  "Thomas",
  "Priya",
  "Daniel",
  "Grace",
  "Kevin",
  "Olivia",
  "Hector",
  "Nora",
  "Samuel",
];
const LAST = [
  "Lopez",
  "Johnson",
  "Nguyen",
  "Smith",
  "Okafor",
  "Garcia",
  "Patel",
  "Brown",
  "Kowalski",
  "Martinez",
  "Chen",
  "Williams",
  "O'Brien",
  "Davis",
  "Rossi",
  "Anderson",
  "Haddad",
  "Miller",
  "Tanaka",
  "Wilson",
];
const STREETS = [
  "Oak Hollow Dr",
  "Maple Ave",
  "Sunset Blvd",
  "Pine Ridge Rd",
  "Cedar Ln",
  "Lakeview Ct",
  "Willow St",
  "Hillcrest Way",
  "Magnolia Pkwy",
  "River Bend Rd",
  "Elm St",
  "Quail Run",
  "Park Pl",
  "Briarwood Cir",
];

export const PLACES: Record<string, [string, string][]> = {
  FL: [["Tampa", "33614"], ["Sarasota", "34232"], ["Fort Myers", "33907"], ["Boca Raton", "33431"]],
  CA: [["Fresno", "93710"], ["San Jose", "95124"], ["Oakland", "94611"], ["Bakersfield", "93309"]],
  NY: [["Brooklyn", "11215"], ["Bronx", "10463"], ["Yonkers", "10701"], ["Astoria", "11102"]],
  NC: [["Charlotte", "28205"], ["Durham", "27707"], ["Greensboro", "27403"], ["Asheville", "28801"]],
  IL: [["Chicago", "60614"], ["Evanston", "60201"], ["Naperville", "60540"], ["Joliet", "60435"]],
  GA: [["Atlanta", "30306"], ["Savannah", "31405"], ["Macon", "31204"], ["Athens", "30606"]],
  AZ: [["Phoenix", "85016"], ["Tempe", "85281"], ["Mesa", "85201"], ["Flagstaff", "86001"]],
  CO: [["Denver", "80206"], ["Boulder", "80302"], ["Aurora", "80012"], ["Lakewood", "80226"]],
  VA: [["Richmond", "23220"], ["Norfolk", "23508"], ["Arlington", "22201"], ["Virginia Beach", "23451"]],
  NH: [["Manchester", "03104"], ["Nashua", "03060"], ["Keene", "03431"], ["Portsmouth", "03801"]],
  MO: [["St. Louis", "63110"], ["Columbia", "65203"], ["Jefferson City", "65101"], [
    "Cape Girardeau",
    "63701",
  ]],
  MI: [["Detroit", "48201"], ["Ann Arbor", "48104"], ["Dearborn", "48124"], ["Royal Oak", "48067"]],
  PA: [["Allentown", "18104"], ["Lancaster", "17603"], ["Scranton", "18505"], ["Harrisburg", "17110"]],
  OH: [["Dayton", "45409"], ["Kettering", "45429"], ["Springfield", "45503"], ["Xenia", "45385"]],
  TX: [["Houston", "77019"], ["Dallas", "75214"], ["Fort Worth", "76107"], ["Corpus Christi", "78411"]],
  DC: [["Washington", "20011"], ["Washington", "20002"], ["Washington", "20016"], ["Washington", "20019"]],
  NV: [["Reno", "89502"], ["Sparks", "89431"], ["Carson City", "89701"], ["Las Vegas", "89117"]],
  MD: [["Easton", "21601"], ["Easton", "21601"], ["Easton", "21601"], ["Easton", "21601"]],
  WA: [["Bellevue", "98004"], ["Kent", "98032"], ["Olympia", "98501"], ["Bellingham", "98225"]],
  LA: [["Baton Rouge", "70808"], ["New Orleans", "70115"], ["Lake Charles", "70601"], ["Monroe", "71201"]],
};

export interface Facts {
  name: string;
  account: string;
  serviceNumber: string;
  service: Address;
  billing: Address;
  invoiceDate: Date;
  periodStart: Date;
  periodEnd: Date;
  dueDate: Date;
  amountDue: string;
  pastDue: string;
  meters: { number: string; kwh: number }[];
  rate: string;
  tier: string;
  supplyRate: string;
  state: string;
  utility: string;
  /** Monthly kWh, oldest first, the last is the bill's month. */
  history: { year: number; month: number; value: number }[];
}

const SHAPE = {
  summer: [0.9, 0.85, 0.85, 0.9, 1.05, 1.3, 1.45, 1.45, 1.25, 1.0, 0.85, 0.9],
  winter: [1.35, 1.25, 1.05, 0.85, 0.8, 0.9, 1.05, 1.05, 0.9, 0.85, 1.05, 1.3],
};

export function address(r: Rng, state: string, unit = false): Address {
  const [city, zip] = r.pick(PLACES[state]);
  return {
    line1: `${r.int(12, 9899)} ${r.pick(STREETS)}`,
    line2: unit ? `Apt ${r.int(1, 40)}${r.pick(["", "B", "C"])}` : "",
    city,
    state,
    zip,
    country: "US",
  };
}

export function facts(
  r: Rng,
  o: {
    state: string;
    utility: string;
    rate: string;
    meters?: number;
    months?: number;
    credit?: boolean;
    tier?: boolean;
    serviceNumber?: boolean;
    pastDue?: boolean;
    mailElsewhere?: boolean;
  },
): Facts {
  const year = r.int(2022, 2024);
  const month = r.int(1, 12);
  const endDay = r.int(3, 28);
  const periodEnd = new Date(Date.UTC(year, month - 1, endDay));
  const periodStart = new Date(periodEnd.getTime() - r.int(28, 32) * 86400000);
  const invoiceDate = new Date(periodEnd.getTime() + r.int(1, 4) * 86400000);
  const dueDate = new Date(invoiceDate.getTime() + r.int(18, 24) * 86400000);
  const base = r.int(350, 1500);
  const shape = r.chance(0.5) ? SHAPE.summer : SHAPE.winter;
  const months = o.months ?? 13;
  const history = Array.from({ length: months }, (_, k) => {
    const d = new Date(Date.UTC(year, month - 1 - (months - 1 - k), 1));
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      value: Math.round(base * shape[d.getUTCMonth()] * (0.9 + r.next() * 0.2)),
    };
  });
  const current = history[history.length - 1].value;
  const meterCount = o.meters ?? 1;
  const split = meterCount === 1 ? [current] : (() => {
    const a = Math.round(current * (0.55 + r.next() * 0.2));
    return [a, current - a];
  })();
  const service = address(r, o.state, r.chance(0.25));
  const supplyRate = `0.0${r.int(3, 11)}${r.digits(r.chance(0.5) ? 2 : 3)}`;
  const amount = (current * Number(supplyRate) * 2 + r.int(8, 25)).toFixed(2);
  return {
    name: `${r.pick(FIRST)} ${r.pick(LAST)}`,
    account: r.digits(10),
    serviceNumber: o.serviceNumber ? r.digits(10) : "",
    service,
    billing: o.mailElsewhere ? address(r, o.state) : service,
    invoiceDate,
    periodStart,
    periodEnd,
    dueDate,
    amountDue: o.credit ? `-${(r.int(1500, 9000) / 100).toFixed(2)}` : amount,
    pastDue: o.pastDue ? (r.int(1000, 9000) / 100).toFixed(2) : "0.00",
    meters: split.map((kwh) => ({ number: `${r.pick(["", "K", "G", "M"])}${r.digits(r.int(7, 9))}`, kwh })),
    rate: o.rate,
    tier: o.tier ? `Tier ${r.int(1, 3)}` : "",
    supplyRate,
    state: o.state,
    utility: o.utility,
    history,
  };
}

export const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The ground truth the bill shows (usage months as printed; nothing estimated). */
export function truthOf(
  f: Facts,
  printed: { history: Facts["history"]; name?: string; billing?: Address; service?: Address },
): BillItem {
  return {
    customerInformation: {
      customerName: printed.name ?? f.name,
      accountNumber: f.account,
      serviceNumber: f.serviceNumber,
      serviceAddress: printed.service ?? f.service,
    },
    billingInformation: {
      utilityProviderName: f.utility,
      invoiceDate: iso(f.invoiceDate),
      billingPeriodStart: iso(f.periodStart),
      billingPeriodEnd: iso(f.periodEnd),
      amountDue: f.amountDue,
      pastDue: f.pastDue,
      dueDate: iso(f.dueDate),
      billingAddress: printed.billing ?? f.billing,
    },
    electricityUsage: {
      meters: f.meters.map((m) => ({
        meterNumber: m.number,
        usageKwh: String(m.kwh),
        servicePeriodStart: iso(f.periodStart),
        servicePeriodEnd: iso(f.periodEnd),
      })),
      electricRate: f.rate,
      electricityTier: f.tier,
      supplyRatePerKwh: f.supplyRate,
      marketState: f.state,
      usageByMonth: printed.history.map((h) => ({
        month: MonthNames[h.month - 1],
        year: h.year,
        value: h.value,
        unit: "kWh" as const,
      })),
    },
  };
}
