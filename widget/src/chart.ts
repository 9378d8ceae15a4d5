import { t } from "./locale.ts";

const NS = "http://www.w3.org/2000/svg";
const svg = (tag: string, attrs: Record<string, string | number>) => {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
};

/**
 * Monthly kWh as bars, with a text summary and a data table for screen readers. Estimated months (1-12: the bill
 * did not give them) are drawn lighter and said so, as the PDF report does: the summary showed ten estimated months
 * of a two-month bill as if they were read.
 */
export function usageChart(monthly: number[], annual: number, estimated: number[] = []): HTMLElement {
  const fig = document.createElement("figure");
  fig.className = "chart";
  const w = 360, hgt = 140, pad = 18, bw = (w - pad) / 12;
  const max = Math.max(1, ...monthly);
  const root = svg("svg", {
    viewBox: `0 0 ${w} ${hgt + 20}`,
    role: "img",
    "aria-labelledby": "chart-cap",
    preserveAspectRatio: "xMidYMid meet",
  });
  monthly.forEach((v, i) => {
    const bh = Math.max(2, (v / max) * hgt);
    const rect = svg("rect", {
      x: pad + i * bw + 2,
      y: hgt - bh,
      width: bw - 4,
      height: bh,
      rx: 3,
      class: estimated.includes(i + 1) ? "bar estimated" : "bar",
    });
    const title = svg("title", {});
    title.textContent = `${t.months[i]}: ${v.toLocaleString("en-US")} kWh${
      estimated.includes(i + 1) ? ` (${t.usageEstimated})` : ""
    }`;
    rect.append(title);
    const label = svg("text", {
      x: pad + i * bw + bw / 2,
      y: hgt + 14,
      "text-anchor": "middle",
      class: "axis",
    });
    label.textContent = t.monthsShort[i].charAt(0);
    root.append(rect, label);
  });
  const cap = document.createElement("figcaption");
  cap.id = "chart-cap";
  cap.textContent = `${t.usageChart}. ${t.chartSummary(annual)}${
    estimated.length ? ` ${t.chartEstimated(estimated.length)}` : ""
  }`;
  const table = document.createElement("table");
  table.className = "sr-only";
  table.createCaption().textContent = t.usageChart;
  const head = table.insertRow();
  for (const text of [t.monthHeader, t.kwhHeader]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    head.append(th);
  }
  monthly.forEach((v, i) => {
    const tr = table.insertRow();
    tr.insertCell().textContent = t.months[i];
    tr.insertCell().textContent = `${v.toLocaleString("en-US")}${
      estimated.includes(i + 1) ? ` (${t.usageEstimated})` : ""
    }`;
  });
  fig.append(root, cap, table);
  return fig;
}
