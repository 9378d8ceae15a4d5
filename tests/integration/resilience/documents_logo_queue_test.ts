// A poisoned partner logo and a job that kills its worker: the logo is refused when saved, a logo stored
// before validation existed is left off the report (never decoded in the service), and a job whose process
// died during its last attempt is failed at the next claim instead of being replayed on every restart.
import assert from "node:assert/strict";
import { type Job, runReadyJobs } from "../../../shared/queue/queue.ts";
import { DELIVERY_QUEUE } from "../../../shared/savings/pipeline.ts";
import { deliverReport } from "../../../shared/savings/delivery.ts";
import { bomb, dataUri, healthDuring, post, stack } from "./documents_support.ts";

const savingsRequest = JSON.parse(new TextDecoder().decode(bomb("savings_request.json")));

Deno.test("report logo: the giant-header PNG is 422 when saved (decoded in the sandbox); a poisoned logo already stored is left off the report", async () => {
  const st = await stack();
  try {
    const config = { serving_states: ["CA", "NY"], roof_types: ["Shingle"] };
    const poisoned = dataUri(bomb("giant_header.png"));
    const put = await post(st.s, st.admin, "/widget-service/widget-config", {
      ...config,
      report_logo: poisoned,
    });
    assert.equal(put.status, 422, JSON.stringify(put.json));
    assert.equal(put.json.error.code, "document_too_complex");
    assert.match(put.json.error.message, /^report_logo: .*65535×65535/);
    const [stored] = await st.p
      .sql`select report_logo from public.widget_configs where organization_id = ${st.admin.orgId}`;
    assert.equal(stored.report_logo, null, "nothing stored");

    // As if saved before validation existed: every savings request used to spin on it.
    await st.p
      .sql`update public.widget_configs set report_logo = ${poisoned} where organization_id = ${st.admin.orgId}`;
    const { result: r, latencies } = await healthDuring(
      st.s.url,
      (async () => {
        const res = await post(
          st.s,
          st.widget,
          "/widget-service/process-widget-savings-info",
          savingsRequest,
        );
        const ran = await runReadyJobs(st.p.sql, {
          [DELIVERY_QUEUE]: (job: Job) => deliverReport(st.p, job as Job<{ reportId: string }>),
        });
        return { res, ran };
      })(),
    );
    assert.equal(r.res.status, 200, JSON.stringify(r.res.json));
    assert.equal(r.ran, 1);
    const [job] = await st.p.sql`select status from queue.jobs where queue = ${DELIVERY_QUEUE}`;
    assert.equal(job.status, "done");
    const [rep] = await st.p
      .sql`select pdf_path from public.savings_reports where id = ${r.res.json.data.transactionId}`;
    assert.ok(rep.pdf_path, "the report was rendered (without the logo)");
    assert.ok(Math.max(...latencies) < 1000, `health latencies ${latencies.map(Math.round)} ms`);
  } finally {
    await st.close();
  }
});

Deno.test("queue: a job whose worker died during its last attempt is failed at the next claim, not replayed (no crash loop on restart)", async () => {
  const st = await stack();
  try {
    // Two jobs left 'running' by a process that died: one with attempts left, one on its last attempt.
    const [again] = await st.p
      .sql`insert into queue.jobs (queue, payload, status, attempts, max_attempts, locked_until)
      values ('resilience.poison', '{}', 'running', 1, 3, now() - interval '1 second') returning id`;
    const [last] = await st.p
      .sql`insert into queue.jobs (queue, payload, status, attempts, max_attempts, locked_until)
      values ('resilience.poison', '{}', 'running', 3, 3, now() - interval '1 second') returning id`;
    const ran: string[] = [];
    const n = await runReadyJobs(st.p.sql, {
      "resilience.poison": (job) => Promise.resolve(void ran.push(job.id)),
    });
    assert.equal(n, 1);
    assert.deepEqual(ran, [again.id], "only the job with attempts left runs again");
    const rows = await st.p
      .sql`select id, status, attempts, last_error from queue.jobs where queue = 'resilience.poison' order by attempts`;
    assert.deepEqual(rows.map((r) => [r.id, r.status, r.attempts]), [[again.id, "done", 2], [
      last.id,
      "failed",
      3,
    ]]);
    assert.match(rows[1].last_error as string, /worker stopped during the last attempt/);
    assert.equal(
      await runReadyJobs(st.p.sql, { "resilience.poison": () => Promise.reject(new Error("must not run")) }),
      0,
    );
  } finally {
    await st.close();
  }
});
