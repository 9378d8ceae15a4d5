// Bilingual bills (English / Spanish, common in Texas, New Mexico, Arizona, California, Florida) print each label
// with its translation after a slash: "Rate / Tarifa: RS-01", "Meter / Medidor 9013433", "kWh Used / kWh Usados".
// The translation is dropped so the English label stands next to its value as on a one-language bill. Only a
// translation that starts with a Spanish billing word is dropped (the words every such bill uses), never a slash
// between two English words ("Payments / Adjustments") or in a value ("01/19/2023").
const SPANISH =
  "(?:medidor|tarifa|n[uú]mero|cuenta|fecha|saldo|cantidad|pagar|vencimiento|servicio|direcci[oó]n|lectura|anterior|d[ií]as|cargos|consumo|historial|mes|usados?|emisi[oó]n|desde|hasta|ajustes|pago|cliente|nombre|per[ií]odo)";
const TRANSLATION = new RegExp(
  `\\s+\\/\\s+(?:(?:kwh|de|del|la|el|los|las|a|por|su)\\s+)*${SPANISH}(?:\\s+(?:de|del|la|el|los|las|a|por|su|kwh|[a-záéíóúñ]+|[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+))*?(?=\\s*:|\\s{3,}|\\s+[A-Z]{0,3}[\\d$(-]|$)`,
  "giu",
);

/** A line with the Spanish translations of its labels dropped. */
export function withoutTranslations(line: string): string {
  return line.includes("/") ? line.replace(TRANSLATION, "") : line;
}
