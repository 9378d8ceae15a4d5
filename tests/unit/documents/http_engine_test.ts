// The separately hosted engine (worker_server.ts) through its HTTP client: same operations, same errors.
import assert from "node:assert/strict";
import { serveApp } from "../../support/http.ts";
import { testPoolLimits } from "../../support/document_engine.ts";
import { engineHandler } from "../../../shared/documents/worker_server.ts";
import { SubprocessPool } from "../../../shared/documents/engine/pool.ts";
import { HttpEngineClient } from "../../../shared/documents/engine/http_client.ts";
import { DocumentEngine } from "../../../shared/documents/engine/engine.ts";
import { DocumentTooComplex } from "../../../shared/documents/engine/errors.ts";
import { SeamUnavailableError } from "../../../shared/errors.ts";
import { PdfInputError } from "../../../shared/pdf/blocks.ts";
import { statusOf } from "../../../shared/http/errors.ts";

const limits = testPoolLimits;

Deno.test("hosted engine: renders and counts pages over HTTP, refuses a bomb with 422, requires its token", async () => {
  const pool = new SubprocessPool(limits);
  const s = serveApp(engineHandler(pool, "secret-token"));
  const engine = new DocumentEngine(new HttpEngineClient(s.url, limits, "secret-token"));
  try {
    const pdf = await engine.renderHtmlToPdf("<h1>Hosted</h1>");
    assert.equal(await engine.pageCount(pdf), 1);
    await assert.rejects(engine.renderHtmlToPdf('<img src="http://x/y.png">'), PdfInputError);
    const giant = Deno.readFileSync(new URL("../../fixtures/documents/giant_header.png", import.meta.url));
    await assert.rejects(engine.validateImage(giant), DocumentTooComplex);

    const anonymous = new DocumentEngine(new HttpEngineClient(s.url, limits, undefined));
    // Not one of the engine's frames, or no answer: the one seam error (502 document_engine_unavailable).
    await assert.rejects(
      anonymous.pageCount(pdf),
      (e: unknown) => e instanceof SeamUnavailableError && e.status === 401 && !e.retryable,
      "401 is not an answer from the engine",
    );
    const nobody = new DocumentEngine(new HttpEngineClient("http://127.0.0.1:9", limits, "secret-token"));
    await assert.rejects(
      nobody.pageCount(pdf),
      (e: unknown) =>
        e instanceof SeamUnavailableError && e.code === "document_engine_unavailable" &&
        statusOf(e) === 502 &&
        !e.message.includes("secret-token"),
    );
  } finally {
    await pool.close();
    await s.close();
  }
});
