// `npm start` (scripts/start.ts) as a child process for the end-to-end tests: on 127.0.0.1, the embedded inbox's
// SMTP listener off, debug logs (the start's phases) on stdout.

/** Spawns the stack on `port` with DATA_DIR `dataDir` and `env` on top (DATABASE_URL, EMBEDDED_PG_PORT …). */
export function spawnStack(port: number, dataDir: string, env: Record<string, string>): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/start.ts"],
    cwd: new URL("../../", import.meta.url).pathname,
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: "127.0.0.1",
      INBOX_SMTP_PORT: "0",
      LOG_LEVEL: "debug",
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}
