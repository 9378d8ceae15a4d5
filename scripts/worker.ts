// `npm run worker`: only the job queue, as a small long-running process next to a deployment (DATABASE_URL of
// the project's database). It carries everything edge functions cannot: OCR, page rendering, the embedded bill
// and contract readers. Pair it with JOB_QUEUES on both sides, e.g. on Supabase the queue-worker function with
// JOB_QUEUES=savings.deliver,crm.sync-lead,... and this process with JOB_QUEUES=bills.extract,contracts.analyze
// (docs/deploy.md). Stops on SIGINT/SIGTERM after the job in progress.
import { loadCoreConfig } from "../shared/config.ts";
import { connect } from "../shared/db/client.ts";
import { createPlatform } from "../shared/platform.ts";
import { configuredHandlers } from "../shared/jobs/registry.ts";
import { startWorker } from "../shared/queue/worker.ts";
import { log } from "../shared/log.ts";

const url = Deno.env.get("DATABASE_URL");
if (!url) {
  console.error("Set DATABASE_URL to the database whose queue this worker runs.");
  Deno.exit(2);
}
const sql = connect(url, { max: 4 });
const p = createPlatform(sql, loadCoreConfig());
const handlers = configuredHandlers(p);
const stop = startWorker(p, handlers);
log("info", "worker started", { queues: Object.keys(handlers) });
console.log(`worker: running ${Object.keys(handlers).join(", ")}`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stop();
  await sql.end({ timeout: 2 });
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
