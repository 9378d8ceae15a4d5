// The world the edge check runs functions in (a migrated, seeded database; a Supabase Storage double; the env a
// deploy sets) and the real requests it sends each function. The queue-worker runs last and works off the jobs
// the other functions' requests enqueued.
import { createTestDatabase, type TestDb } from "../../tests/support/db.ts";
import { startStorageDouble, type StorageDouble } from "../../tests/doubles/supabase_storage.ts";
import { createPlatform, type Platform } from "../../shared/platform.ts";
import { loadCoreConfig } from "../../shared/config.ts";
import { issueIdToken } from "../../shared/auth/tokens.ts";
import { seedDemo } from "../../shared/stack/demo_seed.ts";
import { upsertSubscription } from "../../shared/bills/subscription.ts";
import { emptyItem, MonthNames } from "../../shared/bills/schema.ts";
import { type GeminiDouble, startGeminiDouble } from "../../tests/doubles/gemini.ts";
import type { DemoContext } from "../../shared/stack/extension.ts";
import { CJK_BUCKET, CJK_PREFIX, cjkSlicesFor, packageSliceLoader } from "../../shared/pdf/cjk.ts";

const BUCKETS = [
  "bills",
  "contracts",
  "email-attachments",
  "property-documents",
  "savings-reports",
  CJK_BUCKET,
];
/** Names in Chinese, Japanese and Korean: their CJK font slices come from Storage (shared/pdf/cjk.ts). */
const CJK_NAMES = "王小明 · 山田太郎 · 김민수";

export interface EdgeWorld {
  db: TestDb;
  p: Platform;
  demo: DemoContext;
  internalToken: string;
  adminToken: string;
  widgetToken: string;
  storage: StorageDouble;
  gemini: GeminiDouble;
  env(fn: string): Record<string, string>;
  close(): Promise<void>;
}

export interface EdgeRequest {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  expect: number[];
  /** Returns a problem with the answer, or undefined. */
  check?: (
    text: string,
    world: EdgeWorld,
    bytes: Uint8Array,
  ) => string | undefined | Promise<string | undefined>;
}

export async function prepareWorld(adminUrl: string): Promise<EdgeWorld> {
  Deno.env.set("TEST_DATABASE_URL", adminUrl);
  const db = await createTestDatabase();
  const dataDir = await Deno.makeTempDir({ prefix: "solar-edge-world-" });
  const config = {
    ...loadCoreConfig(),
    publicUrl: "http://127.0.0.1:54321",
    jwtIssuer: "http://127.0.0.1:54321/auth/v1",
    dataDir,
  };
  const p = createPlatform(db.sql, config);
  const demo = await seedDemo(p);
  await upsertSubscription(p.sql, demo.orgId);
  const admin = await issueIdToken(p, {
    userId: demo.adminUserId,
    email: demo.adminEmail,
    orgId: demo.orgId,
    role: "partner_admin",
  });
  const widget = await issueIdToken(p, {
    userId: demo.widgetUserId,
    email: "widget@demo-solar.test",
    orgId: demo.orgId,
    role: "widget",
  });
  const serviceKey = crypto.randomUUID();
  const storage = startStorageDouble(serviceKey, BUCKETS);
  // what the deploy uploads to widget/fonts/cjk/ (here only the slices CJK_NAMES needs)
  for (const { font, file } of (await cjkSlicesFor([CJK_NAMES])).values()) {
    const bytes = await packageSliceLoader(file, font);
    if (bytes) storage.objects.set(`${CJK_BUCKET}/${CJK_PREFIX}${file}`, { bytes, contentType: "font/woff" });
  }
  const internalToken = crypto.randomUUID();
  const gemini = startGeminiDouble();
  return {
    db,
    p,
    demo,
    internalToken,
    adminToken: admin.token,
    widgetToken: widget.token,
    storage,
    gemini,
    env: () => ({
      SUPABASE_DB_URL: db.url,
      SUPABASE_URL: storage.url,
      SUPABASE_SERVICE_ROLE_KEY: serviceKey,
      PUBLIC_URL: config.publicUrl,
      JWT_ISSUER: config.jwtIssuer,
      LOG_LEVEL: "error",
      INTERNAL_SERVICE_TOKEN: internalToken,
      // secrets a deployed notification-service refuses to run without (docs/deploy.md)
      EMAIL_WEBHOOK_SECRET: `whsec_${btoa(crypto.randomUUID())}`,
      UNSUBSCRIBE_SECRET: crypto.randomUUID(),
    }),
    async close() {
      await storage.close();
      await gemini.close();
      await db.drop();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

const fixture = (path: string) => Deno.readFile(new URL(`../../tests/fixtures/${path}`, import.meta.url));

function files(
  parts: { name: string; bytes: Uint8Array; type: string }[],
  fields: Record<string, string> = {},
): FormData {
  const f = new FormData();
  for (const p of parts) f.append("files", new File([p.bytes as BlobPart], p.name, { type: p.type }));
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const json = (body: unknown) => JSON.stringify(body);
// A bill whose every page has a text layer: the embedded reader needs no OCR for it.
const TEXT_PDF_BILL = "bills/synthetic/aps-01.pdf";
const usageByMonth = ([
  ["January", 980],
  ["February", 870],
  ["March", 760],
  ["April", 820],
  ["May", 1100],
  ["June", 1450],
  ["July", 1720],
  ["August", 1810],
  ["September", 1500],
  ["October", 1050],
  ["November", 820],
  ["December", 940],
] as [string, number][]).map(([month, value]) => ({ month, year: 2025, value, unit: "kWh" }));

function notConfigured(text: string): string | undefined {
  return JSON.parse(text).error?.code === "not_configured"
    ? undefined
    : `expected error not_configured, got ${text.slice(0, 200)}`;
}

/** A Gemini answer for a bill, as the model would give it (the double sends it back). */
function geminiBill(): string {
  const item = emptyItem();
  Object.assign(item.customerInformation, {
    customerName: "Jordan Reyes",
    serviceAddress: {
      line1: "88 Mesa Verde Ln",
      line2: "",
      city: "Phoenix",
      state: "AZ",
      zip: "85004",
      country: "US",
    },
  });
  Object.assign(item.billingInformation, { amountDue: "96.40", dueDate: "2024-07-12" });
  item.electricityUsage.supplyRatePerKwh = "0.061200";
  item.electricityUsage.usageByMonth = MonthNames.map((month, i) => ({
    month,
    year: 2024,
    value: 700 + i * 35,
    unit: "kWh" as const,
  }));
  return JSON.stringify({ isElectricityBill: true, item });
}

export interface EdgeVariant {
  /** Shown after the function name when a function runs in more than one configuration. */
  label?: string;
  /** Env on top of the world's. */
  env?: (w: EdgeWorld) => Record<string, string>;
  requests: (w: EdgeWorld) => Promise<EdgeRequest[]>;
}

/** The configurations a function is booted in; most have one (the deploy defaults). */
export function variantsFor(fn: string): EdgeVariant[] {
  if (fn === "utility-bill-service") {
    return [
      { label: "no model configured", requests: (w) => requestsFor(fn, w) },
      {
        label: "BILL_MODEL=gemini",
        env: (w) => ({ BILL_MODEL: "gemini", GEMINI_API_KEY: "edge-check", GEMINI_BASE_URL: w.gemini.url }),
        requests: async (w) => {
          const pdf = await fixture("bills/real/bge_Powercon_Example_1.pdf");
          const png = await fixture("bills/synthetic/aps-04.png");
          w.gemini.script(geminiBill(), geminiBill());
          const admin = { Authorization: `Bearer ${w.adminToken}` };
          const ids = () => ({ transactionId: crypto.randomUUID(), transactionGroupId: crypto.randomUUID() });
          return [
            { name: "GET /health", method: "GET", path: "/health", expect: [200] },
            {
              name: "POST /process-bill (PDF, Gemini)",
              method: "POST",
              path: "/process-bill",
              headers: admin,
              body: files([{ name: "bill.pdf", bytes: pdf, type: "application/pdf" }], ids()),
              expect: [200],
            },
            {
              name: "POST /process-bill (scan, Gemini)",
              method: "POST",
              path: "/process-bill",
              headers: admin,
              body: files([{ name: "scan.png", bytes: png, type: "image/png" }], ids()),
              expect: [200],
            },
          ];
        },
      },
    ];
  }
  return [{ requests: (w) => requestsFor(fn, w) }];
}

/** The requests of one function, in order; the heaviest is what the check reports. */
export async function requestsFor(fn: string, w: EdgeWorld): Promise<EdgeRequest[]> {
  const admin = { Authorization: `Bearer ${w.adminToken}` };
  const widget = { Authorization: `Bearer ${w.widgetToken}` };
  const jsonAdmin = { ...admin, "Content-Type": "application/json" };
  const ids = () => ({ transactionId: crypto.randomUUID(), transactionGroupId: crypto.randomUUID() });
  const health: EdgeRequest = { name: "GET /health", method: "GET", path: "/health", expect: [200] };
  switch (fn) {
    case "appointment-handling-service":
      return [health, {
        name: "GET /available-slots",
        method: "GET",
        path: `/available-slots/${w.demo.orgId}`,
        headers: admin,
        expect: [200],
      }];
    case "authenticator-service":
      return [health, {
        name: "POST /get-token (scrypt)",
        method: "POST",
        path: "/get-token",
        headers: { "Content-Type": "application/json" },
        body: json({ email: w.demo.adminEmail, password: w.demo.adminPassword }),
        expect: [200],
      }];
    case "contract-approval-service":
      return [health, {
        name: "POST /analyze-contract (PDF)",
        method: "POST",
        path: "/analyze-contract",
        headers: admin,
        body: files([{
          name: "contract.pdf",
          bytes: await fixture("contracts/contract-01-purchase-clean.pdf"),
          type: "application/pdf",
        }]),
        expect: [202],
      }];
    case "email-agent":
      return [health, {
        name: "POST /check-inbox",
        method: "POST",
        path: "/check-inbox",
        headers: jsonAdmin,
        body: "{}",
        expect: [200],
      }];
    case "notification-service":
      return [health, {
        name: "GET /preferences",
        method: "GET",
        path: `/preferences/${w.demo.adminUserId}`,
        headers: { Authorization: `Bearer ${w.internalToken}` },
        expect: [200],
      }];
    case "pdf-generator-service": {
      const rows = Array.from(
        { length: 80 },
        (_, i) => `<tr><td>Row ${i + 1}</td><td>${(i * 1.5).toFixed(1)}</td></tr>`,
      ).join("");
      const html =
        `<h1>Énergie solaire ✓</h1><p>Plain <strong>bold</strong>.</p><table><tbody>${rows}</tbody></table>`;
      return [health, {
        name: "POST /generate-pdf-from-html",
        method: "POST",
        path: "/generate-pdf-from-html",
        headers: jsonAdmin,
        body: json({ html, pageSize: "a4" }),
        expect: [200],
      }, {
        name: "POST /generate-pdf-from-html (CJK names)",
        method: "POST",
        path: "/generate-pdf-from-html",
        headers: jsonAdmin,
        body: json({ html: `<h1>Report</h1><p>Prepared for ${CJK_NAMES}, 12 Main St</p>` }),
        expect: [200],
        check: async (_text, _w, bytes) => {
          const { extractText } = await import("unpdf");
          const text = (await extractText(bytes, { mergePages: true })).text;
          return text.includes(`Prepared for ${CJK_NAMES}, 12 Main St`)
            ? undefined
            : `the names are not in the PDF's text (slices from Storage not drawn): ${text.slice(0, 200)}`;
        },
      }];
    }
    case "savings-insight-service":
      return [health, {
        name: "POST /savings-insight-report",
        method: "POST",
        path: "/savings-insight-report",
        headers: jsonAdmin,
        body: json({
          customerName: "Jane Doe",
          email: "jane@example.test",
          address: "123 Main St, Austin, TX 78701",
          usageByMonth,
        }),
        expect: [200],
      }];
    case "utility-bill-service":
      return [
        health,
        {
          name: "POST /process-bill (text PDF)",
          method: "POST",
          path: "/process-bill",
          headers: admin,
          body: files(
            [{ name: "bill.pdf", bytes: await fixture(TEXT_PDF_BILL), type: "application/pdf" }],
            ids(),
          ),
          expect: [200],
        },
        {
          name: "POST /process-bill (scan: no OCR here)",
          method: "POST",
          path: "/process-bill",
          headers: admin,
          body: files([{
            name: "scan.png",
            bytes: await fixture("bills/synthetic/aps-04.png"),
            type: "image/png",
          }], ids()),
          expect: [503],
          check: notConfigured,
        },
      ];
    case "widget-service":
      return [health, {
        name: "GET /widget-info",
        method: "GET",
        path: "/widget-info",
        headers: widget,
        expect: [200, 404],
      }];
    case "queue-worker":
      return [health, {
        name: "POST (run queued jobs)",
        method: "POST",
        path: "",
        headers: { Authorization: `Bearer ${w.internalToken}` },
        expect: [200],
        check: async (text, world) => {
          if (!(JSON.parse(text).ran >= 1)) return `expected jobs to run, got ${text}`;
          const jobs = await world.p
            .sql`select queue, status, last_error from queue.jobs order by created_at`;
          console.log(
            `  queue-worker ran: ${
              jobs.map((j) =>
                `${j.queue}=${j.status}${j.last_error ? ` (${String(j.last_error).slice(0, 80)})` : ""}`
              ).join(", ")
            }`,
          );
          const failed = jobs.filter((j) => j.status === "failed");
          return failed.length
            ? `jobs failed: ${failed.map((j) => `${j.queue}: ${j.last_error}`).join("; ")}`
            : undefined;
        },
      }];
    default:
      return [health];
  }
}
