// Normalises lines before reading them: OCR of scans leaves stray marks between the cells of a table row
// ("Installer   .   B   ) SunBright Solar LLC", "Loan Term   Bg   15 years"), curly quotes, quote marks
// made of specks ("694 Lakeview 'Road", `BLK "ML-G10+`), and a misread "/s/" ("Isl", "IsI'Mei").
// Harmless for text PDFs.
const STRAY = /^[^A-Za-z0-9$]{1,3}$|^[A-Za-z]$/;
// A one- or two-letter cell of a table row that is not a word, a state or a unit: OCR of a speck or a
// smudge. ("to" or "of" alone between wide gaps is not prose either: prose has single spaces.)
const STRAY_PAIR = /^(?:[a-z]{2}|[A-Z][a-z])$/;
const SHORT_WORDS = new Set(["No", "Yes", "kW", "Wh"]);

export function cleanLine(line: string): string {
  const raw = line
    .replace(/[“”„″]/g, '"').replace(/[‘’‚′`]/g, "'")
    .split(/\s{2,}/)
    .map((c) =>
      c.trim().replace(/^[^A-Za-z0-9$(/]+/, "").replace(
        /[\s:;,.'"]+$/,
        (m) => (m.includes(".") && /[A-Za-z]\.$/.test(c.trim()) ? "." : ""),
      )
    )
    .filter((c) => c && !STRAY.test(c));
  // a short junk cell is dropped between other cells, never when it is the whole line
  const cells = raw.length > 1 ? raw.filter((c) => !(STRAY_PAIR.test(c) && !SHORT_WORDS.has(c))) : raw;
  return unpairedQuotes(cells.join("   "))
    // "Isl Mei Smith", "/sl Mei Smith", "/sf", "SIGNATURE:Is!", "IsI'Mei O'Brien" -> "/s/ Mei Smith" (a
    // conformed signature read by OCR).
    .replace(
      /(^|\s|:)[Il|/1!]s[Il|/1!f](?:\s+|['.](?=[A-Z]))/g,
      (_, pre) => `${pre === ":" ? ": " : pre}/s/ `,
    )
    // a quote read between a letter and a digit is a space ("Pure-R'410")
    .replace(/([A-Za-z])'(?=\d)/g, "$1 ");
}

/**
 * Quote marks OCR made of specks: a single quote opening a word that it does not close ("'Road"), and
 * the double quotes of a line that has an odd number of them, except those of a defined term ("(\"you\")").
 */
function unpairedQuotes(line: string): string {
  let out = line.replace(/(^|\s)'(?=[A-Za-z])([^\s']*)(?=\s|$)/g, "$1$2");
  // between two words it stood for a space ('cash"at completion')
  if ((out.match(/"/g) ?? []).length % 2) {
    out = out.replace(
      /(?<!\()"(?!\))/g,
      (_, at: number) => /\w/.test(out[at - 1] ?? "") && /\w/.test(out[at + 1] ?? "") ? " " : "",
    );
  }
  return out;
}
