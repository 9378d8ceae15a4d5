// What the designed savings PDF needs from a caller-supplied report (the output of savings-insight-service).
import { z } from "@hono/zod-openapi";
import { reportSchema } from "./report/schema.ts";

const money = z.number().finite();
export const figuresForPdf = z.object({
  monthlyKwh: z.array(z.number().min(0).finite()).length(12),
  extrapolatedMonths: z.array(z.number().int().min(1).max(12)).default([]),
  annualKwh: z.number().min(0),
  annualCost: money,
  ratePerKwh: z.number().min(0),
  escalatorPct: z.number(),
  systemKw: z.number().min(0),
  panels: z.number().int().min(0),
  annualProductionKwh: z.number().min(0),
  offsetPct: z.number().min(0),
  netCost: money,
  netAnnualSavings: money,
  paybackYears: z.number().nullable(),
  lifetimeSavings: money,
  lifetimeNetBenefit: money,
  projection: z.array(
    z.object({ year: z.number().int(), costWithoutSolar: money, costWithSolar: money, savings: money }),
  ).min(1).max(50),
  // Optional: without them the document says the credit / the fixed charge is left out.
  credit: z.object({ pct: z.number().min(0).max(100) }).passthrough().optional(),
  fixedChargeMonthly: z.number().min(0).finite().nullable().optional(),
  flags: z.array(z.string().max(100)).max(50).optional(),
}).passthrough();

export const savingsPdfRequest = z.object({
  customerName: z.string().trim().min(1).max(200),
  address: z.string().trim().max(400).default(""),
  state: z.string().trim().max(2).default(""),
  partner: z.object({
    name: z.string().trim().min(1).max(200),
    logo: z.string().max(500_000).regex(
      /^data:image\/(png|jpe?g);base64,/i,
      "must be a PNG or JPEG data: URI",
    ).optional(),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb color").optional(),
  }).default({ name: "Solar partner" }),
  report: reportSchema,
  figures: figuresForPdf,
  generatedAt: z.string().datetime().optional(),
});
export type SavingsPdfRequest = z.infer<typeof savingsPdfRequest>;
