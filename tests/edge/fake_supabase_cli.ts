// A stand-in for the Supabase CLI in tests/edge/deploy_test.ts: records each invocation (argv, and the content
// of a `secrets set --env-file` file and the file names of a `storage cp -r` folder outside the repository, which the
// deploy deletes afterwards) as a JSON line in $FAKE_CLI_LOG.
const args = Deno.args;
const entry: Record<string, unknown> = { args };
const i = args.indexOf("--env-file");
if (args[0] === "secrets" && i >= 0) entry.envFile = await Deno.readTextFile(args[i + 1]);
if (args[0] === "storage" && args[1] === "cp" && args[3]?.startsWith("/")) {
  entry.files = [];
  for await (const e of Deno.readDir(args[3])) (entry.files as string[]).push(e.name);
}
await Deno.writeTextFile(Deno.env.get("FAKE_CLI_LOG")!, JSON.stringify(entry) + "\n", { append: true });
