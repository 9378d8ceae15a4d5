// Synthetic solar contracts with known answers, for tests and the accuracy bench. Three layouts (a
// purchase agreement with labelled sections, a loan agreement laid out as a two-column table, a PPA in
// narrative prose); variants drop signatures, clauses or push the price over a partner's ceiling.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { ClauseKey, ContractSummary } from "./schema.ts";

// "home_improvement" was added after the reader was written, to measure it on a wording it had not seen
// (33.8 % of fields untuned; the bench reports it apart).
export type Layout = "purchase" | "loan" | "ppa" | "home_improvement";

export interface ContractSpec {
  layout: Layout;
  installer: string;
  financier: string;
  customer: { name: string; email: string; phone: string };
  address: { line1: string; city: string; state: string; zip: string };
  sizeKw: number;
  panels: { manufacturer: string; model: string; quantity: number; watts: number };
  inverter: { manufacturer: string; model: string; quantity: number | null };
  battery: { manufacturer: string; model: string; quantity: number | null } | null;
  totalPrice: number;
  financing: {
    type: "cash" | "loan" | "lease" | "ppa";
    termYears: number | null;
    escalatorPct: number | null;
    downPayment: number | null;
  };
  cancellationDays: number | null;
  clauses: ClauseKey[];
  customerSigned: boolean;
  installerSigned: boolean;
  date: string; // YYYY-MM-DD
}

const money = (n: number) =>
  "$" + n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** The summary an exact reader of this contract would produce. */
export function expectedSummary(s: ContractSpec): ContractSummary {
  const sig = (signed: boolean, name: string) => ({
    signed,
    name: signed ? name : "",
    date: signed ? s.date : "",
  });
  return {
    isSolarContract: true,
    parties: {
      installer: s.installer,
      customer: s.customer.name,
      financier: s.financing.type === "loan" ? s.financier : "",
    },
    customer: { ...s.customer },
    propertyAddress: { ...s.address },
    systemSizeKw: s.sizeKw,
    equipment: {
      panels: { manufacturer: s.panels.manufacturer, model: s.panels.model, quantity: s.panels.quantity },
      // The PPA's prose names the inverter model but not how many.
      inverter: { ...s.inverter, quantity: s.layout === "ppa" ? null : s.inverter.quantity },
      battery: s.battery ? { ...s.battery } : null,
    },
    totalPrice: s.totalPrice,
    pricePerWatt: Math.round((s.totalPrice / (s.sizeKw * 1000)) * 100) / 100,
    financing: { ...s.financing },
    cancellationPeriodDays: s.clauses.includes("cancellation") ? s.cancellationDays : null,
    clauses: [...s.clauses].sort(),
    signatures: {
      customer: sig(s.customerSigned, s.customer.name),
      installer: sig(s.installerSigned, s.installer),
    },
  };
}

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(private doc: PDFDocument, private font: PDFFont, private bold: PDFFont) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([612, 792]);
    this.y = 740;
  }
  line(text: string, opts: { size?: number; bold?: boolean; x?: number; gap?: number } = {}) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.font;
    const maxWidth = 612 - 60 - (opts.x ?? 60);
    for (const l of wrap(text, font, size, maxWidth)) {
      if (this.y < 60) this.newPage();
      this.page.drawText(l, { x: opts.x ?? 60, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
      this.y -= size + (opts.gap ?? 4);
    }
  }
  row(left: string, right: string) {
    if (this.y < 60) this.newPage();
    this.page.drawText(left, { x: 60, y: this.y, size: 10, font: this.bold });
    this.page.drawText(right, { x: 260, y: this.y, size: 10, font: this.font });
    this.page.drawLine({
      start: { x: 60, y: this.y - 4 },
      end: { x: 552, y: this.y - 4 },
      thickness: 0.3,
      color: rgb(0.7, 0.7, 0.7),
    });
    this.y -= 18;
  }
  space(n = 8) {
    this.y -= n;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let cur = "";
  for (const w of text.split(" ")) {
    const next = cur ? `${cur} ${w}` : w;
    if (font.widthOfTextAtSize(next, size) > width && cur) {
      out.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) out.push(cur);
  return out;
}

const CLAUSE_TEXT: Record<ClauseKey, (s: ContractSpec) => [string, string]> = {
  cancellation: (
    s,
  ) => [
    "NOTICE OF RIGHT TO CANCEL",
    `You may cancel this transaction, without any penalty or obligation, within ${
      NUMBER_WORDS[s.cancellationDays ?? 3] ?? s.cancellationDays
    } (${s.cancellationDays}) business days from the date of signing by delivering written notice to ${
      s.installer.replace(/\.$/, "")
    }.`,
  ],
  warranty: () => [
    "WARRANTY",
    "Contractor warrants its workmanship for 10 years. Modules carry the manufacturer's 25-year product and performance warranty; inverters carry the manufacturer's warranty.",
  ],
  production_guarantee: () => [
    "PRODUCTION GUARANTEE",
    "Contractor guarantees that the System will produce at least 90% of the estimated annual production; any shortfall is refunded at the contract rate.",
  ],
  interconnection: () => [
    "INTERCONNECTION AND PERMITS",
    "Contractor will obtain all permits and apply for interconnection with the local utility on Customer's behalf.",
  ],
  insurance: () => [
    "INSURANCE",
    "Contractor maintains general liability and workers' compensation insurance for the duration of the installation.",
  ],
  arbitration: () => [
    "DISPUTE RESOLUTION; ARBITRATION",
    "Any dispute arising from this Agreement will be resolved by binding arbitration under the rules of the American Arbitration Association.",
  ],
};

function signatureBlock(w: Writer, s: ContractSpec, style: "slash" | "electronic") {
  w.space(12);
  const signer = (label: string, name: string, signed: boolean) => {
    if (style === "slash") {
      w.line(
        `${label} SIGNATURE: ${signed ? `/s/ ${name}` : "______________________________"}    Date: ${
          signed ? usDate(s.date) : "____________"
        }`,
      );
      w.line(`Printed name: ${name}`);
    } else {
      w.line(
        signed
          ? `${label}: Signed electronically by ${name} on ${s.date}`
          : `${label} signature: ______________________________ Date: ___________`,
      );
    }
    w.space(6);
  };
  signer(style === "slash" ? "CUSTOMER" : "Borrower", s.customer.name, s.customerSigned);
  signer(style === "slash" ? "CONTRACTOR" : "Seller", s.installer, s.installerSigned);
}

const equipmentLine = (e: { manufacturer: string; model: string; quantity: number | null }) =>
  `${e.quantity ? `${e.quantity} x ` : ""}${e.manufacturer} ${e.model}`;

/** Renders the contract as a text-layer PDF. */
export async function renderContract(s: ContractSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Solar contract ${s.customer.name}`);
  // Fixed dates and producer keep regenerated fixtures byte-identical.
  doc.setCreationDate(new Date(`${s.date}T12:00:00Z`));
  doc.setModificationDate(new Date(`${s.date}T12:00:00Z`));
  doc.setProducer("solar-platform contract generator");
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const addr = `${s.address.line1}, ${s.address.city}, ${s.address.state} ${s.address.zip}`;
  const clauses = (n: number) =>
    s.clauses.forEach((k, i) => {
      const [title, text] = CLAUSE_TEXT[k](s);
      w.line(`${n + i}. ${title}`, { bold: true });
      w.line(text);
      w.space();
    });
  if (s.layout === "purchase") {
    w.line("RESIDENTIAL SOLAR ENERGY SYSTEM PURCHASE AGREEMENT", { size: 14, bold: true, gap: 14 });
    w.line("1. PARTIES", { bold: true });
    w.line(
      `This Agreement is entered into on ${
        longDate(s.date)
      } between ${s.installer} ("Contractor") and ${s.customer.name} ("Customer").`,
    );
    w.line(`Customer email: ${s.customer.email}    Phone: ${s.customer.phone}`);
    w.line(`Property Address: ${addr}`);
    w.space();
    w.line("2. SYSTEM DESCRIPTION", { bold: true });
    w.line(`System Size: ${s.sizeKw.toFixed(2)} kW DC`);
    w.line(`Solar Modules: ${equipmentLine(s.panels)} (${s.panels.watts} W each)`);
    w.line(`Inverter: ${equipmentLine(s.inverter)}`);
    w.line(`Battery Storage: ${s.battery ? equipmentLine(s.battery) : "None"}`);
    w.space();
    w.line("3. PRICE AND PAYMENT", { bold: true });
    w.line(`Total Contract Price: ${money(s.totalPrice)}`);
    w.line(`Down Payment: ${money(s.financing.downPayment ?? 0)}`);
    w.line(
      `Payment Method: ${
        s.financing.type === "loan"
          ? `Loan financed by ${s.financier}, term ${s.financing.termYears} years`
          : "Cash"
      }`,
    );
    w.space();
    clauses(4);
    signatureBlock(w, s, "slash");
  } else if (s.layout === "loan") {
    w.line(`${s.financier.toUpperCase()}`, { size: 12, bold: true });
    w.line("SOLAR LOAN AGREEMENT AND INSTALLATION CONTRACT", { size: 13, bold: true, gap: 14 });
    w.row("Borrower", s.customer.name);
    w.row("Borrower Email / Phone", `${s.customer.email} / ${s.customer.phone}`);
    w.row("Installation Address", addr);
    w.row("Installer", s.installer);
    w.row("Lender", s.financier);
    w.row("Agreement Date", usDate(s.date));
    w.row("System Size (kW DC)", s.sizeKw.toFixed(2));
    w.row("Modules", equipmentLine(s.panels));
    w.row("Inverter", equipmentLine(s.inverter));
    w.row("Battery", s.battery ? equipmentLine(s.battery) : "Not included");
    w.row("Total System Price", money(s.totalPrice));
    w.row("Price per Watt", `${money(s.totalPrice / (s.sizeKw * 1000))}/W`);
    w.row("Down Payment", money(s.financing.downPayment ?? 0));
    w.row("Loan Term", `${s.financing.termYears} years`);
    w.row("Annual Percentage Rate", "3.99%");
    w.space();
    clauses(1);
    signatureBlock(w, s, "electronic");
  } else if (s.layout === "home_improvement") {
    w.line("HOME SOLAR INSTALLATION CONTRACT", { size: 14, bold: true });
    w.line(`Contract date: ${longDate(s.date)}`, { gap: 12 });
    w.line(`Seller: ${s.installer}`);
    w.line(`Buyer(s): ${s.customer.name}    Tel. ${s.customer.phone}    E-mail ${s.customer.email}`);
    w.line(`Job site: ${addr}`);
    w.space();
    w.line("DESCRIPTION OF WORK", { bold: true });
    w.line(
      `Seller will furnish and install a ${
        s.sizeKw.toFixed(2)
      } kW-DC photovoltaic array made of ${s.panels.quantity} ${s.panels.manufacturer} ${s.panels.model} panels with ${s.inverter.quantity} ${s.inverter.manufacturer} ${s.inverter.model} inverter(s).`,
    );
    w.line(
      `Energy storage: ${
        s.battery ? `${s.battery.quantity} ${s.battery.manufacturer} ${s.battery.model}` : "none"
      }.`,
    );
    w.space();
    w.line("CONTRACT PRICE AND PAYMENT", { bold: true });
    w.line(`Contract Sum ............ ${money(s.totalPrice)}`);
    w.line(`Deposit ................. ${money(s.financing.downPayment ?? 0)}`);
    w.line(
      s.financing.type === "loan"
        ? `Balance financed through ${s.financier} over ${s.financing.termYears} years.`
        : "Balance payable in cash at completion.",
    );
    w.space();
    s.clauses.forEach((k) => {
      const [title, text] = CLAUSE_TEXT[k](s);
      w.line(title.replace("NOTICE OF RIGHT TO CANCEL", "BUYER'S RIGHT TO CANCEL"), { bold: true });
      w.line(text.replaceAll("Contractor", "Seller"));
      w.space();
    });
    w.space(10);
    w.line(
      `Buyer: ${s.customerSigned ? `X ${s.customer.name}` : "_________________________"}    Date ${
        s.customerSigned ? usDate(s.date) : "__________"
      }`,
    );
    w.line(
      `Seller: ${s.installerSigned ? `X ${s.installer}` : "_________________________"}    Date ${
        s.installerSigned ? usDate(s.date) : "__________"
      }`,
    );
  } else {
    const isLease = s.financing.type === "lease";
    w.line(isLease ? "RESIDENTIAL SOLAR LEASE" : "SOLAR POWER PURCHASE AGREEMENT", {
      size: 14,
      bold: true,
      gap: 14,
    });
    w.line(
      `This ${isLease ? "Lease" : "Power Purchase Agreement"} is made on ${
        longDate(s.date)
      } by ${s.installer} ("Provider") and ${s.customer.name} ("you"), reachable at ${s.customer.email} or ${s.customer.phone}, for the home located at ${addr}.`,
    );
    w.space();
    w.line(
      `The solar energy system installed on your roof will have a nameplate capacity of approximately ${
        s.sizeKw.toFixed(2)
      } kilowatts (DC) and consists of ${s.panels.quantity} ${s.panels.manufacturer} ${s.panels.model} modules and ${s.inverter.manufacturer} ${s.inverter.model} inverter equipment${
        s.battery ? `, with a ${s.battery.manufacturer} ${s.battery.model} battery` : ""
      }.`,
    );
    w.space();
    w.line(
      `The term of this Agreement is ${s.financing.termYears} years. Your payments will increase by ${
        s.financing.escalatorPct?.toFixed(2)
      }% each year. The total contract value of the system is ${
        money(s.totalPrice)
      }, and no down payment is required.`,
    );
    w.space();
    clauses(1);
    signatureBlock(w, s, "slash");
  }
  return await doc.save({ useObjectStreams: false });
}

// A small deterministic PRNG, so the corpus is the same on every machine.
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => ((x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const FIRST = ["Jane", "Carlos", "Priya", "Michael", "Aisha", "Tom", "Mei", "Robert", "Lucia", "David"];
const LAST = [
  "Homeowner",
  "Ramirez",
  "Patel",
  "O'Brien",
  "Johnson",
  "Nguyen",
  "Chen",
  "Smith",
  "Garcia",
  "Miller",
];
const STREETS = ["Main St", "Oak Avenue", "Sunset Blvd", "Maple Drive", "Cedar Lane", "Lakeview Road"];
const PLACES = [
  { city: "Austin", state: "TX", zip: "78701" },
  { city: "Phoenix", state: "AZ", zip: "85004" },
  { city: "Miami", state: "FL", zip: "33137" },
  { city: "Denver", state: "CO", zip: "80202" },
  { city: "Sacramento", state: "CA", zip: "95814" },
];
const INSTALLERS = ["SunBright Solar LLC", "Desert Sun Energy Inc.", "Evergreen Rooftop Solar Co."];
const PANELS = [{ manufacturer: "REC", model: "Alpha Pure-R 410", watts: 410 }, {
  manufacturer: "Qcells",
  model: "Q.PEAK DUO BLK ML-G10+ 400",
  watts: 400,
}, { manufacturer: "Jinko", model: "Tiger Neo 420", watts: 420 }];
const INVERTERS = [{ manufacturer: "Enphase", model: "IQ8PLUS-72-2-US", micro: true }, {
  manufacturer: "SolarEdge",
  model: "SE7600H-US",
  micro: false,
}];
const BATTERIES = [{ manufacturer: "Tesla", model: "Powerwall 3" }, {
  manufacturer: "Enphase",
  model: "IQ Battery 5P",
}];

export type Variant =
  | "clean"
  | "unsigned_customer"
  | "unsigned_installer"
  | "over_price"
  | "missing_cancellation"
  | "high_escalator";

/** A contract spec for corpus entry `i`: layout and variant cycle, the rest is seeded. */
export function corpusSpec(i: number, variant: Variant, layoutOverride?: Layout): ContractSpec {
  const r = rng(i * 7919 + 17);
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)];
  const layout = layoutOverride ?? (["purchase", "loan", "ppa"] as const)[i % 3];
  const panel = pick(PANELS);
  const quantity = 14 + Math.floor(r() * 16);
  const sizeKw = Math.round(quantity * panel.watts / 10) / 100;
  const inv = pick(INVERTERS);
  const ppw = variant === "over_price" ? 4.6 + Math.round(r() * 80) / 100 : 2.4 + Math.round(r() * 110) / 100;
  const totalPrice = Math.round(sizeKw * 1000 * ppw);
  const name = `${pick(FIRST)} ${pick(LAST)}`;
  const place = pick(PLACES);
  const financing = layout === "ppa"
    ? {
      type: (r() < 0.5 ? "ppa" : "lease") as "ppa" | "lease",
      termYears: pick([20, 25]),
      escalatorPct: variant === "high_escalator" ? 3.9 : pick([0, 1.9, 2.9]),
      downPayment: 0,
    }
    : layout === "loan" || (layout === "home_improvement" && r() < 0.5)
    ? {
      type: "loan" as const,
      termYears: pick([10, 15, 20, 25]),
      escalatorPct: null,
      downPayment: pick([0, 500, 1000]),
    }
    : { type: "cash" as const, termYears: null, escalatorPct: null, downPayment: pick([1000, 2500]) };
  const clauses: ClauseKey[] = [
    "cancellation",
    "warranty",
    "interconnection",
    ...(r() < 0.5 ? ["production_guarantee" as const] : []),
    ...(r() < 0.5 ? ["arbitration" as const] : []),
    ...(r() < 0.5 ? ["insurance" as const] : []),
  ];
  return {
    layout,
    installer: pick(INSTALLERS),
    financier: "GreenLeaf Credit Union",
    customer: {
      name,
      email: `${name.split(" ")[0].toLowerCase()}@example.com`,
      phone: `(512) 555-0${100 + Math.floor(r() * 899)}`,
    },
    address: { line1: `${100 + Math.floor(r() * 9000)} ${pick(STREETS)}`, ...place },
    sizeKw,
    panels: { ...panel, quantity },
    inverter: inv.micro
      ? { manufacturer: inv.manufacturer, model: inv.model, quantity }
      : { manufacturer: inv.manufacturer, model: inv.model, quantity: 1 },
    battery: r() < 0.4 ? { ...pick(BATTERIES), quantity: 1 } : null,
    totalPrice,
    financing,
    cancellationDays: variant === "missing_cancellation" ? null : pick([3, 3, 5]),
    clauses: variant === "missing_cancellation" ? clauses.filter((c) => c !== "cancellation") : clauses,
    customerSigned: variant !== "unsigned_customer",
    installerSigned: variant !== "unsigned_installer",
    date: `2026-${String(1 + Math.floor(r() * 10)).padStart(2, "0")}-${
      String(1 + Math.floor(r() * 27)).padStart(2, "0")
    }`,
  };
}

export const VARIANTS: Variant[] = [
  "clean",
  "unsigned_customer",
  "over_price",
  "clean",
  "missing_cancellation",
  "unsigned_installer",
  "high_escalator",
  "clean",
];
