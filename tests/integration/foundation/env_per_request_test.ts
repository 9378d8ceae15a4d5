// Issue 14, item 1: each area's settings are read once (when its seam, app or engine is made); a request or a job
// never reads the environment. Every service behind the stack's gateway answers a round of requests (and the
// bill job runs) once to warm up; during a second round, any read of Deno.env from the platform's code fails.
import assert from "node:assert/strict";
import { setPassword } from "../../../shared/identity/admin.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { configuredHandlers } from "../../../shared/jobs/registry.ts";
import { usageByMonth } from "../savings/fixtures.ts";
import { post, stack, upload } from "../resilience/documents_support.ts";

const repo = new URL("../../../", import.meta.url).href;
const platformCode = new RegExp(`${repo.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(shared|supabase/functions)/`);

/** Records which variables the platform's code reads (by the caller's frame) while `work` runs. */
async function envReadsDuring(work: () => Promise<void>): Promise<string[]> {
  const env = Deno.env as unknown as Record<"get" | "has" | "toObject", (...a: unknown[]) => unknown>;
  const original = { get: env.get, has: env.has, toObject: env.toObject };
  const reads: string[] = [];
  const spy = (name: keyof typeof original) =>
    function (this: unknown, ...args: unknown[]) {
      const frames = (new Error().stack ?? "").split("\n").slice(2).filter((l) => platformCode.test(l));
      const caller = frames.find((l) => !l.includes("/shared/config.ts:")) ?? frames[0];
      if (caller) reads.push(`${name}(${args[0] ?? ""}) at ${caller.trim().replace(repo, "")}`);
      return original[name].apply(Deno.env, args);
    };
  for (const name of Object.keys(original) as (keyof typeof original)[]) env[name] = spy(name);
  try {
    await work();
  } finally {
    Object.assign(env, original);
  }
  return reads;
}

Deno.test("no request and no job reads the environment: every area's settings were read once, before", async () => {
  const st = await stack();
  try {
    // A member with a password, invited: accepting with a wrong password meets the sign-in lockout policy.
    await st.p
      .sql`insert into public.users (email, organization_id, role) values ('held@example.org', null, 'partner_user')`;
    await setPassword(st.p.sql, "held@example.org", "the real password");
    const invited = await post(st.s, st.admin, "/partner-service/invitations", { email: "held@example.org" });
    assert.equal(invited.status, 201, JSON.stringify(invited.json));
    const [mail] = await listOutbox(st.p.sql, { to: "held@example.org" });
    const token = mail.text.match(/#\/invitation\/(inv_[A-Za-z0-9_-]{43})/)![1];
    const anonymous = { userId: "", orgId: "", headers: {} } as unknown as typeof st.admin;
    const pdf = Deno.readFileSync(new URL("../../fixtures/bills/synthetic/aesohio-01.pdf", import.meta.url));

    let ran = 0;
    const round = async () => {
      const statuses: Record<string, number> = {};
      const get = await fetch(`${st.s.url}/v1/widget-service/widget-info`, { headers: st.widget.headers });
      statuses.widgetInfo = get.status;
      await get.body?.cancel();
      statuses.upload = (await post(st.s, st.widget, "/utility-bill-service/upload", upload("bill.pdf", pdf)))
        .status;
      statuses.savings = (await post(st.s, st.admin, "/savings-insight-service/savings-insight-report", {
        customerName: "Jane Doe",
        email: "jane@example.test",
        address: "123 Main St, Austin, TX 78701",
        usageByMonth,
      })).status;
      // Every queued job (the report's PDF and email delivery, notifications, …) with every handler.
      await st.p.sql`update queue.jobs set run_at = now() where status = 'queued'`;
      ran += await runReadyJobs(st.p.sql, configuredHandlers(st.p, ""));
      statuses.pdf = (await post(st.s, st.admin, "/pdf-generator-service/generate-pdf-from-html", {
        html: "<p>hello</p>",
      })).status;
      statuses.accept = (await post(st.s, anonymous, "/partner-service/invitations/accept", {
        token,
        password: "a wrong guess 0000",
      })).status;
      statuses.signIn = (await post(st.s, anonymous, "/authenticator-service/get-token", {
        email: "held@example.org",
        password: "another wrong guess",
      })).status;
      return statuses;
    };
    const first = await round();
    assert.deepEqual(first, {
      widgetInfo: 200,
      upload: 200,
      savings: 200,
      pdf: 200,
      accept: 401,
      signIn: 401,
    });
    assert.ok(ran > 0, "jobs ran");
    ran = 0;
    let second: Record<string, number> = {};
    const reads = await envReadsDuring(async () => void (second = await round()));
    assert.deepEqual(second, first);
    assert.ok(ran > 0, "jobs ran in the second round too");
    assert.deepEqual(reads, [], "environment read while serving requests and jobs");
  } finally {
    await st.close();
  }
});
