// Security pass 7: mail routed to no partner is linked across partners by the bill's service address when exactly one
// property matches. A stranger holding partner B's public widget token put a property at a victim's street and ZIP
// (or moved one there) and took that match: the victim's bills went to partner B. Across partners the inbox now
// matches only addresses the platform or a partner's staff entered (migration 20261202090701, link.ts); within the
// partner a message is routed to, the widget's properties still match.
import assert from "node:assert/strict";
import { widgetEnv } from "../widget/helpers.ts";
import { findCustomer } from "../../../shared/email-agent/link.ts";

const victim = { line1: "742 Evergreen Terrace", city: "Miami", state: "FL", zip: "33101" };
const bill = { address: { line1: "742 Evergreen Ter.", zip: "33101-0042" } };

Deno.test("unrouted mail: a widget token's property at a victim's address takes no cross-partner match", async () => {
  const e = await widgetEnv();
  try {
    // The stranger's property at the victim's address, through partner B's public widget token.
    const claim = await e.call(e.other, "POST", "/property", { address: victim });
    assert.equal(claim.status, 201, JSON.stringify(claim.json));
    assert.equal(await findCustomer(e.p.sql, null, bill), null, "no partner's staff entered that address");
    // Within partner B (mail routed there), the widget's property still matches.
    assert.equal(
      (await findCustomer(e.p.sql, e.other.orgId, bill))?.propertyId,
      claim.json.data.property_uuid,
    );

    // Moving a property of its own there with PUT does not buy the match either.
    const moved = await e.call(e.other, "POST", "/property", {
      address: { line1: "1 Ocean Dr", city: "Miami", state: "FL", zip: "33139" },
    });
    assert.equal(moved.status, 201);
    const put = await e.call(e.other, "PUT", `/property/${moved.json.data.property_uuid}`, {
      address: victim,
    });
    assert.equal(put.status, 200, JSON.stringify(put.json));
    assert.equal(await findCustomer(e.p.sql, null, bill), null);

    // The victim's own partner (A) enters the address through its staff: the unrouted bill goes to A, though the
    // stranger's two properties sit at the same address in B (before: three matches, so none at all).
    const staff = await e.call(e.admin, "POST", "/property", { address: victim });
    assert.equal(staff.status, 201, JSON.stringify(staff.json));
    const match = await findCustomer(e.p.sql, null, bill);
    assert.equal(match?.propertyId, staff.json.data.property_uuid);
    assert.equal(match?.organizationId, e.admin.orgId);
    assert.equal(match?.by, "address");

    // A widget token cannot move the staff's property at all (pass 8: it reaches only its own homeowner session's
    // records; before, moving it away and back made the address the widget's): 404, the match stays A's.
    for (const line1 of ["742 Evergreen Terrace", victim.line1]) {
      const hijack = await e.call(e.widget, "PUT", `/property/${staff.json.data.property_uuid}`, {
        address: { ...victim, line1 },
      });
      assert.equal(hijack.status, 404, JSON.stringify(hijack.json));
    }
    const [row] = await e.p
      .sql`select address_source from public.properties where id = ${staff.json.data.property_uuid}`;
    assert.equal(row.address_source, "partner_admin");
    assert.equal((await findCustomer(e.p.sql, null, bill))?.propertyId, staff.json.data.property_uuid);
  } finally {
    await e.close();
  }
});
