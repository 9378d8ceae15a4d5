// Fifth pass (docs/security.md "Pass 5"): the public widget token stored ten files of 10 MB a request on a property
// it had created, at the widget's rate (600 a minute per address), without end: the object store filled at a
// partner's expense. Now the widget stores at most MAX_WIDGET_PROPERTY_FILES files (and _BYTES) on a property; two
// uploads at once cannot both pass it, and the refused one's files are removed from the store.
import assert from "node:assert/strict";
import { join } from "node:path";
import { address, contact, widgetEnv } from "../widget/helpers.ts";
import { DOCUMENTS_BUCKET, MAX_WIDGET_PROPERTY_FILES } from "../../../shared/widget/documents.ts";
import { objectStore } from "../../../shared/storage/index.ts";

const files = (n: number, tag: string) => {
  const form = new FormData();
  for (let i = 0; i < n; i++) {
    form.append("files", new File([`%PDF-1.4 ${tag} ${i}`], `${tag}-${i}.pdf`, { type: "application/pdf" }));
  }
  return form;
};

Deno.test("widget document uploads: a property takes a bounded number of files from the widget, even at once", async () => {
  const e = await widgetEnv();
  try {
    const c = await e.call(e.widget, "POST", "/contact", contact);
    const pr = await e.call(e.widget, "POST", "/property", {
      contact_id: c.json.data.id,
      address,
      latitude: 37.79,
      longitude: -122.39,
    });
    assert.equal(pr.status, 201, JSON.stringify(pr.json));
    const id = pr.json.data.property_uuid;
    const per = 10;
    const fits = MAX_WIDGET_PROPERTY_FILES / per;
    // one more request than fits, all at once
    const answers = await Promise.all(
      Array.from(
        { length: fits + 1 },
        (_, i) => e.call(e.widget, "POST", `/property/${id}/upload`, files(per, `r${i}`)),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [...Array(fits).fill(201), 409], JSON.stringify(answers.map((a) => a.json)));
    const refused = answers.find((a) => a.status === 409)!;
    assert.equal(refused.json.error.code, "document_quota_exceeded");
    const rows = await e.p.sql`select path from public.property_documents where property_id = ${id}`;
    assert.equal(rows.length, MAX_WIDGET_PROPERTY_FILES);
    // the refused request's files are not left in the store: the property's folder holds exactly the rows' files
    const kept = rows.map((r) => r.path as string);
    const folder = join(e.p.config.dataDir, "storage", DOCUMENTS_BUCKET, e.widget.orgId!, id);
    const stored: string[] = [];
    for await (const f of Deno.readDir(folder)) {
      if (f.name.endsWith(".pdf")) stored.push(`${e.widget.orgId}/${id}/${f.name}`);
    }
    assert.deepEqual(stored.sort(), [...kept].sort());
    // and once more, one file: refused before anything is stored
    const late = await e.call(e.widget, "POST", `/property/${id}/upload`, files(1, "late"));
    assert.deepEqual([late.status, late.json.error?.code], [409, "document_quota_exceeded"]);
    // the partner's staff still attach files to it
    const staff = await e.call(e.admin, "POST", `/property/${id}/upload`, files(1, "staff"));
    assert.equal(staff.status, 201, JSON.stringify(staff.json));
    assert.ok(await objectStore(e.p).get(DOCUMENTS_BUCKET, kept[0]));
  } finally {
    await e.close();
  }
});
