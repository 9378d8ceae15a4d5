import { num } from "./values.ts";

type Item = { manufacturer: string; model: string; quantity: number | null };

// Brands whose names have more than one word, so the model is not cut in the wrong place.
const BRANDS = [
  "Canadian Solar",
  "Hanwha Q CELLS",
  "Tesla",
  "REC",
  "Qcells",
  "Jinko",
  "JinkoSolar",
  "LONGi",
  "Trina",
  "Panasonic",
  "SunPower",
  "Maxeon",
  "Silfab",
  "Enphase",
  "SolarEdge",
  "SMA",
  "Generac",
  "LG",
  "FranklinWH",
  "Franklin",
  "Fronius",
  "Tigo",
  "Sonnen",
  "Sungrow",
  "Huawei",
];

function split(text: string, quantity: number | null): Item {
  let t = text.trim().replace(/\s+/g, " ");
  const brandOf = (s: string) => BRANDS.find((b) => s.toLowerCase().startsWith(b.toLowerCase() + " "));
  let brand = brandOf(t);
  const rest = t.slice(t.indexOf(" ") + 1);
  if (!brand && t.indexOf(" ") <= 4 && brandOf(rest)) {
    // OCR garbled a short token before a known brand ("Cox SolarEdge SE7600H-US" for "1 x SolarEdge ..."):
    // it is dropped (the quantity stays unknown).
    t = rest;
    brand = brandOf(rest);
  }
  const manufacturer = brand ? t.slice(0, brand.length) : t.split(" ")[0];
  return { manufacturer, model: modelCode(t.slice(manufacturer.length).trim()), quantity };
}

/**
 * OCR confusions inside a model code: a leading "1" before letters and a digit is an "I" ("1Q8PLUS" ->
 * "IQ8PLUS": model codes do not start with a digit glued to letters like that), a ";" between digits is a
 * hyphen.
 */
export function modelCode(model: string): string {
  return model.split(" ").map((w) => w.replace(/^1(?=[A-Z]{1,3}\d)/, "I").replace(/(?<=\d);(?=\d)/g, "-"))
    .join(" ");
}

/** "27 x REC Alpha Pure-R 410 (410 W each)" / "1 x SolarEdge SE7600H-US" / "Tesla Powerwall 3". */
function labelled(lines: string[], label: RegExp): Item | null | undefined {
  for (const l of lines) {
    const m = l.match(label);
    if (!m) continue;
    const v = m[1].replace(/\(.*?\)/g, "").trim().replace(/\.$/, "");
    if (!v || /^(none|not included|n\/a)$/i.test(v)) return null;
    // "26 x Jinko ...", also as OCR leaves it: "AE   26 x Jinko" (dust before), "19'x- Qcells", "15-x REC"
    const q = v.match(/^(?:[^\s\d]{1,3}\s+)?(\d+)\s*['.,-]?\s*(?:x|×)[-'.]?\s*(.+)$/i) ??
      v.match(/^(\d+)\s+([A-Za-z].+)$/);
    return q ? split(q[2], Number(q[1])) : split(v, null);
  }
  return undefined;
}

export function equipment(lines: string[], flat: string) {
  const one = flat.replace(/\s+/g, " ");
  // a label may keep a dot of dust ("Inverter.   29 x Enphase ...")
  let panels = labelled(lines, /^(?:Solar )?(?:Modules|Panels|Solar Panels)\.?(?:\s*:\s*|\s{2,})(.+)$/i);
  let inverter = labelled(lines, /^Inverters?\.?(?:\s*:\s*|\s{2,})(.+)$/i);
  let battery = labelled(
    lines,
    /^(?:Battery(?: Storage)?|Energy storage|Storage)\.?(?:\s*:\s*|\s{2,})(.+)$/i,
  );
  if (!panels) {
    const m = one.match(
      /(?:consists of|made of|comprising|consisting of) (\d+|[a-z]+) (.+?) (?:solar )?(?:modules|panels)\b/i,
    );
    if (m) panels = split(m[2], num(m[1]));
  }
  if (!inverter) {
    const m = one.match(/(?:modules|panels) (?:and|with) (?:(\d+|one|an?) )?(.+?) (?:micro-?)?inverter/i);
    if (m) inverter = split(m[2], m[1] ? num(m[1]) : null);
  }
  if (battery === undefined) {
    const m = one.match(/with (an?|one|two|\d+) (.+?) batter(?:y|ies)(?:[.,;]|$)/i);
    battery = m ? split(m[2], /^(a|an|one)$/i.test(m[1]) ? 1 : num(m[1])) : null;
  }
  const empty = { manufacturer: "", model: "", quantity: null };
  return { panels: panels ?? empty, inverter: inverter ?? empty, battery: battery ?? null };
}
