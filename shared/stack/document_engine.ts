// The separately hosted document engine's entry (`deno run -A shared/stack/document_engine.ts`, see
// docs/documents.md): the engine itself knows only its built-in operations, so this composition root
// registers every domain's worker operations before serving them (shared/documents/worker_server.ts).
import "../savings/report_render.ts";
import "../bills/parse_op.ts";
import { serveDocumentEngine } from "../documents/worker_server.ts";

if (import.meta.main) serveDocumentEngine();
