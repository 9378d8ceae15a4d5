import assert from "node:assert/strict";

const deno = Deno.execPath();
const root = new URL("../../../", import.meta.url).pathname;

async function extract(...files: string[]) {
  const out = await new Deno.Command(deno, {
    args: ["run", "-A", "scripts/extract.ts", "--", ...files],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
    env: { LOG_LEVEL: "error", BILL_MODEL: "embedded" },
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("npm run extract prints the envelope, and exits 2 with the spec's error code", async () => {
  const ok = await extract("tests/fixtures/bills/synthetic/georgia-01.pdf");
  assert.equal(ok.code, 0, ok.stderr);
  const env = JSON.parse(ok.stdout);
  assert.equal(env.data.items[0].billingInformation.utilityProviderName, "Georgia Power");
  assert.deepEqual(env.fileStatus, [{ filename: "georgia-01.pdf", status: "success" }]);

  const incomplete = await extract("tests/fixtures/bills/real/hutson_sample01.pdf");
  assert.equal(incomplete.code, 2);
  assert.equal(JSON.parse(incomplete.stderr.trim().split("\n").pop()!).error.code, "incomplete_bill");

  const notBill = await extract("docs/bills.md");
  assert.equal(notBill.code, 2);
  assert.match(notBill.stderr, /invalid_file_type/);
});
