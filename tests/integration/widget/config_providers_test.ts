import assert from "node:assert/strict";
import { widgetEnv } from "./helpers.ts";
import { override } from "../../../shared/platform.ts";
import { loadWidgetSettings } from "../../../shared/widget/config.ts";

Deno.test("widget-info: 404 until configured, admin-only writes, sanitised HTML, partner-scoped", async () => {
  const e = await widgetEnv({ configure: false });
  try {
    const none = await e.call(e.widget, "GET", "/widget-info");
    assert.equal(none.status, 404);
    assert.equal(none.json.error.code, "widget_not_configured");

    const config = {
      logo_url: "https://partner.example/logo.svg",
      serving_states: ["ca", "NY"],
      roof_types: ["Asphalt shingle", "Tile"],
      widget_info:
        `<h3 onmouseover="x()">Why Sunny</h3><script>alert(1)</script><a href="javascript:alert(1)">bad</a><p>25-year warranty</p>`,
      theme: { primary: "#0b6e4f" },
    };
    const denied = await e.call(e.widget, "PUT", "/widget-config", config);
    assert.equal(denied.status, 403);
    const saved = await e.call(e.admin, "PUT", "/widget-config", config);
    assert.equal(saved.status, 200);
    assert.deepEqual(saved.json.data.serving_states, ["CA", "NY"]);

    const got = await e.call(e.widget, "GET", "/widget-info");
    assert.equal(got.status, 200);
    assert.equal(got.json.data.map_tile_url, null, "offline: no map tiles, so no third-party request");
    // The setting is read once per platform (loadWidgetSettings); a platform configured with a tile server says so.
    override(
      e.p,
      "widgetSettings",
      loadWidgetSettings(new Map([["WIDGET_MAP_TILE_URL", "https://tiles.example/{z}/{x}/{y}.png"]])),
    );
    assert.equal(
      (await e.call(e.widget, "GET", "/widget-info")).json.data.map_tile_url,
      "https://tiles.example/{z}/{x}/{y}.png",
    );
    assert.equal(got.json.data.logo_url, config.logo_url);
    assert.deepEqual(got.json.data.roof_types, config.roof_types);
    assert.equal(got.json.data.theme.primary, "#0b6e4f");
    assert.match(got.json.data.widget_info, /<h3>Why Sunny<\/h3>/);
    assert.doesNotMatch(got.json.data.widget_info, /script|onmouseover|javascript:/);

    // A row written around the API is still sanitised on the way out.
    await e.p
      .sql`update public.widget_configs set widget_info = '<p onclick="x()">ok</p><script>x</script>' where organization_id = ${e.admin.orgId}`;
    assert.equal((await e.call(e.widget, "GET", "/widget-info")).json.data.widget_info, "<p>ok</p>");

    assert.equal(
      (await e.call(e.other, "GET", "/widget-info")).status,
      404,
      "another partner sees no configuration",
    );
    const unconfigured = await e.call(e.other, "POST", "/create-lead", {
      contact: { first_name: "Al", email: "al@example.com" },
      address: { line1: "1 Ocean Dr", city: "Miami", state: "FL", zip: "33139" },
    });
    assert.equal(unconfigured.json.data.status, "new", "a partner without a configuration serves everywhere");
    const bad = await e.call(e.admin, "PUT", "/widget-config", {
      ...config,
      serving_states: ["ZZ"],
      theme: { primary: "red" },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.json.error.message, /serving_states/);
  } finally {
    await e.close();
  }
});

Deno.test("utility-providers and energy-providers list utilities by zip and state, most likely first", async () => {
  const e = await widgetEnv();
  try {
    const sf = await e.call(e.widget, "GET", "/utility-providers?zip=94103");
    assert.equal(sf.status, 200);
    const names = sf.json.data.items.map((i: { name: string }) => i.name);
    // PG&E, found by county, then the city's utility the zip tables list for the zip but EIA-861 gives no
    // territory (providers/lookup.ts)
    assert.deepEqual(names.slice(0, 2), ["Pacific Gas & Electric Company", "City & County of San Francisco"]);
    assert.equal(names.at(-1), "Other / not listed");

    const ny = await e.call(e.widget, "GET", "/energy-providers?zip=10001");
    assert.equal(ny.json.data.items[0].name, "Consolidated Edison Company of New York");
    assert.equal(ny.json.data.items[0].match, "zip");
    assert.equal(ny.json.data.items[0].ownership, "Investor Owned");

    const state = await e.call(e.widget, "GET", "/utility-providers?state=ca");
    const stateNames = state.json.data.items.map((i: { name: string }) => i.name);
    for (
      const n of [
        "Pacific Gas & Electric Company",
        "Southern California Edison Company",
        "San Diego Gas & Electric Company",
      ]
    ) assert.ok(stateNames.includes(n), n);
    assert.ok(
      stateNames.indexOf("Pacific Gas & Electric Company") <
        stateNames.indexOf("City & County of San Francisco"),
    );

    // Texas's competitive areas: the wires company, found only by county, comes first where no utility is listed
    // for the zip; a municipal utility listed for its own zip stays first (Austin Energy over Oncor in 78701).
    const firstFor = async (zip: string) =>
      (await e.call(e.widget, "GET", `/utility-providers?zip=${zip}`)).json.data.items[0] as {
        name: string;
        ownership: string | null;
      };
    const houston = await firstFor("77019");
    assert.equal(houston.name, "CenterPoint Energy");
    assert.equal(houston.ownership, "Investor Owned");
    assert.equal((await firstFor("75201")).name, "Oncor Electric Delivery Company");
    assert.equal((await firstFor("76107")).name, "Oncor Electric Delivery Company");
    assert.equal((await firstFor("78411")).name, "AEP Texas Central Company");
    assert.equal((await firstFor("78701")).name, "Austin Energy");

    // 94101 (PO boxes) is in no table: the surrounding San Francisco zips answer (PG&E first, as for 94103).
    const po = await e.call(e.widget, "GET", "/utility-providers?zip=94101");
    assert.equal(po.json.data.items[0].name, "Pacific Gas & Electric Company");
    assert.equal(po.json.data.items[0].match, "area");

    // Tempe, AZ: the reference's abbreviated names are shown as a person writes them; ids stay the EIA ids.
    const tempe = await e.call(e.widget, "GET", "/utility-providers?zip=85281");
    const az = tempe.json.data.items as { id: string; name: string }[];
    const ed8 = az.find((i) => i.name === "Electrical District No. 8 Maricopa");
    assert.ok(ed8, az.map((i) => i.name).join("; "));
    assert.match(ed8.id, /^eia:\d+$/);
    assert.ok(az.some((i) => i.name === "San Carlos Project (U.S. Bureau of Indian Affairs)"));
    assert.deepEqual(az.filter((i) => /\bNo\d|#\d|^US[A-Z]+-|\bCo$|\bCoop\b|\bE M C\b/.test(i.name)), []);

    const unknown = await e.call(e.widget, "GET", "/utility-providers?zip=00000");
    assert.deepEqual(unknown.json.data.items.map((i: { id: string }) => i.id), ["other"]);
    assert.equal((await e.call(e.widget, "GET", "/utility-providers")).status, 400);
    const badZip = await e.call(e.widget, "GET", "/utility-providers?zip=abc");
    assert.equal(badZip.status, 400);
    assert.match(badZip.json.error.message, /zip/);
  } finally {
    await e.close();
  }
});

Deno.test("address autocomplete, geocode and roof analysis reach the widget through widget-service", async () => {
  const e = await widgetEnv();
  try {
    const ac = await e.call(
      e.widget,
      "GET",
      "/address-autocomplete?q=" + encodeURIComponent("1 Market St, San Fran"),
    );
    assert.equal(ac.status, 200);
    assert.ok(ac.json.data.items.length > 0);
    assert.ok(ac.json.data.items.some((s: { city?: string; state?: string }) => s.state === "CA"));
    const g = await e.call(
      e.widget,
      "GET",
      "/geocode?address=" + encodeURIComponent("1 Market St, San Francisco, CA 94105"),
    );
    assert.equal(g.status, 200);
    assert.equal(g.json.data.state, "CA");
    assert.ok(Math.abs(g.json.data.lat - 37.79) < 0.2 && Math.abs(g.json.data.lon + 122.4) < 0.2);
    const roof = await e.call(
      e.widget,
      "GET",
      `/roof-analysis?lat=${g.json.data.lat}&lon=${g.json.data.lon}`,
    );
    assert.equal(roof.status, 200);
    assert.ok(roof.json.data.maxSunshineHoursPerYear > 1000);
    assert.ok(roof.json.data.yieldDcKwhPerKw > 900);
    assert.equal((await e.call(e.widget, "GET", "/roof-analysis")).status, 400);
    assert.equal(
      (await e.call(e.widget, "GET", "/geocode?address=" + encodeURIComponent("12 Nowhere Rd, Zzqxville")))
        .status,
      404,
    );
    // A home's street address only: a PO Box or a city alone is 400 with a message for the homeowner.
    const box = await e.call(
      e.widget,
      "GET",
      "/geocode?address=" + encodeURIComponent("PO Box 12, Austin, TX 78701"),
    );
    assert.deepEqual([box.status, box.json.error.code], [400, "po_box_not_accepted"]);
    const city = await e.call(e.widget, "GET", "/geocode?address=" + encodeURIComponent("Austin, TX"));
    assert.deepEqual([city.status, city.json.error.code], [400, "street_address_required"]);
  } finally {
    await e.close();
  }
});
