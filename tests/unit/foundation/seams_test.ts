// The seam registry is typed by key: provide() makes an adapter once, override() replaces it, and a mistyped
// key or a value of the wrong type is a type error (the @ts-expect-error lines fail `deno test` otherwise).
import assert from "node:assert/strict";
import { createPlatform, override, provide } from "../../../shared/platform.ts";
import { emailProvider } from "../../../shared/email/index.ts";
import type { EmailProvider } from "../../../shared/email/types.ts";
import { loadCoreConfig } from "../../../shared/config.ts";
import { connect } from "../../../shared/db/client.ts";

// postgres.js connects on the first query, which these tests never send.
const NO_DATABASE = "postgres://127.0.0.1:1/unused";

const platform = () => createPlatform(connect(NO_DATABASE), loadCoreConfig());

Deno.test("seams: provide() makes the adapter once; override() replaces it for every later caller", () => {
  const p = platform();
  let made = 0;
  const make = () => (made++, { name: "first" } as unknown as EmailProvider);
  const a = provide(p, "email", make);
  assert.equal(provide(p, "email", make), a);
  assert.equal(made, 1);
  const replacement = { name: "double" } as unknown as EmailProvider;
  override(p, "email", replacement);
  assert.equal(emailProvider(p), replacement);
});

// Never called: it only has to type-check, and each line below must be a type error.
export function mistypedSeamsDoNotCompile() {
  const p = platform();
  // @ts-expect-error a mistyped key is not a seam
  override(p, "emial", {} as EmailProvider);
  // @ts-expect-error the value must implement the seam's interface
  override(p, "email", 42);
  // @ts-expect-error provide() returns the seam's type, not any
  const n: number = provide(p, "email", () => ({}) as EmailProvider);
  return n;
}
