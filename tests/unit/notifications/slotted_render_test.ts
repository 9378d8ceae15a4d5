import assert from "node:assert/strict";
import { TemplateSet } from "../../../shared/notifications/templates.ts";
import { renderSlotted } from "../../../shared/notifications/slotted_render.ts";
import { NOTIFIED_EVENT_TYPES } from "../../../shared/events/catalogue.ts";

const repoTemplates = new URL("../../../templates/email/", import.meta.url);

const contextOf = (i: number) => ({
  lead_name: `Jane <Doe> ${i % 3}`,
  job_id: `JOB-${i % 4}`,
  job_address: `${i % 2} Main St & "Co"`,
  invoice_id: "INV-9",
  partner_name: "P=Q",
  recipient_name: "R'",
  technician_name: "Tech `1`",
  user_id: "5d7c2a52-95a1-4bb4-8a2e-4f1d4d7b1f00",
  preferences_url: "https://p/settings?a=1&b=2",
  event_label: "x",
  old_status: "Assigned",
  new_status: "In Progress",
});
const links = [
  "https://n/unsubscribe?user_id=u&event_type=job.assigned&nonce=01J0000000000000000000000A&sig=ab",
  "https://n/unsubscribe?user_id=u&event_type=job.assigned&nonce=01J0000000000000000000000B&sig=cd",
  "https://n/u?a=<b>&c=\"d\"&e='f'&g=`h`",
  "https://n/u with space",
];

Deno.test("slotted render: the same bytes as Handlebars for every event type, context and link, cached or not", () => {
  const set = new TemplateSet(repoTemplates);
  const reference = new TemplateSet(repoTemplates);
  for (let round = 0; round < 2; round++) { // the second round joins cached parts
    for (const eventType of NOTIFIED_EVENT_TYPES) {
      for (let i = 0; i < 6; i++) {
        for (const url of links) {
          const ctx = contextOf(i);
          assert.deepEqual(
            renderSlotted(set, eventType, ctx, "unsubscribe_url", url),
            reference.render(eventType, { ...ctx, unsubscribe_url: url }),
          );
        }
      }
    }
  }
});

Deno.test("slotted render: a template that uses the link otherwise (raw, in a helper) is rendered in full", () => {
  const dir = Deno.makeTempDirSync();
  Deno.writeTextFileSync(`${dir}/job_assigned.subject.txt`, "Job {{job_id}}");
  Deno.writeTextFileSync(
    `${dir}/job_assigned.html`,
    "<a href=\"{{{unsubscribe_url}}}\">{{lookup this 'unsubscribe_url'}}</a>",
  );
  Deno.writeTextFileSync(`${dir}/job_assigned.txt`, "{{#if unsubscribe_url}}{{unsubscribe_url}}{{/if}}");
  try {
    const set = new TemplateSet(new URL(`file://${dir}/`));
    for (const url of ["https://n/u?a=1&b=2", "https://n/u?a=3&b=4"]) {
      const rendered = renderSlotted(set, "job.assigned", { job_id: "J" }, "unsubscribe_url", url);
      assert.equal(
        rendered.html,
        `<a href="${url}">${url.replaceAll("&", "&amp;").replaceAll("=", "&#x3D;")}</a>`,
      );
      assert.equal(rendered.text, url);
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
