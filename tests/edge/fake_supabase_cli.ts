// A stand-in for the Supabase CLI in tests/edge/deploy_test.ts: records each invocation (argv, and the content
// of a `secrets set --env-file` file, which the deploy deletes afterwards) as a JSON line in $FAKE_CLI_LOG.
const args = Deno.args;
const entry: Record<string, unknown> = { args };
const i = args.indexOf("--env-file");
if (args[0] === "secrets" && i >= 0) entry.envFile = await Deno.readTextFile(args[i + 1]);
await Deno.writeTextFile(Deno.env.get("FAKE_CLI_LOG")!, JSON.stringify(entry) + "\n", { append: true });
