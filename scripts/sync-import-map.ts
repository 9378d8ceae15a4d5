// `npm run sync:imports`: writes deno.json "imports" from package.json + package-lock.json, so the same bare
// specifiers resolve from node_modules locally (nodeModulesDir "manual") and as exact npm: versions when the
// Supabase CLI bundles a function (supabase/config.toml points each function's import_map at deno.json).
//
// A package listed in VENDORED resolves to its patched copy under vendor/ instead (locally and, through
// `npm run edge:sync`, in every function's deploy config); package.json keeps the upstream version the copy
// was made from, and the lock must still name that version (a bump means refreshing the copy first).
export const VENDORED: Record<string, { version: string; entry: string; dir: string }> = {
  // vendor/postgres/README.md: Query's per-query closures made methods (docs/notifications.md, Push9 pass).
  postgres: { version: "3.4.9", entry: "./vendor/postgres/src/index.js", dir: "./vendor/postgres/" },
};

export async function expectedImports(
  root = new URL("../", import.meta.url),
): Promise<Record<string, string>> {
  const pkg = JSON.parse(await Deno.readTextFile(new URL("package.json", root)));
  const lock = JSON.parse(await Deno.readTextFile(new URL("package-lock.json", root)));
  const imports: Record<string, string> = {};
  // Test and build tools (devDependencies) are imported too; type-only packages (@types/*) are not.
  const names = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]
    .filter((n) => !n.startsWith("@types/"));
  for (const name of names.sort()) {
    const version = lock.packages?.[`node_modules/${name}`]?.version;
    if (!version) throw new Error(`${name} is in package.json but not in package-lock.json: run npm install`);
    const vendored = VENDORED[name];
    if (vendored && vendored.version !== version) {
      throw new Error(
        `${name} ${version} is installed but vendor/ holds ${vendored.version}: refresh the copy`,
      );
    }
    imports[name] = vendored ? vendored.entry : `npm:${name}@${version}`;
    imports[`${name}/`] = vendored ? vendored.dir : `npm:/${name}@${version}/`;
  }
  return imports;
}

if (import.meta.main) {
  const file = new URL("../deno.json", import.meta.url);
  const deno = JSON.parse(await Deno.readTextFile(file));
  deno.imports = await expectedImports();
  await Deno.writeTextFile(file, JSON.stringify(deno, null, 2) + "\n");
  console.log(`deno.json imports: ${Object.keys(deno.imports).length / 2} packages`);
}
