// QA pass 18: the console's dates named no time zone, beside a new-lead email that says "UTC".
import assert from "node:assert/strict";
import { dateTime } from "../../../console/src/context.ts";

Deno.test("the console's dates name the partner's time zone", () => {
  const at = "2026-11-25T21:43:05Z";
  const zone = new Intl.DateTimeFormat("en-US", { timeZoneName: "short" }).formatToParts(new Date(at))
    .find((p) => p.type === "timeZoneName")!.value;
  const shown = dateTime(at);
  assert.match(shown, /^Nov 2[56], 2026, \d{1,2}:\d{2}\s[AP]M /);
  assert.ok(shown.endsWith(` ${zone}`), `${shown} ends with ${zone}`);
  assert.equal(dateTime(null), "—");
});
