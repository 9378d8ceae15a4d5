// The world the edge check runs functions in (a migrated, seeded database; the env a deploy sets) and the
// real requests it sends each function.
import { createTestDatabase, type TestDb } from "../../tests/support/db.ts";
import { createPlatform, type Platform } from "../../shared/platform.ts";
import { loadCoreConfig } from "../../shared/config.ts";
import { seedDemo } from "../../shared/stack/demo_seed.ts";
import type { DemoContext } from "../../shared/stack/extension.ts";

export interface EdgeWorld {
  db: TestDb;
  p: Platform;
  demo: DemoContext;
  internalToken: string;
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
  check?: (text: string, res: Response) => string | undefined;
  after?: (w: EdgeWorld) => Promise<void>;
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
  const internalToken = crypto.randomUUID();
  return {
    db,
    p,
    demo,
    internalToken,
    env: () => ({
      SUPABASE_DB_URL: db.url,
      PUBLIC_URL: config.publicUrl,
      JWT_ISSUER: config.jwtIssuer,
      LOG_LEVEL: "error",
      INTERNAL_SERVICE_TOKEN: internalToken,
    }),
    async close() {
      await db.drop();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

export function requestsFor(_fn: string, _w: EdgeWorld): Promise<EdgeRequest[]> {
  return Promise.resolve([{ name: "GET /health", method: "GET", path: "/health", expect: [200] }]);
}
