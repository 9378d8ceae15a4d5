// The documents of issue 12 that took the platform down, replayed through the real routes: each is
// refused with a clear code, the service keeps answering, and /health answers while they are handled.
import assert from "node:assert/strict";
import { type Job, runReadyJobs } from "../../../shared/queue/queue.ts";
import { CONTRACT_QUEUE } from "../../../shared/contracts/analyses.ts";
import { runContractJob } from "../../../shared/contracts/jobs.ts";
import { bomb, dataUri, healthDuring, post, stack, upload, withEnv } from "./documents_support.ts";

Deno.test("bill upload: giant-header, 30000² and 2300×100000 PNGs and a flate-bomb PDF are 422 document_too_complex; the service stays up", async () => {
  const st = await stack();
  try {
    for (const name of ["giant_header.png", "huge_30000.png", "tall_2300x100000.png", "flate_bomb.pdf"]) {
      const { result: r, latencies } = await healthDuring(
        st.s.url,
        post(st.s, st.widget, "/utility-bill-service/upload", upload(name, bomb(name))),
      );
      assert.equal(r.status, 422, `${name}: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error.code, "document_too_complex", name);
      assert.ok(
        latencies.length >= 1 && Math.max(...latencies) < 1000,
        `${name}: health answered in ${latencies.map(Math.round)} ms`,
      );
    }
    const health = await fetch(`${st.s.url}/v1/utility-bill-service/health`);
    assert.equal(health.status, 200);
    await health.body?.cancel();
  } finally {
    await st.close();
  }
});

Deno.test("contract analysis: the giant-header PNG fails its background job after its attempts (the job crashed the process on every retry before)", async () => {
  const st = await stack();
  try {
    const r = await post(
      st.s,
      st.admin,
      "/contract-approval-service/analyze-contract",
      upload("contract.png", bomb("giant_header.png")),
    );
    assert.equal(r.status, 202, JSON.stringify(r.json));
    const handlers = { [CONTRACT_QUEUE]: (job: Job) => runContractJob(st.p, job) };
    let runs = 0;
    for (let i = 0; i < 5; i++) {
      await st.p.sql`update queue.jobs set run_at = now() where status = 'queued'`;
      runs += await runReadyJobs(st.p.sql, handlers);
    }
    const [job] = await st.p.sql`select status, attempts from queue.jobs where queue = ${CONTRACT_QUEUE}`;
    assert.ok(
      ["done", "failed"].includes(job.status as string) && runs <= 3,
      JSON.stringify({ ...job, runs }),
    );
    const poll = await post(st.s, st.admin, "/contract-approval-service/poll-contract-approval-status", {
      transactionId: r.json.transactionId,
    });
    assert.equal(poll.json.status, "FAILED", JSON.stringify(poll.json));
    assert.match(JSON.stringify(poll.json), /65535×65535/);
  } finally {
    await st.close();
  }
});

Deno.test("generate-pdf-from-html: 200 KB of HTML renders in a worker while /health keeps answering", async () => {
  const st = await stack();
  try {
    const html = new TextDecoder().decode(bomb("heavy.html"));
    const { result: r, latencies } = await healthDuring(
      st.s.url,
      post(st.s, st.admin, "/pdf-generator-service/generate-pdf-from-html", { html }),
    );
    assert.equal(r.status, 200);
    assert.ok(latencies.length >= 3, `polled ${latencies.length} times`);
    // The target (100 ms) is measured by `npm run bench:abuse`; rendering in-process blocked health for seconds.
    assert.ok(Math.max(...latencies) < 1000, `health latencies ${latencies.map(Math.round)} ms`);
  } finally {
    await st.close();
  }
});

Deno.test("limits: a worker over its time is killed (422), a full waiting line is 503 busy with Retry-After", async () => {
  const st = await stack();
  try {
    const html = new TextDecoder().decode(bomb("heavy.html"));
    // 0.1 s: far below what this document takes anywhere, and the document stays under the page cap (tripled,
    // it hit the 200-page limit first on an idle machine).
    await withEnv({ DOCUMENT_TIMEOUT_SECONDS: "0.1" }, async () => {
      const r = await post(st.s, st.admin, "/pdf-generator-service/generate-pdf-from-html", { html });
      assert.equal(r.status, 422, JSON.stringify(r.json));
      assert.match(r.json.error.message, /longer than 0\.1 s/);
    });
    await withEnv({ DOCUMENT_WORKERS: "1", DOCUMENT_QUEUE_MAX: "0" }, async () => {
      const [a, b] = await Promise.all([
        post(st.s, st.admin, "/pdf-generator-service/generate-pdf-from-html", { html }),
        new Promise((r) => setTimeout(r, 100)).then(() =>
          post(st.s, st.admin, "/pdf-generator-service/generate-pdf-from-html", { html: "<p>small</p>" })
        ),
      ]);
      assert.equal(a.status, 200);
      assert.equal(b.status, 503, JSON.stringify(b.json));
      assert.equal(b.json.error.code, "busy");
      assert.match(b.headers.get("retry-after") ?? "", /^\d+$/);
    });
  } finally {
    await st.close();
  }
});

Deno.test("a native decoder crash and a memory blow-up kill only their worker: 422, and the next document is served", async () => {
  const st = await stack();
  try {
    // Preflight off: the giant header reaches the native decoder, which aborts its process.
    await withEnv(
      { DOCUMENT_MAX_IMAGE_PIXELS: String(2 ** 40), DOCUMENT_MAX_IMAGE_SIDE: "100000" },
      async () => {
        const r = await post(st.s, st.admin, "/widget-service/widget-config", {
          serving_states: ["CA"],
          roof_types: ["Shingle"],
          report_logo: dataUri(bomb("giant_header.png")),
        });
        assert.equal(r.status, 422, JSON.stringify(r.json));
        assert.match(r.json.error.message, /report_logo: .*(crashed|needed more than|longer than)/);
      },
    );
    // Inflate budget off: pdf.js inflates the bomb until the RSS watchdog kills the worker.
    await withEnv({ DOCUMENT_MAX_INFLATED_MB: "100000", DOCUMENT_WORKER_MAX_MB: "400" }, async () => {
      const r = await post(
        st.s,
        st.widget,
        "/utility-bill-service/upload",
        upload("bomb.pdf", bomb("flate_bomb.pdf")),
      );
      assert.equal(r.status, 422, JSON.stringify(r.json));
      assert.equal(r.json.error.code, "document_too_complex");
    });
    const ok = await post(st.s, st.admin, "/pdf-generator-service/generate-pdf-from-html", {
      html: "<p>still here</p>",
    });
    assert.equal(ok.status, 200);
  } finally {
    await st.close();
  }
});
