// Where no subprocess may start (an edge function), the engine's operations run in the request's own isolate:
// the same preflight checks and the same errors, text PDFs read, an image bomb still refused before decoding.
import assert from "node:assert/strict";
import { documentEngine } from "../../../shared/documents/engine/index.ts";
import { withDocumentEngine } from "../../support/document_engine.ts";
import { InProcessTransport } from "../../../shared/documents/engine/in_process.ts";
import { documentText } from "../../../shared/documents/document_text.ts";
import { DomainError } from "../../../shared/errors.ts";

const fixture = (path: string) => Deno.readFileSync(new URL(`../../fixtures/${path}`, import.meta.url));

const withInProcessEngine = (fn: () => Promise<void>) => withDocumentEngine("in-process", fn);

Deno.test("in-process engine: a text PDF is read, pages counted, a giant-header PNG refused with 422 before decoding", async () => {
  await withInProcessEngine(async () => {
    assert.ok(documentEngine().transport instanceof InProcessTransport);
    const pdf = fixture("bills/real/hutson_sample01.pdf");
    const text = await documentText([{ filename: "bill.pdf", bytes: pdf }]);
    assert.match(text.text, /kWh/i);
    assert.equal(await documentEngine().pageCount(pdf), text.pages.length);
    const err = await documentEngine().validateImage(fixture("documents/giant_header.png")).then(
      () => undefined,
      (e) => e,
    );
    assert.ok(err instanceof DomainError, String(err));
    assert.equal(err.kind, "unprocessable");
  });
});

Deno.test("without run permission the engine chooses the in-process transport by itself", async () => {
  const script = await Deno.makeTempFile({ suffix: ".ts" });
  const index = new URL("../../../shared/documents/engine/index.ts", import.meta.url).href;
  await Deno.writeTextFile(
    script,
    `const { documentEngine } = await import(${JSON.stringify(index)});
console.log(documentEngine().transport.constructor.name);`,
  );
  // deno run grants only what is named: no --allow-run, as in an edge function.
  const child = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-check",
      "--config",
      new URL("../../../deno.json", import.meta.url).pathname,
      "--allow-read",
      "--allow-env",
      script,
    ],
    env: { LOG_LEVEL: "error", DOCUMENT_ENGINE: "" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  await Deno.remove(script);
  assert.equal(
    new TextDecoder().decode(child.stdout).trim(),
    "InProcessTransport",
    new TextDecoder().decode(child.stderr),
  );
});
