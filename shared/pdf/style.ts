// The CSS subset of the HTML renderer: font size, weight and style, colour, background, alignment, margins,
// line height. From style attributes and <style> rules with tag, .class and tag.class selectors.
import type { RGB } from "pdf-lib";

/** pdf-lib's rgb() (components 0–1) without loading pdf-lib: styles are parsed by processes that never draw a
 * PDF (the document engine's callers, the local stack at start: `npm run bench:start`). */
function rgb(red: number, green: number, blue: number): RGB {
  for (const c of [red, green, blue]) {
    if (!(c >= 0 && c <= 1)) throw new RangeError(`color component ${c} not in 0–1`);
  }
  return { type: "RGB", red, green, blue } as unknown as RGB;
}

export type Align = "left" | "center" | "right" | "justify";

export interface Style {
  fontSize: number; // pt
  bold: boolean;
  italic: boolean;
  color: RGB;
  background?: RGB;
  align: Align;
  lineHeight: number; // multiple of the font size
  marginTop: number;
  marginBottom: number;
  marginLeft: number;
  marginRight: number;
  /** page-break-before / break-before: page (not inherited). */
  breakBefore?: boolean;
  /** page-break-inside / break-inside: avoid (not inherited): a table moves whole to the next page when it
   * fits on one. */
  avoidBreakInside?: boolean;
  /** orphans / widows (not inherited), applied to a table's rows: a table may break only where at least `orphans`
   * rows stay before the break and `widows` after it (the header row repeated); one too short for both stays whole. */
  orphans?: number;
  widows?: number;
}

export type StyleDecl = Partial<Record<keyof Style, unknown>> & { [k: string]: unknown };

const NAMED: Record<string, string> = {
  black: "#000000",
  white: "#ffffff",
  red: "#ff0000",
  green: "#008000",
  blue: "#0000ff",
  gray: "#808080",
  grey: "#808080",
  orange: "#ffa500",
  navy: "#000080",
  teal: "#008080",
  maroon: "#800000",
  purple: "#800080",
  silver: "#c0c0c0",
  darkgray: "#a9a9a9",
  darkgrey: "#a9a9a9",
  lightgray: "#d3d3d3",
  lightgrey: "#d3d3d3",
  darkgreen: "#006400",
  darkblue: "#00008b",
  yellow: "#ffff00",
  gold: "#ffd700",
  brown: "#a52a2a",
};

export function parseColor(v: string): RGB | undefined {
  const s = v.trim().toLowerCase();
  const hex = (NAMED[s] ?? s).match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/);
  if (hex) {
    const h = hex[1].length === 3 ? hex[1].split("").map((c) => c + c).join("") : hex[1];
    return rgb(
      parseInt(h.slice(0, 2), 16) / 255,
      parseInt(h.slice(2, 4), 16) / 255,
      parseInt(h.slice(4, 6), 16) / 255,
    );
  }
  const fn = s.match(/^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/);
  if (fn) return rgb(Math.min(255, +fn[1]) / 255, Math.min(255, +fn[2]) / 255, Math.min(255, +fn[3]) / 255);
  return undefined;
}

/** A CSS length in pt; `em`/`%` relative to `base` (the parent font size). */
export function parseLength(v: string, base: number): number | undefined {
  const m = v.trim().toLowerCase().match(/^(-?[\d.]+)(px|pt|em|rem|%|mm|cm|in)?$/);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return undefined;
  switch (m[2]) {
    case "pt":
      return n;
    case "em":
    case "rem":
      return n * base;
    case "%":
      return n / 100 * base;
    case "mm":
      return n * 72 / 25.4;
    case "cm":
      return n * 72 / 2.54;
    case "in":
      return n * 72;
    default:
      return n * 0.75; // px (and unitless)
  }
}

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

/** Applies "prop: value; ..." declarations to a copy of `s` (inherited from the parent). */
export function applyDeclarations(s: Style, css: string): Style {
  const out = { ...s };
  for (const decl of css.split(";")) {
    const i = decl.indexOf(":");
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase(),
      val = decl.slice(i + 1).trim().replace(/\s*!important$/, "");
    switch (prop) {
      case "font-size": {
        const named: Record<string, number> = {
          small: 9,
          medium: 10.5,
          large: 13,
          "x-large": 16,
          "xx-large": 20,
        };
        const n = named[val] ?? parseLength(val, s.fontSize);
        if (n !== undefined) out.fontSize = clamp(n, 4, 96);
        break;
      }
      case "font-weight":
        out.bold = val === "bold" || val === "bolder" || Number(val) >= 600;
        break;
      case "font-style":
        out.italic = val === "italic" || val === "oblique";
        break;
      case "color":
        out.color = parseColor(val) ?? out.color;
        break;
      case "background":
      case "background-color":
        out.background = parseColor(val) ?? out.background;
        break;
      case "text-align":
        if (["left", "center", "right", "justify"].includes(val)) out.align = val as Align;
        break;
      case "line-height": {
        const n = /^[\d.]+$/.test(val) ? Number(val) : (parseLength(val, s.fontSize) ?? 0) / out.fontSize;
        if (n > 0) out.lineHeight = clamp(n, 0.8, 4);
        break;
      }
      case "page-break-before":
      case "break-before":
        out.breakBefore = val === "always" || val === "page";
        break;
      case "page-break-inside":
      case "break-inside":
        out.avoidBreakInside = val === "avoid" || val === "avoid-page";
        break;
      case "orphans":
      case "widows":
        if (/^\d+$/.test(val)) out[prop === "orphans" ? "orphans" : "widows"] = clamp(Number(val), 1, 50);
        break;
      case "margin": {
        const parts = val.split(/\s+/).map((p) => parseLength(p, s.fontSize) ?? 0);
        const [t, r = t, b = t, l = r] = parts;
        Object.assign(out, { marginTop: t, marginRight: r, marginBottom: b, marginLeft: l });
        break;
      }
      case "margin-top":
      case "margin-bottom":
      case "margin-left":
      case "margin-right": {
        const n = parseLength(val, s.fontSize);
        const key = ("margin" + prop[7].toUpperCase() + prop.slice(8)) as "marginTop";
        if (n !== undefined) out[key] = clamp(n, -200, 400);
        break;
      }
    }
  }
  return out;
}

export interface CssRule {
  tag?: string;
  cls?: string;
  decls: string;
  specificity: number;
}

/** Rules kept from all <style> blocks of a document; more are refused (each one is tried on every element). */
export const MAX_CSS_RULES = 64;
/**
 * Declarations kept from all <style> blocks (a rule with a selector list counts once per selector); more are
 * refused. An element applies the declarations of every rule it matches, so this bounds the work per element.
 */
export const MAX_CSS_DECLARATIONS = 512;

/** How many declarations (`prop: value`) a rule body holds. */
export function declarationCount(decls: string): number {
  let n = 0;
  for (const d of decls.split(";")) if (d.includes(":")) n++;
  return n;
}

/** Text without its comments; an unclosed comment runs to the end. Linear (a lazy regex was quadratic). */
function withoutComments(css: string): string {
  let out = "", at = 0;
  for (;;) {
    const open = css.indexOf("/*", at);
    if (open < 0) return out + css.slice(at);
    out += css.slice(at, open);
    const close = css.indexOf("*/", open + 2);
    if (close < 0) return out;
    at = close + 2;
  }
}

/**
 * Rules of <style> blocks; only simple selectors (tag, .class, tag.class), comma lists allowed. One linear scan:
 * `{` … `}` pairs (a body may hold a stray `{`), the selector text since the previous rule. The regexes it replaces
 * took 96 s on 400 KB of `a{a{a{…` and 8 s on 400 KB of unclosed comment openers. It stops after `limit` + 1 rules
 * (the caller refuses more than `limit`).
 */
export function parseStylesheet(css: string, limit = MAX_CSS_RULES): CssRule[] {
  const text = withoutComments(css);
  const rules: CssRule[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf("{", at);
    if (open < 0) break;
    const close = text.indexOf("}", open + 1);
    if (close < 0) break;
    const head = text.slice(at, open);
    const selectors = head.slice(head.lastIndexOf("}") + 1);
    at = close + 1;
    if (!selectors.trim()) continue;
    const decls = text.slice(open + 1, close);
    for (const sel of selectors.split(",").map((x) => x.trim())) {
      const s = sel.match(/^([a-zA-Z][a-zA-Z0-9]*)?(?:\.([a-zA-Z0-9_-]+))?$/);
      if (!s || (!s[1] && !s[2])) continue; // complex selectors are ignored
      if (rules.length > limit) return rules;
      rules.push({
        tag: s[1]?.toLowerCase(),
        cls: s[2],
        decls,
        specificity: (s[1] ? 1 : 0) + (s[2] ? 10 : 0),
      });
    }
  }
  return rules.sort((a, b) => a.specificity - b.specificity);
}

/** A child's starting style: inherited text properties, fresh box properties. */
export function inherit(parent: Style): Style {
  return {
    ...parent,
    marginTop: 0,
    marginBottom: 0,
    marginLeft: 0,
    marginRight: 0,
    background: undefined,
    breakBefore: false,
    avoidBreakInside: false,
    orphans: undefined,
    widows: undefined,
  };
}

/** Default styles of the elements the renderer knows (applied before author CSS). */
export const TAG_DEFAULTS: Record<string, string> = {
  h1: "font-size: 22pt; font-weight: bold; margin-top: 6pt; margin-bottom: 10pt",
  h2: "font-size: 17pt; font-weight: bold; margin-top: 10pt; margin-bottom: 7pt",
  h3: "font-size: 14pt; font-weight: bold; margin-top: 8pt; margin-bottom: 6pt",
  h4: "font-size: 12pt; font-weight: bold; margin-top: 6pt; margin-bottom: 5pt",
  h5: "font-size: 10.5pt; font-weight: bold; margin-top: 6pt; margin-bottom: 4pt",
  h6: "font-size: 9pt; font-weight: bold; margin-top: 6pt; margin-bottom: 4pt",
  p: "margin-bottom: 7pt",
  ul: "margin-bottom: 7pt",
  ol: "margin-bottom: 7pt",
  li: "margin-bottom: 2pt",
  table: "margin-bottom: 9pt; font-size: 0.9em",
  th: "font-weight: bold",
  strong: "font-weight: bold",
  b: "font-weight: bold",
  em: "font-style: italic",
  i: "font-style: italic",
  small: "font-size: 0.85em",
  hr: "margin-top: 6pt; margin-bottom: 6pt",
  blockquote: "margin-left: 18pt; margin-bottom: 7pt; font-style: italic",
};

export const BASE_STYLE: Style = {
  fontSize: 10.5,
  bold: false,
  italic: false,
  color: rgb(0.1, 0.1, 0.12),
  align: "left",
  lineHeight: 1.35,
  marginTop: 0,
  marginBottom: 0,
  marginLeft: 0,
  marginRight: 0,
};
