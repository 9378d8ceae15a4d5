// The service's bill reader parses in a document worker (shared/bills/bill_parser.ts, parse_op.ts): what crosses
// the worker's frames (the text, the reader's options, its answer) must give the answer the reader gives in this
// isolate, with the leave-one-out options too.
import assert from "node:assert/strict";
import {
  billTextParser,
  parseInDocumentWorker,
  parseInProcess,
  type WorkerParser,
} from "../../../shared/bills/bill_parser.ts";
import { boundedBillText } from "../../../shared/bills/text_bounds.ts";
import { documentText } from "../../../shared/documents/document_text.ts";
import { closeDocumentEngine } from "../../../shared/documents/engine/index.ts";
import { DocumentEngine } from "../../../shared/documents/engine/engine.ts";
import { HttpEngineClient } from "../../../shared/documents/engine/http_client.ts";
import { READ_BILL_TEXT_OP } from "../../../shared/bills/parse_op.ts";
import type { ModelAnswer } from "../../../shared/bills/schema.ts";
import { testPoolLimits } from "../../support/document_engine.ts";

const FIXTURES = new URL("../../fixtures/bills/synthetic/", import.meta.url);
const BILLS = ["ace-01.pdf", "blackhills-03.pdf", "dte-06.pdf", "idaho-01.pdf", "losalamos-03.pdf"];

Deno.test("bill parser: a document worker reads the same answer as this isolate", async () => {
  try {
    for (const name of BILLS) {
      const bytes = await Deno.readFile(new URL(name, FIXTURES));
      const text = boundedBillText(await documentText([{ filename: name, bytes }]));
      for (const opts of [{}, { withoutRulesShapedBy: ["ace"], minConfidence: 0.2, itemMinConfidence: 0 }]) {
        const here = await parseInProcess(text, opts);
        const there = await parseInDocumentWorker(15)(text, opts);
        assert.ok(
          here.item.customerInformation.accountNumber || here.item.billingInformation.amountDue,
          name,
        );
        assert.deepEqual(there, JSON.parse(JSON.stringify(here)), `${name} ${JSON.stringify(opts)}`);
      }
    }
  } finally {
    await closeDocumentEngine();
  }
});

Deno.test("bill parser: BILL_PARSE chooses the worker (default) or this isolate, and refuses anything else", () => {
  const was = Deno.env.get("BILL_PARSE");
  try {
    Deno.env.delete("BILL_PARSE");
    const worker = billTextParser() as WorkerParser;
    assert.equal(worker.where, "worker");
    assert.equal(worker.timeoutSeconds, 15);
    Deno.env.set("BILL_PARSE", "in-process");
    assert.equal(billTextParser(), parseInProcess);
    Deno.env.set("BILL_PARSE", "thread");
    assert.throws(() => billTextParser(), /BILL_PARSE must be worker or in-process/);
  } finally {
    if (was === undefined) Deno.env.delete("BILL_PARSE");
    else Deno.env.set("BILL_PARSE", was);
  }
});

Deno.test("bill parser: a separately hosted engine (its entry, shared/stack/document_engine.ts) serves the parse", async () => {
  const port = (() => {
    const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const p = (l.addr as Deno.NetAddr).port;
    l.close();
    return p;
  })();
  const entry = new URL("../../../shared/stack/document_engine.ts", import.meta.url).pathname;
  const server = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", entry],
    env: { PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error" },
    stdout: "null",
    stderr: "null",
  }).spawn();
  const engine = new DocumentEngine(
    new HttpEngineClient(`http://127.0.0.1:${port}`, testPoolLimits, undefined),
  );
  try {
    const since = performance.now();
    while (performance.now() - since < 60_000) {
      const up = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => (r.body?.cancel(), true),
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const lines = [
      "Electric bill",
      "Account Number 1234-5678-90",
      "Usage 500 kWh",
      "Total Amount Due $12.00",
    ];
    const page = { file: "bill.pdf", page: 1, source: "text" as const, lines, pieces: [] };
    const text = { pages: [page], text: lines.join("\n") };
    const hosted = await engine.call<ModelAnswer>(READ_BILL_TEXT_OP, [text, {}]);
    assert.deepEqual(hosted, JSON.parse(JSON.stringify(await parseInProcess(text, {}))));
  } finally {
    server.kill("SIGTERM");
    await server.status;
  }
});
