// Scanning and mailing noise that must never be read as a name or an address: routing and postal
// barcodes as digits, OCR lines of asterisks or bars, presort endorsements, scan-line codes.
import { tidyOcrTokens } from "./ocr_tokens.ts";

const NOISE: RegExp[] = [
  /^[*#=_|.\-~\s]{3,}$/, // rules, bars, lines of asterisks
  /\*{2,}/, // "***AUTO**5-DIGIT 21030", "*3*"
  /^\d{12,}$/, // scan line / routing code digits
  /^[\d\s]{16,}$/,
  /\b(?:AUTO|ALL FOR AADC|SCH 5-DIGIT|5-DIGIT|MIXED AADC|CAR-RT|ECRLOT|PRESORT(?:ED)?)\b/i,
  /AUTO\S*-?DIGIT/i,
  /^[|lI1!\s]{5,}$/, // OCR of a barcode
  /^[A-Z0-9]{3,}-[A-Z0-9]{3,}-[A-Z0-9-]{3,}$/, // routing code 0003-0102-4473
  /^(?:T\d+\s+)?P\d+\s*-\s*\w+$/, // printer job codes "P07 - 1FTJANSP"
];

export function isNoise(text: string): boolean {
  const t = text.trim();
  if (!t) return true;
  return NOISE.some((re) => re.test(t));
}

/** Lines with noise cells removed and letter-spaced words ("M eter", "k W h") rejoined. */
export function cleanLines(lines: string[]): string[] {
  return lines.map((line) =>
    line
      .split(/(\s{3,})/)
      .map((part) => (/^\s+$/.test(part) ? part : tidyCell(part)))
      .map((part) => (/^\s+$/.test(part) ? part : isNoise(part) ? "" : part))
      .join("")
      .replace(/\b([A-Z])\s(?=[a-z]{2,})/g, "$1")
      // OCR reads table rules as | ] { }: "1071293109|CITY OF BUFFALO", "30] 5,555]"
      .replace(/(?<=[A-Za-z0-9])\s*[|\]{}]\s*(?=[A-Za-z0-9$])/g, "   ")
      .replace(/(?<=\d)[|\]{}]+(?=\s|$)/g, "")
      // OCR and tight PDF layouts join kWh to its neighbours: "TotalkWhUsed", "1,059kWh", "KWHUsed"
      .replace(/([A-Za-z0-9])(kWh|KWH|kwh|Kwh)(?=[A-Z][a-z]|[^A-Za-z]|$)/g, "$1 $2")
      .replace(/\b(kWh|KWH|kwh|Kwh)(?=[A-Z][a-z])/g, "$1 ")
      .replace(/\bk\s?W\s?h\b/g, "kWh")
      .replace(/^.*$/, tidyOcrTokens)
      // OCR glues words: "toFeb 7, 2024"
      .replace(/([a-z])(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)(?=[a-z]*\.?\s*\d)/g, "$1 $2")
      .replace(/\s{3,}/g, "   ")
      .replace(/^\s+|\s+$/g, "")
  );
}

// OCR leaves specks as cells of their own (".", "|", "°") and glued to cells ("_ BOCA RATON FL 33431").
const EDGE_JUNK =
  /^[_|,:;'"\u2018\u2019\u201c\u201d\u00b0*~.\s]+(?=[A-Za-z0-9$(\-\u2212])|(?<=[A-Za-z0-9)])[_|,;'"\u2018\u2019\u201c\u201d\u00b0*~\s]+$/g;

function tidyCell(cell: string): string {
  if (/^[^A-Za-z0-9$]{1,3}$/.test(cell.trim())) return "";
  return cell.replace(EDGE_JUNK, "");
}
