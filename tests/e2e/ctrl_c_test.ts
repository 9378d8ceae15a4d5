// Ctrl-C as a terminal sends it: SIGINT to the whole foreground process group (npm, deno and the embedded
// PostgreSQL alike). The stack must exit within a few seconds and free its ports, whatever got the signal first.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import process from "node:process";

const root = new URL("../../", import.meta.url).pathname;

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

const listening = (port: number) =>
  Deno.connect({ hostname: "127.0.0.1", port }).then((c) => (c.close(), true), () => false);

/** `npm start` in a process group of its own (as a shell runs a foreground job), on the embedded PostgreSQL. */
async function startGroup(dataDir: string, port: number, pgPort: number) {
  const env = {
    ...Deno.env.toObject(),
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
  };
  delete (env as Record<string, string>).DATABASE_URL;
  const child = spawn("npm", ["start"], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out = (out + d).slice(-6000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (!out.includes("Press Ctrl-C")) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`stack did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { pgid: child.pid!, exited, output: () => out };
}

async function postgresPid(dataDir: string): Promise<number> {
  return Number((await Deno.readTextFile(`${dataDir}/postgres/postmaster.pid`)).split("\n")[0]);
}

/** `pid command` of each process still in the group (from /proc), for the failure message. */
async function groupMembers(pgid: number): Promise<string> {
  const out: string[] = [];
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const stat = await Deno.readTextFile(`/proc/${e.name}/stat`).catch(() => "");
    // stat: pid (comm) state ppid pgrp …; comm may hold spaces, so split after its closing parenthesis
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(rest[2]) !== pgid) continue;
    const cmd = await Deno.readTextFile(`/proc/${e.name}/cmdline`).catch(() => "");
    out.push(
      `${e.name} ${
        cmd.replaceAll("\0", " ").trim() || stat.slice(stat.indexOf("("), stat.lastIndexOf(")") + 1)
      }`,
    );
  }
  return out.join("\n") || "(gone before it could be listed)";
}

async function assertStopsWithin(stack: Awaited<ReturnType<typeof startGroup>>, ms: number, ports: number[]) {
  const started = Date.now();
  const timedOut = Symbol("timeout");
  const result = await Promise.race([stack.exited, new Promise((r) => setTimeout(() => r(timedOut), ms))]);
  if (result === timedOut) {
    try {
      process.kill(-stack.pgid, "SIGKILL");
    } catch { /* gone */ }
    assert.fail(`still running ${ms} ms after Ctrl-C:\n${stack.output()}`);
  }
  console.log(`stopped ${Date.now() - started} ms after the signal`);
  // The group is empty: no PostgreSQL or deno left behind.
  await new Promise((r) => setTimeout(r, 300));
  let left = "";
  try {
    process.kill(-stack.pgid, 0);
    left = await groupMembers(stack.pgid);
  } catch { /* the group is empty */ }
  // Which process stayed, and what the stack logged about its shutdown ("a part did not stop in time: …")
  assert.equal(left, "", `processes of the group left after the stack exited:\n${left}\n${stack.output()}`);
  for (const port of ports) assert.equal(await listening(port), false, `port ${port} is free`);
}

for (const order of ["whole group at once", "PostgreSQL first, the rest a second later"] as const) {
  Deno.test({
    name:
      `npm start: Ctrl-C (SIGINT to the process group, ${order}) stops everything within 5 s and frees the ports`,
    ignore: Deno.env.get("SKIP_STACK_E2E") === "1",
    sanitizeResources: false,
    sanitizeOps: false,
    async fn() {
      const dataDir = await Deno.makeTempDir({ prefix: "solar-ctrlc-" });
      const port = freePort(), pgPort = freePort();
      try {
        const stack = await startGroup(dataDir, port, pgPort);
        if (order === "whole group at once") process.kill(-stack.pgid, "SIGINT");
        else {
          // The terminal's signal reached PostgreSQL before deno: it shuts down on its own first.
          process.kill(await postgresPid(dataDir), "SIGINT");
          await new Promise((r) => setTimeout(r, 1000));
          // The stack must still be there to receive the signal: gone already, it died when its database did.
          try {
            process.kill(-stack.pgid, "SIGINT");
          } catch (e) {
            const code = await stack.exited;
            assert.fail(
              `the stack exited (code ${code}) when PostgreSQL stopped, before Ctrl-C: ${e}\n${stack.output()}`,
            );
          }
        }
        await assertStopsWithin(stack, 5_000, [port, pgPort]);
      } finally {
        await Deno.remove(dataDir, { recursive: true }).catch(() => {});
      }
    },
  });
}
