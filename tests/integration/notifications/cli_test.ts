import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { ensureSubscription } from "../../../shared/bus/subscriptions.ts";
import { startPusher } from "../../../shared/bus/pusher.ts";

const deno = new URL("../../../node_modules/.bin/deno", import.meta.url).pathname;
const script = new URL("../../../scripts/event.ts", import.meta.url).pathname;

async function cli(url: string, ...args: string[]) {
  const out = await new Deno.Command(deno, {
    args: ["run", "-A", script, ...args],
    env: { DATABASE_URL: url, LOG_LEVEL: "error" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("event CLI: publish a test event; list, show and replay a dead letter", async () => {
  const p = await testPlatform();
  const failing = serveApp(() => new Response("down", { status: 503 }));
  try {
    const [org] = await p
      .sql`insert into public.organizations (name, slug) values ('Cli Solar', 'cli-solar') returning id`;
    const [tech] = await p
      .sql`insert into public.users (email, full_name, organization_id, role) values ('t@cli.test', 'T', ${org.id}, 'technician') returning id`;
    await ensureSubscription(p.sql, {
      name: "cli.jobs",
      topic: "platform.jobs",
      pushEndpoint: failing.url,
      maxDeliveryAttempts: 1,
      minBackoffSeconds: 0,
    });

    const pub = await cli(p.db.url, "publish", "job.assigned", "--recipient", tech.id as string, "--no-wait");
    assert.equal(pub.code, 0, pub.stderr);
    const messageId = pub.stdout.match(/messageId (\w+)/)![1];
    const [msg] = await p.sql`select topic, attributes from bus.messages where id = ${messageId}`;
    assert.equal(msg.topic, "platform.jobs");
    const [job] = await p.sql`select technician_id from public.jobs where organization_id = ${org.id}`;
    assert.equal(job.technician_id, tech.id, "a test job was made for the recipient");

    const pusher = startPusher(p, { pollMs: 20 });
    const end = Date.now() + 5000;
    while (
      Date.now() < end && !(await p.sql`select 1 from bus.deliveries where status = 'dead_lettered'`).length
    ) await new Promise((r) => setTimeout(r, 20));
    await pusher.stop();

    const list = await cli(p.db.url, "dlq", "list");
    assert.equal(list.code, 0, list.stderr);
    const dlqId = list.stdout.match(/^(\w{26})\s/m)![1];
    assert.match(list.stdout, /from platform\.jobs \(cli\.jobs, 1 attempts\)/);
    const show = await cli(p.db.url, "dlq", "show", dlqId);
    assert.equal(JSON.parse(show.stdout).envelope.event_type, "job.assigned");
    const replay = await cli(p.db.url, "dlq", "replay", dlqId);
    assert.match(replay.stdout, new RegExp(`replayed ${dlqId} → platform\\.jobs as \\w+`));
    assert.match((await cli(p.db.url, "dlq", "list")).stdout, /No dead-lettered messages/);
    const bad = await cli(p.db.url, "publish", "job.exploded");
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /Unknown or missing event type/);
  } finally {
    await failing.close();
    await p.close();
  }
});

Deno.test("event CLI: an unknown option or a recipient that is not a uuid is a short message and exit 2, never a stack trace", async () => {
  const p = await testPlatform();
  try {
    const bogus = await cli(p.db.url, "publish", "job.assigned", "--bogus");
    assert.equal(bogus.code, 2);
    assert.match(bogus.stderr, /Unknown option '--bogus'/);
    assert.match(bogus.stderr, /Usage:/);
    assert.doesNotMatch(bogus.stderr, /\bat .*(parse_args|event\.ts)/, "no stack trace");
    for (const flag of ["--recipient", "--actor"]) {
      const bad = await cli(p.db.url, "publish", "auth.password_reset", flag, "not-a-uuid", "--no-wait");
      assert.equal(bad.code, 2, bad.stderr);
      assert.match(bad.stderr, /"not-a-uuid" is not a user id \(uuid\)/);
      assert.doesNotMatch(bad.stderr, /invalid input syntax/, "not the raw database error");
    }
    const unknown = await cli(
      p.db.url,
      "publish",
      "job.assigned",
      "--recipient",
      "00000000-0000-4000-8000-000000000000",
      "--no-wait",
    );
    assert.equal(unknown.code, 2, unknown.stderr);
    assert.match(unknown.stderr, /No user 00000000-0000-4000-8000-000000000000 in public\.users/);
    assert.doesNotMatch(unknown.stderr, /foreign key/, "not the raw database error");
    assert.equal((await p.sql`select count(*)::int as n from bus.messages`)[0].n, 0, "nothing published");
  } finally {
    await p.close();
  }
});
