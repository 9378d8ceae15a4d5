// `npm run bench`: every area's benchmark in turn (each prints its own figures), then a one-line summary.
const pkg = JSON.parse(await Deno.readTextFile(new URL("../../package.json", import.meta.url)));
const benches = Object.keys(pkg.scripts).filter((s) => s.startsWith("bench:")).sort();
const results: string[] = [];
for (const name of benches) {
  console.log(`\n=== npm run ${name}`);
  const started = performance.now();
  const { code } = await new Deno.Command("npm", {
    args: ["run", "--silent", name],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  results.push(
    `${name}: ${code === 0 ? "ok" : `exit ${code}`} in ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s`,
  );
}
console.log(`\n${results.join("\n")}`);
