// How OCR word boxes become the lines the contract reader parses (shared/documents/ocr.ts ocrPieces +
// text_layout.ts piecesToLines), on tesseract-shaped input: no OCR engine runs here.
import assert from "node:assert/strict";
import { ocrPieces } from "../../../shared/documents/ocr.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";

type Word = { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } };

/**
 * One OCR line as tesseract reports it, on a page turned by `slope` (dy/dx): each word's box hugs its
 * glyphs, so a word with descenders ("by", "Denver,") reaches lower than one in capitals, and a
 * punctuation mark is a flat box.
 */
function ocrLine(words: string[], y: number, opts: { x?: number; slope?: number; confidence?: number } = {}) {
  const slope = opts.slope ?? 0;
  let x = opts.x ?? 100;
  const out: Word[] = [];
  for (const text of words) {
    const w = text.length * 11;
    const top = y + slope * (x + w / 2);
    // cap height 16 px above the baseline (`top` + 6), x-height 10 px, descenders 5 px below it
    const rises = /[A-Z0-9bdfhiklt'"/()$]/.test(text);
    const descends = /[gjpqy,;()]/.test(text);
    const flat = !/[A-Za-z0-9]/.test(text);
    const box = flat
      ? { y0: top + 4, y1: top + 6 }
      : { y0: top + (rises ? -10 : -4), y1: top + (descends ? 11 : 6) };
    out.push({ text, confidence: opts.confidence ?? 90, bbox: { x0: x, x1: x + w, ...box } });
    x += w + 9;
  }
  const ys = out.flatMap((o) => [o.bbox.y0, o.bbox.y1]);
  return {
    words: out,
    bbox: { x0: out[0].bbox.x0, x1: out.at(-1)!.bbox.x1, y0: Math.min(...ys), y1: Math.max(...ys) },
  };
}

Deno.test("OCR lines: words with descenders, capitals and commas stay on their line", () => {
  const lines = [
    ocrLine("Property Address: 694 Lakeview Road, Denver, CO 80202".split(" "), 200),
    ocrLine("of signing by delivering written notice to Desert Sun Energy Inc.".split(" "), 240),
    ocrLine("CUSTOMER SIGNATURE: /s/ Robert O'Brien Date: 06/13/2026".split(" "), 280),
    ocrLine("any shortfall is refunded at the contract rate.".split(" "), 320),
  ];
  assert.deepEqual(piecesToLines(ocrPieces(lines)), [
    "Property Address: 694 Lakeview Road, Denver, CO 80202",
    "of signing by delivering written notice to Desert Sun Energy Inc.",
    "CUSTOMER SIGNATURE: /s/ Robert O'Brien Date: 06/13/2026",
    "any shortfall is refunded at the contract rate.",
  ]);
});

Deno.test("OCR lines: a turned scan is straightened, so the cells of a table row read as one line", () => {
  const slope = 0.012;
  const lines = [
    // tesseract reads each column of a two-column table as its own lines
    ocrLine(["Installation", "Address"], 300, { slope }),
    ocrLine(["Inverter"], 340, { slope }),
    ocrLine(["Loan", "Term"], 380, { slope }),
    ocrLine("3377 Sunset Blvd, Phoenix, AZ 85004".split(" "), 300, { x: 700, slope }),
    ocrLine("29 x Enphase IQ8PLUS-72-2-US".split(" "), 340, { x: 700, slope }),
    ocrLine(["15", "years"], 380, { x: 700, slope }),
    // long lines give the page's slope
    ocrLine(
      "Contractor guarantees that the System will produce at least 90% of the estimated".split(" "),
      420,
      { slope },
    ),
    ocrLine("Contractor maintains general liability and workers' compensation insurance".split(" "), 460, {
      slope,
    }),
  ];
  assert.deepEqual(piecesToLines(ocrPieces(lines)).slice(0, 3), [
    "Installation Address   3377 Sunset Blvd, Phoenix, AZ 85004",
    "Inverter   29 x Enphase IQ8PLUS-72-2-US",
    "Loan Term   15 years",
  ]);
});

Deno.test("OCR lines: specks read as unsure marks are dropped, real punctuation is kept", () => {
  const row = ocrLine(["Previous", "Unpaid", "Balance"], 100);
  const speck = (text: string, x: number, confidence: number) => ({
    text,
    confidence,
    bbox: { x0: x, x1: x + 3, y0: 104, y1: 106 },
  });
  row.words.push(speck("i", 480, 35), speck("*", 520, 0), speck("-", 560, 91));
  row.words.push({ text: "$0.00", confidence: 92, bbox: { x0: 700, x1: 760, y0: 90, y1: 106 } });
  assert.deepEqual(piecesToLines(ocrPieces([row])), ["Previous Unpaid Balance   -   $0.00"]);
});

Deno.test("OCR pieces are in the original image's pixels when the image was scaled down for OCR", () => {
  const [p] = ocrPieces([ocrLine(["Total"], 100, { x: 50 })], 0.5);
  assert.equal(p.x, 100);
  assert.equal(p.width, 110);
});

// The reader on lines shaped like OCR of a scan (each mistake below was seen in the corpus's scans).
import { analyseContractText } from "../../../shared/contracts/embedded/analyse.ts";
import { cleanLine } from "../../../shared/contracts/embedded/clean.ts";
import { bestReading } from "../../../shared/contracts/embedded/signatures.ts";

const scannedPurchase = [
  "RESIDENTIAL SOLAR ENERGY SYSTEM PURCHASE AGREEMENT",
  "This Agreement is entered into on June 13, 2026 between Desert Sun Energy Inc. (“Contractor”) and Robert",
  'O\'Brien ("Customer").',
  "Property Address: 694 Lakeview ‘Road, Denver, CO 80202",
  "System Size: 11.07 kW DC",
  "Solar Modules: 27 x REC Alpha Pure-R'410 (410 W each)",
  "Inverter: 27 x Enphase 1Q8PLUS-72-2-US",
  "Total Contract Price: $30,221.00",
  "CUSTOMER SIGNATURE: /s/ Robert oBrien Date: 06/13/2026",
  "Printed name: Robert O'Brien",
  "CONTRACTOR SIGNATURE: IsI'Desert Sun Energy Le Date: 06/13/2026",
  "Printed name: Desert Sun. Energy Inc.",
].join("\n");

Deno.test("reader on OCR lines: stray quotes, 1 for I in a model code, a quote for a space", () => {
  const s = analyseContractText(scannedPurchase);
  assert.deepEqual(s.propertyAddress, {
    line1: "694 Lakeview Road",
    city: "Denver",
    state: "CO",
    zip: "80202",
  });
  assert.deepEqual(s.equipment.panels, { manufacturer: "REC", model: "Alpha Pure-R 410", quantity: 27 });
  assert.deepEqual(s.equipment.inverter, { manufacturer: "Enphase", model: "IQ8PLUS-72-2-US", quantity: 27 });
});

Deno.test("reader on OCR lines: a garbled signature name is reconciled with the party's other printings", () => {
  const s = analyseContractText(scannedPurchase);
  assert.deepEqual(s.signatures.customer, { signed: true, name: "Robert O'Brien", date: "2026-06-13" });
  assert.deepEqual(s.signatures.installer, {
    signed: true,
    name: "Desert Sun Energy Inc.",
    date: "2026-06-13",
  });
  assert.equal(s.parties.installer, "Desert Sun Energy Inc.");
});

Deno.test("reader on OCR lines: dust between label and value cells, words glued by dust in a phrase", () => {
  const loan = analyseContractText([
    "SOLAR LOAN AGREEMENT AND INSTALLATION CONTRACT",
    "Borrower   .   Mei Patel",
    "Installation Address   7227 Maple Drive, Denver, CO 80202",
    "Inverter   Cox SolarEdge SE7600H-US",
    "Loan Term   Bg   15 years",
    "System Size (kW DC)   to   7.60",
  ].join("\n"));
  assert.equal(loan.financing.termYears, 15);
  assert.equal(loan.systemSizeKw, 7.6);
  assert.deepEqual(loan.equipment.inverter, {
    manufacturer: "SolarEdge",
    model: "SE7600H-US",
    quantity: null,
  });
  const ppa = analyseContractText(
    'SOLAR POWER PURCHASE AGREEMENT\nMei O\'Brien ("you"), reachable at (512) 555-0855, for the.-home. located at 4627 Lakeview\nRoad, Denver, CO 80202.',
  );
  assert.deepEqual(ppa.propertyAddress, {
    line1: "4627 Lakeview Road",
    city: "Denver",
    state: "CO",
    zip: "80202",
  });
});

Deno.test("cleanLine: unpaired quote marks go, defined terms and possessives stay", () => {
  assert.equal(
    cleanLine('consists of 21 Qcells Q.PEAK DUO BLK "ML-G10+ 400 modules'),
    "consists of 21 Qcells Q.PEAK DUO BLK ML-G10+ 400 modules",
  );
  assert.equal(
    cleanLine('by Desert Sun Energy Inc. ("Provider") and Mei Smith ("you")'),
    'by Desert Sun Energy Inc. ("Provider") and Mei Smith ("you")',
  );
  assert.equal(
    cleanLine("the manufacturer's warranty for Robert O'Brien"),
    "the manufacturer's warranty for Robert O'Brien",
  );
  assert.equal(cleanLine("Battery   No"), "Battery   No");
  assert.equal(cleanLine("State   CA"), "State   CA");
});

Deno.test("bestReading keeps a reading unlike the first, prefers the most printed spelling of the same name", () => {
  const text = "between Desert Sun Energy Inc. and ... notice to Desert Sun Energy Inc.";
  assert.equal(
    bestReading(["Desert Sun Energy Le", "Desert Sun Energy Inc."], text),
    "Desert Sun Energy Inc.",
  );
  assert.equal(bestReading(["Mei Smith", "Desert Sun Energy Inc."], text), "Mei Smith");
  assert.equal(bestReading(["", "Desert Sun Energy Inc."], text), "Desert Sun Energy Inc.");
  assert.equal(bestReading([], text), "");
});

Deno.test("reader on OCR lines: garbled figure of the cancellation period, glued size units, misread signature marks", () => {
  const s = analyseContractText([
    "RESIDENTIAL SOLAR ENERGY SYSTEM PURCHASE AGREEMENT",
    "System Size: 11.07-kw DC",
    "4. NOTICE OF RIGHT TO CANCEL",
    "You may cancel this transaction, without-any.penalty or obligation, within three I) business days from the date",
    "CUSTOMER SIGNATURE:Is! Mei Garcia Date: 03/01/2026",
    "CONTRACTOR SIGNATURE: /sf SunBright Solar LLC Date:09/24/2026",
  ].join("\n"));
  assert.equal(s.cancellationPeriodDays, 3);
  assert.equal(s.systemSizeKw, 11.07);
  assert.deepEqual(s.signatures.customer, { signed: true, name: "Mei Garcia", date: "2026-03-01" });
  assert.deepEqual(s.signatures.installer, { signed: true, name: "SunBright Solar LLC", date: "2026-09-24" });
  const loan = analyseContractText(
    "SOLAR LOAN AGREEMENT\nSystem Size (kw'DC)   9.02\nSeller: Signed electronically by. Evergreen Rooftop Solar Co. on 2026-05-11",
  );
  assert.equal(loan.systemSizeKw, 9.02);
  assert.deepEqual(loan.signatures.installer, {
    signed: true,
    name: "Evergreen Rooftop Solar Co.",
    date: "2026-05-11",
  });
  const ppa = analyseContractText(
    "SOLAR LEASE\nSeller will furnish and install a 5.74.kw-DC photovoltaic array\nYou may cancel this transaction within five ©) business days.",
  );
  assert.equal(ppa.systemSizeKw, 5.74);
  assert.equal(ppa.cancellationPeriodDays, 5);
});

Deno.test("OCR repairs keep words apart and do not prefer a name cut short", () => {
  assert.equal(cleanLine('Balance payable in cash"at completion.'), "Balance payable in cash at completion.");
  const text =
    'between Desert Sun Energy Inc. ("Contractor")\nnotice to Desert Sun Energy Inc.\nPrinted name: Desert Sun Energy Inc';
  assert.equal(
    bestReading(["Desert Sun Energy Inc.", "Desert Sun Energy Inc"], text),
    "Desert Sun Energy Inc.",
  );
  assert.equal(
    analyseContractText("CONTRACTOR SIGNATURE: /s/ Evergreen Rooftop Solar Co.- - Date: 03/01/2026")
      .signatures.installer.name,
    "Evergreen Rooftop Solar Co.",
  );
});

Deno.test("reader on OCR lines: equipment rows with dust before the quantity or after the label", () => {
  const s = analyseContractText(
    "SOLAR LOAN AGREEMENT\nModules   AE   26 x Jinko Tiger Neo 420\nInverter.   29 x Enphase IQ8PLUS-72-2-US\nBattery   Not included",
  );
  assert.deepEqual(s.equipment.panels, { manufacturer: "Jinko", model: "Tiger Neo 420", quantity: 26 });
  assert.deepEqual(s.equipment.inverter, { manufacturer: "Enphase", model: "IQ8PLUS-72-2-US", quantity: 29 });
  assert.deepEqual(
    analyseContractText("Modules   19'x- Qcells Q.PEAK DUO BLK ML-G10+ 400").equipment.panels.quantity,
    19,
  );
  assert.deepEqual(analyseContractText("Modules   24 xJinko Tiger Neo 420").equipment.panels, {
    manufacturer: "Jinko",
    model: "Tiger Neo 420",
    quantity: 24,
  });
});

Deno.test("reader on OCR lines: a misread role word or dust before it, size unit misread, address separators", () => {
  const s = analyseContractText([
    "SOLAR LOAN AGREEMENT AND INSTALLATION CONTRACT",
    "System Size (kW pC)   6.15",
    "tL Borrower: Signed electronically byCarlos Homeowner on 2026-03-24",
    "Seller: Signed electronically by SunBright Solar LLC on 2026-03-24",
    "for the home located at'4190 Lakeview Road, Miami,-FL 33137.",
  ].join("\n"));
  assert.equal(s.systemSizeKw, 6.15);
  assert.deepEqual(s.signatures.customer, { signed: true, name: "Carlos Homeowner", date: "2026-03-24" });
  assert.deepEqual(s.propertyAddress, {
    line1: "4190 Lakeview Road",
    city: "Miami",
    state: "FL",
    zip: "33137",
  });
  assert.equal(
    analyseContractText("Barrower: Signed electronically by Aisha Miller on 2026-09-04").signatures.customer
      .signed,
    true,
  );
  assert.equal(
    analyseContractText("by Seller: /s/ Someone Date: 2026-09-04").signatures.installer.signed,
    false,
    "a short word is not dust",
  );
});
