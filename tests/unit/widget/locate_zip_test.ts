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
