// Normalises lines before reading them: OCR of scans leaves stray marks between the cells of a table row
// ("Installer   .   B   ) SunBright Solar LLC"), curly quotes and a misread "/s/". Harmless for text PDFs.
const STRAY = /^[^A-Za-z0-9$]{1,3}$|^[A-Za-z]$/;

export function cleanLine(line: string): string {
  const cells = line
    .replace(/[“”„″]/g, '"').replace(/[‘’‚′`]/g, "'")
    .split(/\s{2,}/)
    .map((c) => c.trim().replace(/^[^A-Za-z0-9$(/]+/, "").replace(/[\s:;,.'"]+$/, (m) => (m.includes(".") && /[A-Za-z]\.$/.test(c.trim()) ? "." : "")))
    .filter((c) => c && !STRAY.test(c));
  // "Isl Mei Smith", "/sl Mei Smith" -> "/s/ Mei Smith" (a conformed signature read by OCR).
  return cells.join("   ").replace(/(^|\s)[Il|/]s[Il|/](?=\s)/g, "$1/s/");
}
