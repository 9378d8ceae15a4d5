// The widget's locate (issue 15): a suggestion whose ZIP is only the city's default is geocoded (the answer has
// the candidates) instead of taken as is, and the state keeps whether the ZIP is still to be confirmed.
import assert from "node:assert/strict";
import { locate } from "../../../widget/src/steps/locate.ts";
import type { Ctx } from "../../../widget/src/context.ts";
import { newState, type Suggestion } from "../../../widget/src/types.ts";

function fakeCtx(answer: Record<string, unknown>) {
  const asked: string[] = [];
  const ctx = {
    state: newState(),
    info: { serving_states: ["NY"], roof_types: [], logo_url: null, widget_info: "", theme: {} },
    api: {
      get: (path: string, q: { address?: string }) => {
        asked.push(`${path}?${q.address}`);
        return Promise.resolve({ data: answer });
      },
    },
    exit: () => {},
  } as unknown as Ctx;
  return { ctx, asked };
}

const ny = { line1: "435 W 57th St", city: "New York", state: "NY", lat: 40.7593, lon: -73.9798 };
const suggestion = (zip: string, zipConfirmed: boolean): Suggestion => ({
  description: `435 W 57th St, New York, NY${zipConfirmed ? ` ${zip}` : ""}`,
  ...ny,
  zip,
  zipConfirmed,
});

Deno.test("locate: a suggestion's default ZIP is geocoded for its candidates and kept to be confirmed", async () => {
  const candidates = ["10001", "10019", "10112"];
  const { ctx, asked } = fakeCtx({ ...ny, zip: "10112", zipConfirmed: false, zipCandidates: candidates });
  assert.equal(await locate(ctx, suggestion("10112", false), "435 W 57th St, New York, NY"), "served");
  assert.deepEqual(asked, ["/v1/widget-service/geocode?435 W 57th St, New York, NY"], "geocoded, not taken");
  assert.deepEqual(
    [ctx.state.address?.zip, ctx.state.zipConfirmed, ctx.state.zipCandidates],
    ["10112", false, candidates],
  );

  // A suggestion with a ZIP it is sure of is taken without a request, and the earlier question is gone.
  const sure = fakeCtx({});
  sure.ctx.state.zipConfirmed = false;
  sure.ctx.state.zipCandidates = candidates;
  await locate(sure.ctx, suggestion("10019", true), "435 W 57th St, New York, NY 10019");
  assert.deepEqual(sure.asked, []);
  assert.deepEqual(
    [sure.ctx.state.address?.zip, sure.ctx.state.zipConfirmed, sure.ctx.state.zipCandidates],
    ["10019", true, null],
  );

  // A geocoder answer without the flag (a street-level adapter) is confirmed.
  const street = fakeCtx({ ...ny, zip: "10019" });
  await locate(street.ctx, null, "435 W 57th St, New York, NY");
  assert.deepEqual([street.ctx.state.zipConfirmed, street.ctx.state.zipCandidates], [true, null]);
});

Deno.test("locate: a unit typed on the street line goes to the unit field of the home step (QA pass 7)", async () => {
  const typed = fakeCtx({
    line1: "4746 Maple Ave Apt 25B",
    city: "New York",
    state: "NY",
    zip: "10019",
    lat: 1,
    lon: 2,
  });
  await locate(typed.ctx, null, "4746 Maple Ave Apt 25B, New York, NY 10019");
  assert.deepEqual([typed.ctx.state.address?.line1, typed.ctx.state.address?.line2], [
    "4746 Maple Ave",
    "Apt 25B",
  ]);
  // A unit already in its field is kept, and the street is left as the geocoder gave it.
  typed.ctx.state.address!.line2 = "Unit 3";
  await locate(typed.ctx, null, "4746 Maple Ave Apt 25B, New York, NY 10019");
  assert.deepEqual([typed.ctx.state.address?.line1, typed.ctx.state.address?.line2], [
    "4746 Maple Ave Apt 25B",
    "Unit 3",
  ]);
});
