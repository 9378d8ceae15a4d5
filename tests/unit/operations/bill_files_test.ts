import assert from "node:assert/strict";
import { billDocumentFiles } from "../../../shared/email-agent/bill_files.ts";

const a = (
  name: string,
  kind: "pdf" | "png" | "jpeg" | null,
  extra: { stored?: boolean; related?: boolean } = {},
) => ({ name, kind, storagePath: extra.stored === false ? null : `org/key/${name}`, related: extra.related });

Deno.test("bill files: the first PDF is the whole bill, whatever images come with it", () => {
  const picked = billDocumentFiles([a("photo.jpg", "jpeg"), a("bill.pdf", "pdf"), a("older.pdf", "pdf")], 10);
  assert.deepEqual(picked.map((x) => x.name), ["bill.pdf"]);
});

Deno.test("bill files: without a PDF, the images are the pages of one bill in order; inline logos are left out", () => {
  const picked = billDocumentFiles([
    a("logo.png", "png", { related: true }),
    a("page1.jpg", "jpeg"),
    a("notes.txt", null, { stored: false }),
    a("page2.png", "png"),
    a("huge.jpg", "jpeg", { stored: false }),
  ], 10);
  assert.deepEqual(picked.map((x) => x.name), ["page1.jpg", "page2.png"]);
});

Deno.test("bill files: at most maxFiles pages; nothing stored means nothing to extract", () => {
  const pages = Array.from({ length: 5 }, (_, i) => a(`p${i + 1}.png`, "png"));
  assert.deepEqual(billDocumentFiles(pages, 3).map((x) => x.name), ["p1.png", "p2.png", "p3.png"]);
  assert.deepEqual(billDocumentFiles([a("bill.pdf", "pdf", { stored: false })], 10), []);
});
