// A bill's read address checked against the gazetteer's places of its ZIP (shared/bills/address_check.ts), on
// a real migrated Postgres with the real reference data (public.geo_zips, public.geo_cities).
import assert from "node:assert/strict";
import { createTestDatabase } from "../../support/db.ts";
import { gazetteerPlaces } from "../../../shared/geo/zip_places.ts";
import { checkAddresses, CONTRADICTED_CONFIDENCE } from "../../../shared/bills/address_check.ts";
import { emptyItem, type ItemWithConfidence } from "../../../shared/bills/schema.ts";

const read = (city: string, state: string, zip: string, marketState = state): ItemWithConfidence => {
  const item: ItemWithConfidence = emptyItem();
  item.customerInformation.serviceAddress = {
    line1: "12 ELM ST",
    line2: "",
    city,
    state,
    zip,
    country: "US",
  };
  item.electricityUsage.marketState = marketState;
  item.confidence = { serviceAddress: 0.9 };
  return item;
};
const address = (i: ItemWithConfidence) => {
  const a = i.customerInformation.serviceAddress;
  return `${a.city}|${a.state}|${a.zip}|${i.confidence?.serviceAddress}`;
};

Deno.test("read address vs the gazetteer: OCR'd cities and states corrected within reach of the ZIP's city, else confirmed", async () => {
  const db = await createTestDatabase();
  try {
    const places = gazetteerPlaces(db.sql);
    const check = async (city: string, state: string, zip: string) =>
      address(await checkAddresses(read(city, state, zip), places));
    // one glyph misread: corrected, in the printed form (capitals, the abbreviation kept)
    assert.equal(await check("NORFOIK", "VA", "23508"), "NORFOLK|VA|23508|0.9");
    assert.equal(await check("ST. LOUlS", "MO", "63110"), "ST. LOUIS|MO|63110|0.9");
    assert.equal(await check("Charlotle", "NC", "28205"), "Charlotte|NC|28205|0.9");
    // two words glued by OCR
    assert.equal(await check("VIRGINIABEACH", "VA", "23451"), "VIRGINIA BEACH|VA|23451|0.9");
    assert.equal(await check("FORTWORTH", "TX", "76107"), "FORT WORTH|TX|76107|0.9");
    // a name the postal tables space after its prefix ("MC COLL", "DU BOIS"), printed closed up: kept as read
    assert.equal(await check("MCCOLL", "SC", "29570"), "MCCOLL|SC|29570|0.9");
    assert.equal(await check("DuBois", "PA", "15801"), "DuBois|PA|15801|0.9");
    // the ZIP's own city, and another postal name of the place near it: kept as read
    assert.equal(await check("Norfolk", "VA", "23508"), "Norfolk|VA|23508|0.9");
    assert.equal(await check("Long Island City", "NY", "11102"), "Long Island City|NY|11102|0.9");
    // a real city far from the ZIP (one of the two was misread): kept, but to be confirmed
    assert.equal(await check("Richmond", "VA", "23508"), `Richmond|VA|23508|${CONTRADICTED_CONFIDENCE}`);
    // a name garbled past correction: to be confirmed, never guessed
    assert.equal(await check("NORFXQK", "VA", "23508"), `NORFXQK|VA|23508|${CONTRADICTED_CONFIDENCE}`);
    assert.equal(await check("N0RF0LK", "VA", "23508"), `N0RF0LK|VA|23508|${CONTRADICTED_CONFIDENCE}`);
    // a town the gazetteer files under another postal city (one city per ZIP): kept as read
    assert.equal(await check("LAKEWOOD", "CO", "80226"), "LAKEWOOD|CO|80226|0.9");
    assert.equal(await check("Kettering", "OH", "45429"), "Kettering|OH|45429|0.9");
    // a short name (no error allowed) is not corrected
    assert.equal(await check("Mesq", "AZ", "85201"), `Mesq|AZ|85201|${CONTRADICTED_CONFIDENCE}`);
    // a misread state under the ZIP's city: corrected, with the market state read from it
    const st = await checkAddresses(read("Norfolk", "VK", "23508"), places);
    assert.equal(address(st), "Norfolk|VA|23508|0.9");
    assert.equal(st.electricityUsage.marketState, "VA");
    // city right, ZIP of another state: to be confirmed (the ZIP or the state was misread)
    assert.equal(await check("Norfolk", "VA", "63110"), `Norfolk|VA|63110|${CONTRADICTED_CONFIDENCE}`);
    // a ZIP the gazetteer does not know, or none: nothing changes
    assert.equal(await check("NORFOIK", "VA", "00009"), "NORFOIK|VA|00009|0.9");
    assert.equal(await check("NORFOIK", "VA", ""), "NORFOIK|VA||0.9");
    // the billing address is checked the same way; an item without confidence gets one for the doubted address
    const b = emptyItem();
    b.billingInformation.billingAddress = {
      line1: "PO BOX 9",
      line2: "",
      city: "Bronx",
      state: "NY",
      zip: "23508",
      country: "US",
    };
    const out = await checkAddresses(b, places);
    assert.deepEqual(out.confidence, { billingAddress: CONTRADICTED_CONFIDENCE });
    assert.equal(out.customerInformation.serviceAddress.city, "");
  } finally {
    await db.drop();
  }
});
