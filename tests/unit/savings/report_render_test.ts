// The savings report renders through the document engine as an operation the savings domain registers
// (shared/savings/report_render.ts): in a worker subprocess that imports it on first use, and in this
// isolate where no subprocess may start (an edge function); a stored logo over the limits is left off.
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { annLeeReport } from "./fixtures.ts";
import { withDocumentEngine } from "../../support/document_engine.ts";
import { renderSavingsReportPdf } from "../../../shared/savings/report_render.ts";
import { documentEngine } from "../../../shared/documents/engine/index.ts";
import { SubprocessPool } from "../../../shared/documents/engine/pool.ts";
import { InProcessTransport } from "../../../shared/documents/engine/in_process.ts";

const giantLogo = () =>
  "data:image/png;base64," +
  btoa(String.fromCharCode(
    ...Deno.readFileSync(new URL("../../fixtures/documents/giant_header.png", import.meta.url)),
  ));

for (const mode of ["subprocess", "in-process"] as const) {
  Deno.test(`savings report through the ${mode} engine: rendered by the registered operation, a giant logo left off`, async () => {
    await withDocumentEngine(mode, async () => {
      const transport = documentEngine().transport;
      assert.ok(
        mode === "subprocess" ? transport instanceof SubprocessPool : transport instanceof InProcessTransport,
      );
      const pdf = await renderSavingsReportPdf(await annLeeReport({ logoDataUri: giantLogo() }));
      assert.equal(new TextDecoder().decode(pdf.subarray(0, 5)), "%PDF-");
      const { text } = await extractText(pdf, { mergePages: true });
      assert.ok(text.includes("Ann Lee"));
      assert.ok(text.includes("Buckeye Solar"));
      if (transport instanceof SubprocessPool) assert.equal(transport.stats.spawned, 1, "it ran in a worker");
    });
  });
}
