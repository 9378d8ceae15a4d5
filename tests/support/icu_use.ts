// `deno run -A tests/support/icu_use.ts <module>...`: imports the modules (in the order given, one after the
// other), then reads the migrations as `npm start` does beside initdb, and prints the ICU-backed APIs that ran
// meanwhile, as JSON lines `{ "api", "at" }` (the caller's first frames). A process's first Intl object, locale
// comparison or locale formatting loads ICU's data (≈12 ms of CPU, 30–100 ms of wall on a loaded machine): what
// loads beside initdb should not (docs/operations.md, "Local stack: margin16"). The modules are imported after the
// hooks are in, through specifiers Deno does not read ahead, so their top-level code runs under the hooks.
const used: { api: string; at: string }[] = [];
const note = (api: string) => {
  const at = (new Error().stack ?? "").split("\n").slice(3, 6).map((l) => l.trim()).join(" ← ");
  used.push({ api, at });
};
type Ctor = new (...args: unknown[]) => unknown;
for (
  const name of ["NumberFormat", "DateTimeFormat", "Collator", "PluralRules", "RelativeTimeFormat"] as const
) {
  const intl = Intl as unknown as Record<string, Ctor>;
  const original = intl[name];
  intl[name] = new Proxy(original, {
    construct: (
      target,
      args,
      newTarget,
    ) => (note(`Intl.${name}`), Reflect.construct(target, args, newTarget)),
    apply: (target, self, args) => (note(`Intl.${name}`), Reflect.apply(target, self, args)),
  });
}
const hook = (proto: object, method: string, api: string) => {
  const methods = proto as Record<string, (...args: unknown[]) => unknown>;
  const original = methods[method];
  methods[method] = function (this: unknown, ...args: unknown[]) {
    note(api);
    return original.apply(this, args);
  };
};
hook(String.prototype, "localeCompare", "String.prototype.localeCompare");
hook(Number.prototype, "toLocaleString", "Number.prototype.toLocaleString");
for (const m of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) {
  hook(Date.prototype, m, `Date.prototype.${m}`);
}

const root = new URL("../../", import.meta.url);
for (const m of Deno.args) await import(new URL(m, root).href);
const { readMigrations } = await import(new URL("shared/db/migrate.ts", root).href);
await readMigrations();
for (const u of used) console.log(JSON.stringify(u));
