// The real local stack (scripts/start.ts, as `npm start` runs it) on a fresh migrated test database and a
// free port, for browser tests. Stopped with SIGTERM; the database is dropped afterwards.
import { createTestDatabase, type TestDb } from "../../support/db.ts";
import { type GeminiDouble, startGeminiDouble } from "../../doubles/gemini.ts";

export interface Stack {
  url: string;
  token: string;
  db: TestDb;
  log(): string;
  stop(): Promise<void>;
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** The stack on a fresh database; `env` adds variables (e.g. a bill model pointed at a local double). */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const db = await createTestDatabase();
  const port = freePort();
  const dataDir = await Deno.makeTempDir({ prefix: "widget-e2e-" });
  const url = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../../scripts/start.ts", import.meta.url).pathname],
    env: {
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  const decoder = new TextDecoder();
  const pump = async (s: ReadableStream<Uint8Array>) => {
    for await (const chunk of s) out += decoder.decode(chunk);
  };
  const pumps = Promise.all([pump(child.stdout), pump(child.stderr)]);
  const deadline = Date.now() + 60_000;
  while (!out.includes("Press Ctrl-C to stop")) {
    if (Date.now() > deadline) throw new Error(`stack did not start:\n${out}`);
    if (out.includes("startup failed")) throw new Error(`stack failed:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const demo = JSON.parse(await Deno.readTextFile(`${dataDir}/demo.json`));
  return {
    url,
    token: demo.partnerToken,
    db,
    log: () => out,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
      await pumps;
      await db.drop();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

/**
 * The stack with its bill reader pointed at a Gemini double that answers `answer()` to each of `uploads`
 * uploads (a reading the embedded reader's rules would not make), and the embedded report writer.
 */
export async function startStackReadingAs(
  answer: () => string,
  uploads: number,
): Promise<{ stack: Stack; gemini: GeminiDouble }> {
  const gemini = startGeminiDouble();
  gemini.script(...Array.from({ length: uploads }, answer));
  const stack = await startStack({
    BILL_MODEL: "gemini",
    REPORT_WRITER: "embedded",
    GEMINI_API_KEY: "test-key",
    GEMINI_BASE_URL: gemini.url,
  });
  return { stack, gemini };
}
