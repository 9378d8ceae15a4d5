// A geocoding or roof-data provider that fails reaches the widget as its seam's error, mapped once by the HTTP
// layer (502 <seam>_unavailable with a public message), never re-mapped by the domain.
import assert from "node:assert/strict";
import { widgetEnv } from "./helpers.ts";
import { override } from "../../../shared/platform.ts";
import { SeamUnavailableError } from "../../../shared/errors.ts";

Deno.test("widget: a geocoder or roof-data outage is 502 geocoder_unavailable / roof_data_unavailable, the provider's answer kept out", async () => {
  const e = await widgetEnv();
  try {
    const down = (seam: string) => () =>
      Promise.reject(new SeamUnavailableError(seam, "Google: HTTP 500 secret-detail"));
    override(e.p, "geocoder", { geocode: down("geocoder"), autocomplete: down("geocoder") });
    override(e.p, "roof", { findClosest: down("roof_data") });
    const answers = [
      await e.call(e.widget, "GET", "/address-autocomplete?q=" + encodeURIComponent("1 Market St, San Fran")),
      await e.call(
        e.widget,
        "GET",
        "/geocode?address=" + encodeURIComponent("1 Market St, San Francisco, CA 94105"),
      ),
      await e.call(e.widget, "GET", "/roof-analysis?lat=37.79&lon=-122.39"),
    ];
    assert.deepEqual(answers.map((a) => [a.status, a.json.error.code]), [
      [502, "geocoder_unavailable"],
      [502, "geocoder_unavailable"],
      [502, "roof_data_unavailable"],
    ]);
    for (const a of answers) assert.ok(!JSON.stringify(a.json).includes("secret-detail"));
  } finally {
    await e.close();
  }
});
