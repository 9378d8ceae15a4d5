// `npm run sync:imports`: writes deno.json "imports" from package.json + package-lock.json, so the same bare
// specifiers resolve from node_modules locally (nodeModulesDir "manual") and as exact npm: versions when the
// Supabase CLI bundles a function (supabase/config.toml points each function's import_map at deno.json).
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
    imports[name] = `npm:${name}@${version}`;
    imports[`${name}/`] = `npm:/${name}@${version}/`;
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
