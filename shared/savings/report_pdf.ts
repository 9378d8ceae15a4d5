// The savings report as a designed document: cover with partner logo and customer, key figures, monthly
// usage chart, 25-year projection chart, sections I-III, header and footer with page numbers.
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, type RGB, rgb } from "pdf-lib";
import {
  ASSUMPTIONS,
  BEYOND_HOME_USE,
  FIXED_CHARGE_OTHER_UTILITY,
  RETAIL_CHOICE,
  type SavingsFigures,
  UNIT_WHOLE_ROOF,
  UTILITY_RATE_ESTIMATE,
} from "./calculate.ts";
import { netCostLabel } from "./credit.ts";
import { projectionChartKind, projectionChartTitle, thinSavingsWords } from "./projection_chart.ts";
import type { ReportSection } from "./report/types.ts";
import {
  cents,
  compact,
  escapeHtml,
  kwh,
  MONTHS_SHORT,
  sharePct,
  usd,
  usdCents,
  years as yearsText,
} from "../format.ts";
import { visualRuns } from "../pdf/bidi.ts";
import { htmlToBlocks, textsOf } from "../pdf/blocks.ts";
import { barChart, lineChart } from "../pdf/charts.ts";
import { drawTextRuns, FontSet, widthOfText } from "../pdf/fonts.ts";
import {
  embedImages,
  flow,
  type Item,
  layoutBlocks,
  type LayoutContext,
  type PageFrame,
  tightenToFit,
} from "../pdf/layout.ts";
import { BASE_STYLE, parseColor } from "../pdf/style.ts";
import { domainsIn, pdfNoAutoLink } from "../pdf/no_autolink.ts";

/**
 * The figures the document shows: those of `calculateSavings`, or a caller-supplied subset (the PDF routes validate
 * it with `figuresForPdf`). The credit, the fixed charge and the flags are optional: without them the document says
 * the figure is left out instead of showing it.
 */
/** A page that draws nothing: the layout's dry run counts the pages a choice would take (every call a no-op). */
const BLANK_PAGE = new Proxy({}, { get: () => () => undefined }) as unknown as PDFPage;

export type ReportFigures =
  & Pick<
    SavingsFigures,
    | "monthlyKwh"
    | "extrapolatedMonths"
    | "annualKwh"
    | "annualCost"
    | "ratePerKwh"
    | "escalatorPct"
    | "systemKw"
    | "panels"
    | "annualProductionKwh"
    | "offsetPct"
    | "netCost"
    | "netAnnualSavings"
    | "paybackYears"
    | "lifetimeSavings"
    | "lifetimeNetBenefit"
  >
  & {
    projection: Pick<
      SavingsFigures["projection"][number],
      "year" | "costWithoutSolar" | "costWithSolar" | "savings"
    >[];
    credit?: Pick<SavingsFigures["credit"], "pct">;
    fixedChargeMonthly?: number | null;
    flags?: string[];
  };

export interface SavingsReportDocument {
  customerName: string;
  address: string;
  state: string;
  partner: { name: string; logoDataUri?: string | null; color?: string | null };
  figures: ReportFigures;
  sections: ReportSection[];
  generatedAt?: string | Date;
  transactionId?: string;
}

const W = 612, H = 792, M = 48;
const INK = rgb(0.1, 0.1, 0.12), MUTED = rgb(0.42, 0.44, 0.48), TILE = rgb(0.95, 0.96, 0.975);
const SUN = rgb(0.95, 0.61, 0.07);

async function logoImage(doc: PDFDocument, uri: string | null | undefined): Promise<PDFImage | undefined> {
  const m = uri?.match(/^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=]+)$/i);
  if (!m) return undefined; // logos are never fetched from a URL
  try {
    const bytes = Uint8Array.from(atob(m[2]), (c) => c.charCodeAt(0));
    return m[1].toLowerCase() === "png" ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    return undefined;
  }
}

/** The report's paragraphs break with at least three lines on each page. */
const PARAGRAPH_BREAKS = "p { orphans: 3; widows: 3 }";

/** The share of their height the sections' margins keep when closing them up keeps every table whole (QA pass 12). */
const COMPACT_MARGINS = 0.4;

/** Every string of the report's data (names, address, sections…), for FontSet.shapeIfNeeded. */
function* stringsOf(v: unknown): Generator<string> {
  if (typeof v === "string") yield v;
  else if (Array.isArray(v)) { for (const x of v) yield* stringsOf(x); }
  else if (v && typeof v === "object") { for (const x of Object.values(v)) yield* stringsOf(x); }
}

function fit(img: PDFImage, maxW: number, maxH: number) {
  const k = Math.min(maxW / img.width, maxH / img.height);
  return { width: img.width * k, height: img.height * k };
}

/** Draws `s` as given: the homeowner's typed values come unlinkable already (`typed`, renderSavingsReportPdf). */
function text(
  page: PDFPage,
  s: string,
  x: number,
  y: number,
  size: number,
  font: PDFFont,
  color: RGB = INK,
  align: "left" | "right" | "center" = "left",
) {
  const w = widthOfText(font, s, size);
  let cx = align === "right" ? x - w : align === "center" ? x - w / 2 : x;
  // a right-to-left name or address in the line: its runs drawn one after another in visual order (a CJK
  // name in its own font: drawTextRuns)
  for (const run of visualRuns(s) ?? [s]) cx += drawTextRuns(page, run, { x: cx, y, size, font, color });
}

/** Shortens `s` with an ellipsis to fit `width`. */
function clip(s: string, font: PDFFont, size: number, width: number): string {
  if (widthOfText(font, s, size) <= width) return s;
  let t = s;
  while (t.length > 1 && widthOfText(font, t + "…", size) > width) t = t.slice(0, -1);
  return t + "…";
}

/** `s` in lines that fit `width`, broken at spaces; the last of `max` lines is clipped if still too long. */
function wrap(s: string, font: PDFFont, size: number, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of s.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOfText(font, next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), clip(lines.slice(max - 1).join(" "), font, size, width)];
}

export async function renderSavingsReportPdf(r: SavingsReportDocument): Promise<Uint8Array> {
  const f = r.figures;
  const brand = parseColor(r.partner.color ?? "") ?? rgb(0.12, 0.37, 0.55);
  // What a homeowner typed (name, address) is never a link in a viewer (pass 15): its domain-like dots drawn as the
  // one-dot leader. The partner's name is the partner's configuration (the operator's organization record): drawn as
  // written, so "Sunrise Solar (sunrise.example)" stays the partner's real domain (security pass 16).
  const own = domainsIn(r.partner.name);
  const customer = pdfNoAutoLink(r.customerName, own), address = pdfNoAutoLink(r.address, own);
  const doc = await PDFDocument.create();
  doc.setTitle(`Solar Savings Report — ${customer}`);
  doc.setAuthor(r.partner.name);
  doc.setSubject(`Solar savings report for ${address}`);
  doc.setProducer("solar-lead-platform pdf-generator");
  doc.setLanguage("en-US");
  const date = new Date(r.generatedAt ?? Date.now());
  doc.setCreationDate(date);

  // A section's table stays whole, on the next page when it does not fit (QA pass 11: the month table broke 3 + 3
  // rows across pages 2 and 3, the year's months read on two pages), unless keeping the tables whole would add a
  // page to the report (the Texas low-use report's "What happens next" alone on a last page, QA5/QA6): then a table
  // breaks only with three rows or more on each page, its header repeated on the next.
  // A paragraph breaks leaving three lines or more on each page, so one of five lines or fewer moves whole (QA pass
  // 12: every report's page 4 began "none. Source: P.L. 119-21 …", the last three lines of the credit paragraph).
  const sectionBlocks = r.sections.map((s) =>
    htmlToBlocks(`<style>table { break-inside: avoid } ${PARAGRAPH_BREAKS}</style>${s.text}`, BASE_STYLE)
  );
  const splitBlocks = r.sections.map((s) =>
    htmlToBlocks(`<style>table { orphans: 3; widows: 3 } ${PARAGRAPH_BREAKS}</style>${s.text}`, BASE_STYLE)
  );
  const fonts = new FontSet(doc);
  const texts = [...stringsOf(r), ...textsOf(sectionBlocks.flat())];
  await fonts.shapeIfNeeded(texts);
  await fonts.load("regular", "bold", "italic");
  await fonts.loadCjk(texts);
  const regular = fonts.get(false, false), bold = fonts.get(true, false);
  // The sections are generated and may quote typed text: unlinkable but for the partner's own domains.
  const ctx: LayoutContext = { doc, fonts, resolved: new Map(), keepDomains: own };
  await embedImages(sectionBlocks.flat(), ctx);
  const logo = await logoImage(doc, r.partner.logoDataUri);
  const dateText = date.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

  // ---- Cover
  const cover = doc.addPage([W, H]);
  cover.drawRectangle({ x: 0, y: H - 190, width: W, height: 190, color: brand });
  cover.drawRectangle({ x: 0, y: H - 194, width: W, height: 4, color: SUN });
  if (logo) {
    const d = fit(logo, 150, 46);
    cover.drawRectangle({
      x: M - 8,
      y: H - 40 - d.height - 8,
      width: d.width + 16,
      height: d.height + 16,
      color: rgb(1, 1, 1),
    });
    cover.drawImage(logo, { x: M, y: H - 40 - d.height, ...d });
  } else {
    text(cover, clip(r.partner.name, bold, 14, 300), M, H - 58, 14, bold, rgb(1, 1, 1));
  }
  text(cover, dateText, W - M, H - 52, 9, regular, rgb(0.9, 0.93, 0.96), "right");
  text(cover, "Solar Savings Report", M, H - 125, 28, bold, rgb(1, 1, 1));
  text(
    cover,
    clip(`Prepared for ${customer}`, regular, 13, W - 2 * M),
    M,
    H - 150,
    13,
    regular,
    rgb(1, 1, 1),
  );
  text(cover, clip(address, regular, 9.5, W - 2 * M), M, H - 170, 9.5, regular, rgb(0.88, 0.92, 0.96));

  // Key figures: two rows of three tiles.
  text(cover, "Key figures", M, H - 232, 14, bold, brand);
  const proposed = f.systemKw > 0;
  const last25 = f.projection[f.projection.length - 1];
  // Without a proposed system the cover shows the home's own figures and why, never a row of zeros.
  const tiles: [string, string][] = !proposed
    ? [
      [usd(f.annualCost), "Electricity cost a year"],
      [kwh(f.annualKwh), "Electricity use a year"],
      [cents(f.ratePerKwh), "Rate used"],
      ["None", noSystemShort(f)],
      [last25 ? usd(last25.costWithoutSolar) : "—", `Year ${last25?.year ?? 25} cost without solar`],
      [`${f.escalatorPct}% a year`, "Price rise assumed"],
    ]
    : [
      [usd(f.netAnnualSavings), "First-year savings"],
      [usd(f.lifetimeSavings), `${f.projection.length}-year savings`],
      [f.paybackYears === null ? "—" : yearsText(f.paybackYears), "Payback period"],
      [`${f.systemKw.toFixed(1)} kW`, `System size (${f.panels} panels)`],
      [usd(f.netCost), netCostLabel(f.credit)],
      [kwh(f.annualProductionKwh), `Production a year · ${sharePct(f.offsetPct)} of use`],
    ];
  const tileW = (W - 2 * M - 2 * 12) / 3, tileH = 62;
  tiles.forEach(([value, label], i) => {
    const x = M + (i % 3) * (tileW + 12), y = H - 250 - Math.floor(i / 3) * (tileH + 12) - tileH;
    cover.drawRectangle({ x, y, width: tileW, height: tileH, color: TILE });
    cover.drawRectangle({ x, y, width: 3, height: tileH, color: i < 3 ? SUN : brand });
    text(cover, clip(value, bold, 17, tileW - 22), x + 13, y + 32, 17, bold, INK);
    text(cover, clip(label, regular, 8.5, tileW - 22), x + 13, y + 14, 8.5, regular, MUTED);
  });

  // Monthly usage chart.
  const chartTop = H - 250 - 2 * tileH - 12 - 40;
  text(cover, "Monthly electricity use (kWh)", M, chartTop, 12, bold, brand);
  const estimated = f.monthlyKwh.map((_, i) => f.extrapolatedMonths.includes(i + 1));
  barChart(
    cover,
    regular,
    { x: M, y: chartTop - 200, width: W - 2 * M, height: 170 },
    f.monthlyKwh,
    MONTHS_SHORT,
    brand,
    estimated,
  );
  // The fixed charge is always named: the bill's, or said to be left out (no sourced default exists).
  const fixed = f.fixedChargeMonthly ?? null;
  const known = fixed !== null;
  // The yearly cost includes the fixed charge: "$2,145 at 14.15 ¢/kWh plus your bill's $8.99 …" read as if the
  // charge came on top of it (QA pass 7).
  const usageNote =
    (known
      ? `Total ${kwh(f.annualKwh)} a year at ${cents(f.ratePerKwh)}, ${usd(f.annualCost)} with your bill's ${
        usdCents(fixed)
      } monthly fixed charge.`
      : `Total ${kwh(f.annualKwh)} a year, ${usd(f.annualCost)} at ${cents(f.ratePerKwh)}.`) +
    (estimated.some(Boolean) ? " Lighter bars are estimated months." : "");
  // The notes wrap (at most two lines each) rather than lose their end: "Lighter bars are estimated months."
  // was cut to "estimate…" with a bill's fixed charge named.
  let noteY = chartTop - 232;
  const note = (s: string) => {
    for (const line of wrap(s, regular, 8.5, W - 2 * M, 2)) {
      text(cover, line, M, noteY, 8.5, regular, MUTED);
      noteY -= 12;
    }
  };
  note(usageNote);
  // A use far beyond a home's, said on the cover too, in ink: the tile "1% of use" alone read as a normal report.
  if (f.flags?.includes(BEYOND_HOME_USE)) {
    const say = `Far more electricity than a home uses${
      f.systemKw > 0 ? `: this system would cover only ${sharePct(f.offsetPct)} of it` : ""
    }. Section I says what this means.`;
    for (const line of wrap(say, bold, 9, W - 2 * M, 2)) {
      text(cover, line, M, noteY, 9, bold, INK);
      noteY -= 13;
    }
  }
  if (!known) {
    note(
      `Your ${
        // a retail-choice area's bill is the retail provider's (QA pass 16)
        f.flags?.includes(RETAIL_CHOICE) ? "electricity provider's" : "utility's"} fixed monthly charge ${
        // Every month estimated: usage typed by hand, no bill to read it from. Another utility's bill: its charge
        // is not the home's utility's (QA pass 11).
        f.flags?.includes(FIXED_CHARGE_OTHER_UTILITY)
          ? "is not known (your bill is from another utility)"
          : f.extrapolatedMonths.length >= 12
          ? "is not known"
          : "was not read from your bill"}: it is not included${
        f.systemKw > 0 ? ", and solar does not remove it" : ""
      }.`,
    );
  }

  // ---- Following pages: projection chart, then sections I-III.
  const pages: PDFPage[] = [cover];
  const newPage = (): PageFrame => {
    const page = doc.addPage([W, H]);
    pages.push(page);
    return { page, left: M, width: W - 2 * M, top: H - M - 22, bottom: M + 26 };
  };
  const first = newPage();
  let y = first.top;
  const kind = projectionChartKind(f);
  text(first.page, projectionChartTitle(kind), M, y - 12, 12, bold, brand);
  const years = f.projection.map((p) => String(p.year));
  // The savings are the gap between the two cost lines: a shaded band, never a third line crossing them.
  const without = {
    name: "Yearly cost without solar",
    values: f.projection.map((p) => p.costWithoutSolar),
    color: MUTED,
    dash: [4, 2],
  };
  const box = { x: M, y: y - 210, width: W - 2 * M, height: 160 };
  const xLabels = years.map((yy) => `Year ${yy}`);
  const money = (v: number) => `$${compact(v)}`;
  if (kind === "savings") {
    // A band under 10% of the scale is a sliver (QA pass 11): the savings alone, on their own scale.
    lineChart(
      first.page,
      regular,
      box,
      [{
        name: "Your yearly savings with solar",
        values: f.projection.map((p) => p.savings),
        color: brand,
      }],
      xLabels,
      money,
      5,
    );
  } else {
    lineChart(
      first.page,
      regular,
      box,
      kind === "costs"
        ? [
          without,
          { name: "Yearly cost with solar", values: f.projection.map((p) => p.costWithSolar), color: brand },
        ]
        : [without],
      xLabels,
      money,
      5,
      kind === "costs"
        ? {
          name: "Your yearly savings",
          upper: f.projection.map((p) => p.costWithoutSolar),
          lower: f.projection.map((p) => p.costWithSolar),
          color: rgb(0.99, 0.87, 0.62),
        }
        : undefined,
    );
  }
  const last = f.projection[f.projection.length - 1];
  const chartNote = proposed
    ? (kind === "savings" ? `${thinSavingsWords(f)} ` : "") +
      `Rates rise ${f.escalatorPct}% a year. Over ${f.projection.length} years solar saves ${
        usd(f.lifetimeSavings)
      }; net of its cost, ${usd(f.lifetimeNetBenefit)}.` +
      (last ? ` Year ${last.year} bill without solar: ${usd(last.costWithoutSolar)}.` : "")
    : `Rates rise ${f.escalatorPct}% a year. No system is proposed (see section I), so only the cost without solar is shown.`;
  // Up to three lines: the note of a savings-only chart says why before the figures.
  const noteLines = wrap(chartNote, regular, 8.5, W - 2 * M, 3);
  noteLines.forEach((line, i) => text(first.page, line, M, y - 238 - 11 * i, 8.5, regular, MUTED));
  y -= 262 + 11 * (noteLines.length - 1);

  const headingSize = 15;
  const sectionItems = (blocks: typeof sectionBlocks): Item[][] =>
    r.sections.map((s, k) => {
      const heading = pdfNoAutoLink(`${s.sequence}. ${s.title}`, own); // generated, may quote typed text
      const headingItem = {
        height: 34,
        keepWithNext: true,
        draw(page: PDFPage, x: number, yTop: number) {
          text(page, heading, x, yTop - 20, headingSize, bold, brand);
          page.drawLine({
            start: { x, y: yTop - 27 },
            end: { x: x + W - 2 * M, y: yTop - 27 },
            thickness: 1,
            color: SUN,
          });
        },
      };
      return [
        { height: 10, spacer: true, draw() {} },
        headingItem,
        ...layoutBlocks(blocks[k], W - 2 * M, ctx),
      ];
    });

  // ---- What happens next: the report ends with the homeowner's next step, not a half-empty page.
  // The platform's words and the partner's name: drawn as written.
  const nextItems = layoutBlocks(htmlToBlocks(nextStepsHtml(r, dateText), BASE_STYLE), W - 2 * M, {
    ...ctx,
    authored: true,
  });
  // The heading, its steps and the basis of the estimate stay on one page: the list was split with its first step
  // at the foot of one page and the rest alone on a nearly empty last page.
  const nextHeading = {
    height: 34,
    keepTogether: nextItems.length,
    draw(page: PDFPage, x: number, yTop: number) {
      text(page, "What happens next", x, yTop - 20, headingSize, bold, brand);
      page.drawLine({
        start: { x, y: yTop - 27 },
        end: { x: x + W - 2 * M, y: yTop - 27 },
        thickness: 1,
        color: SUN,
      });
    },
  };
  // Sections I-III, then the next steps. When the next steps overflow the foot of the page by a few points, their
  // margins give way rather than the block moving alone to a last page of its own (QA6).
  const placeBody = (sections: Item[][], open: () => PageFrame, start: { frame: PageFrame; y: number }) => {
    let at = start;
    for (const items of sections) at = flow(items, open, at);
    const nextBlock = tightenToFit(
      [{ height: 10, spacer: true, draw() {} }, nextHeading, ...nextItems],
      at.y - at.frame.bottom,
    );
    return flow(nextBlock, open, at);
  };
  const whole = sectionItems(sectionBlocks);
  const split = sectionItems(splitBlocks);
  const pagesOpened = (sections: Item[][]) => {
    let opened = 0;
    const blank = (): PageFrame => (opened++, { ...first, page: BLANK_PAGE, top: H - M - 22 });
    placeBody(sections, blank, { frame: { ...first, page: BLANK_PAGE }, y });
    return opened;
  };
  // Kept whole, the tables may take one page more than split (the business accounts' figures table of section III
  // broke 4 + 3 rows over pages 3 and 4: whole, "What happens next" went alone to a fifth page). Before splitting, the
  // sections' margins close up (to no less than COMPACT_MARGINS of their height): the tables stay whole on the pages
  // the split layout takes, the paragraphs a little closer together.
  const splitPages = pagesOpened(split);
  const closedUp = whole.map((items) =>
    items.map((it) => (it.spacer ? { ...it, height: it.height * COMPACT_MARGINS } : it))
  );
  const body = pagesOpened(whole) <= splitPages
    ? whole
    : pagesOpened(closedUp) <= splitPages
    ? closedUp
    : split;
  placeBody(body, newPage, { frame: first, y });

  // ---- Header and footer on every page (page count known now).
  const total = pages.length;
  pages.forEach((page, i) => {
    if (i > 0) {
      text(page, clip(r.partner.name, bold, 8.5, 300), M, H - M + 4, 8.5, bold, brand);
      text(page, "Solar Savings Report", W - M, H - M + 4, 8.5, regular, MUTED, "right");
      page.drawLine({
        start: { x: M, y: H - M - 2 },
        end: { x: W - M, y: H - M - 2 },
        thickness: 0.5,
        color: rgb(0.85, 0.86, 0.88),
      });
    }
    page.drawLine({
      start: { x: M, y: M + 8 },
      end: { x: W - M, y: M + 8 },
      thickness: 0.5,
      color: rgb(0.85, 0.86, 0.88),
    });
    text(
      page,
      clip(`Prepared for ${customer} by ${r.partner.name} · ${dateText}`, regular, 7.5, 400),
      M,
      M - 4,
      7.5,
      regular,
      MUTED,
    );
    text(page, `Page ${i + 1} of ${total}`, W - M, M - 4, 7.5, regular, MUTED, "right");
  });
  return await doc.save();
}

function nextStepsHtml(r: SavingsReportDocument, dateText: string): string {
  const f = r.figures, partner = escapeHtml(r.partner.name);
  const steps = f.systemKw > 0
    ? [
      `${partner} contacts you to check the figures with you: your usage, your roof (size, shade, condition${
        (f.flags ?? []).includes("roof_ownership_unknown")
          ? " and who owns it"
          : (f.flags ?? []).includes(UNIT_WHOLE_ROOF)
          ? " and the share of it that is yours"
          : ""
      }) and your utility's current rules.`,
      "You receive a firm quote: the system, its price, the financing options, and the credits that apply on the day you sign.",
      "Nothing is decided until you sign; you can ask any question by replying to the email this report came with.",
    ]
    : [
      `${partner} can look at your situation with you and tell you when solar would make sense (new bills, a roof change, community solar).`,
      "You can ask any question by replying to the email this report came with.",
    ];
  const c = f.credit;
  const basis = `This report is an estimate prepared on ${dateText}. It uses ${
    c ? "the federal tax credit rules in force on that date" : "the figures above"
  }, ${
    (f.flags ?? []).includes(UTILITY_RATE_ESTIMATE)
      ? "an estimate of your utility's average electricity price (its 2020 average, moved with your state's since)"
      : "your state's average electricity price"
  } unless your own rate was given, and a model of your roof; a site visit confirms them.${
    f.systemKw > 0 && f.paybackYears !== null
      ? ` The payback is the year in which your savings, with prices rising ${f.escalatorPct}% a year and the panels making ${ASSUMPTIONS.degradationPct}% less each year (as in the 25-year figures), add up to the net cost.`
      : ""
  }`;
  return `<ol>${steps.map((s) => `<li>${s}</li>`).join("")}</ol><p><em>${basis}</em></p>`;
}

function noSystemShort(f: ReportFigures): string {
  const flags = f.flags ?? [];
  if (flags.includes("zero_usage")) return "No system: no measurable use";
  if (flags.includes("roof_not_owned")) return "No system: roof not yours";
  if (flags.includes("below_minimum_size")) {
    return flags.includes("roof_limited") ? "No system: roof under 2 kW" : "No system: needs under 2 kW";
  }
  return "No system: no usable roof";
}
