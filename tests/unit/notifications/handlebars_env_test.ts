import assert from "node:assert/strict";
import Handlebars from "handlebars";
import { handlebarsCounts, handlebarsEnv, loadHandlebars } from "../../../shared/email/handlebars_env.ts";
import { TemplateSet } from "../../../shared/notifications/templates.ts";
import { NOTIFIED_EVENT_TYPES, templateSlug } from "../../../shared/events/catalogue.ts";

const dir = new URL("../../../templates/email/", import.meta.url);
await loadHandlebars(); // on first use (shared/email/handlebars_env.ts)
const read = (name: string) => Deno.readTextFileSync(new URL(name, dir));

// Counts how often Handlebars enumerates an environment's helpers: once per full setup of a template.
function countHelperMerges(env: ReturnType<typeof Handlebars.create>): () => number {
  let n = 0;
  (env as { helpers: unknown }).helpers = new Proxy(env.helpers, {
    ownKeys: (t) => {
      n++;
      return Reflect.ownKeys(t);
    },
  });
  return () => n;
}

Deno.test("handlebarsEnv: a template is set up once, not per call (plain Handlebars merges its helpers per call)", () => {
  const env = handlebarsEnv();
  const merges = countHelperMerges(env);
  const t = env.compile("{{#if a}}{{b}}{{/if}}{{#each c}}[{{this}}]{{/each}}");
  for (let i = 0; i < 50; i++) {
    assert.equal(t({ a: true, b: `x${i}`, c: [i, i + 1] }), `x${i}[${i}][${i + 1}]`);
  }
  assert.equal(merges(), 1);

  // The same template on a plain environment (what the service used before): one merge per call.
  const plain = Handlebars.create();
  const plainMerges = countHelperMerges(plain);
  const u = plain.compile("{{#if a}}{{b}}{{/if}}");
  for (let i = 0; i < 50; i++) u({ a: true, b: i });
  assert.equal(plainMerges(), 50);
});

Deno.test("handlebarsEnv: a helper or partial registered later, and a call with options, are honoured", () => {
  const env = handlebarsEnv();
  env.registerHelper("shout", (s: string) => s.toUpperCase());
  const t = env.compile("{{shout a}}{{#if b}}+{{/if}}{{@x}}");
  assert.equal(t({ a: "hi" }), "HI");
  env.registerHelper("shout", (s: string) => `${s}!`);
  assert.equal(t({ a: "hi" }), "hi!");
  // A call with its own helpers and data, then a plain call again: each sees its own.
  assert.equal(t({ a: "hi", b: 1 }, { helpers: { shout: () => "own" }, data: { x: "d" } }), "own+d");
  assert.equal(t({ a: "hi" }), "hi!");
  const p = env.compile("<{{> part}}>");
  env.registerPartial("part", "one");
  assert.equal(p({}), "<one>");
  env.registerPartial("part", "two");
  assert.equal(p({}), "<two>");
});

Deno.test("TemplateSet: every email template renders byte-identical to plain Handlebars, compiled and set up once", () => {
  // The reference: plain Handlebars environments with the same partials and compile options as TemplateSet.
  const html = Handlebars.create();
  const plain = Handlebars.create();
  html.registerPartial("layout", read("_layout.html"));
  plain.registerPartial("footer", read("_footer.txt"));
  const reference = (t: string, ctx: Record<string, unknown>) => {
    const slug = templateSlug(t);
    const subject = plain.compile(read(`${slug}.subject.txt`).trim(), { noEscape: true, strict: false })(ctx)
      .replace(/[\r\n]+/g, " ").trim();
    return {
      subject,
      html: html.compile(read(`${slug}.html`))({ ...ctx, subject }),
      text: plain.compile(read(`${slug}.txt`), { noEscape: true })(ctx),
    };
  };
  const contexts = [0, 1, 2].map((i) => ({
    lead_name: `Jane <${i}> & "Doe"`,
    technician_name: `Tech ${i}`,
    job_id: `JOB-${i}`,
    job_address: i === 1 ? "" : `${i} Main St\r\nBcc: x@y`,
    invoice_id: `INV-${i}`,
    partner_name: i === 2 ? undefined : `P ${i}`,
    recipient_name: `R${i}`,
    old_status: "scheduled",
    new_status: "completed",
    user_id: `u${i}`,
    user_name: `Ann ${i}`,
    unsubscribe_url: `https://u/x?a=${i}&b=2`,
    preferences_url: "https://p",
    support_url: "https://s",
    event_label: `label ${i}`,
  }));
  const set = new TemplateSet(dir);
  const before = { ...handlebarsCounts };
  // Interleaved: each event type with each context, twice, so a state left by one call would show in the next.
  for (let round = 0; round < 2; round++) {
    for (const ctx of contexts) {
      for (const t of NOTIFIED_EVENT_TYPES) assert.deepEqual(set.render(t, ctx), reference(t, ctx), t);
    }
  }
  // Per event type: subject, HTML and text, compiled and fully set up once; the two partials compiled once.
  assert.equal(handlebarsCounts.compiled - before.compiled, 3 * NOTIFIED_EVENT_TYPES.length + 2);
  assert.equal(handlebarsCounts.setups - before.setups, 3 * NOTIFIED_EVENT_TYPES.length);
});
