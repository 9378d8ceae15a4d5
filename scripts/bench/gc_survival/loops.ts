// The loops `npm run bench:gc-survival` runs, one per process (argument: the loop's name). Each allocates
// per iteration and keeps nothing: whatever a scavenge copies or promotes is what V8 could not prove dead.
import net from "node:net";
import { Buffer } from "node:buffer";
import { connect } from "../../../shared/db/client.ts";

const N = Number(Deno.env.get("BENCH_ITERATIONS") ?? 30_000);
const LANES = 8;

/** postgres.js through the project's pool: 8 lanes of `select $1, $2` (one row back). */
async function postgresJs(): Promise<void> {
  const url = Deno.env.get("TEST_DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const sql = connect(url, { max: LANES });
  await sql`select 1`;
  let i = 0;
  const lane = async () => {
    while (i < N) {
      i++;
      const r = await sql`select ${i}::int as a, ${"x" + i}::text as b`;
      if (r.length !== 1) throw new Error("expected one row");
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  await sql.end();
}

/** A PostgreSQL startup message (protocol 3.0) for `user` on database `postgres`, no password (trust). */
function startup(user: string): Buffer {
  const body = Buffer.concat([
    Buffer.from([0, 3, 0, 0]),
    Buffer.from(`user\0${user}\0database\0postgres\0\0`),
  ]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length + 4);
  return Buffer.concat([len, body]);
}

/** A simple-protocol query message. */
function simpleQuery(text: string): Buffer {
  const b = Buffer.from(text + "\0");
  const h = Buffer.alloc(5);
  h[0] = 81; // 'Q'
  h.writeUInt32BE(b.length + 4, 1);
  return Buffer.concat([h, b]);
}

type Pending = Promise<unknown> & { resolve: (rows: unknown[]) => void; active?: boolean };

/** The per-query promise as postgres.js's `Query` builds it: a closure over the promise itself. */
function closureOverItself(): Pending {
  let r!: (rows: unknown[]) => void;
  const p = new Promise((a) => (r = a)) as Pending;
  p.resolve = (rows) => (p.active = false, r(rows));
  return p;
}

/** The same promise with its resolve function stored as it is. */
function resolveStored(): Pending {
  let r!: (rows: unknown[]) => void;
  const p = new Promise((a) => (r = a)) as Pending;
  p.resolve = r;
  return p;
}

/**
 * A hand-written simple-query loop over `node:net` (8 connections, 8 lanes): each query's promise is made by
 * `make` and resolved from the socket's `data` callback; the lane waits on a callback, not on that promise.
 */
async function wire(make: () => Pending): Promise<void> {
  const u = new URL(Deno.env.get("TEST_DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres");
  const open = () =>
    new Promise<(text: string) => Promise<unknown[]>>((ready) => {
      const s = net.connect(Number(u.port || 5432), u.hostname);
      s.setNoDelay(true);
      let incoming: Buffer | null = null, rows: unknown[] = [], started = false;
      let cur: Pending | null = null, done: ((rows: unknown[]) => void) | null = null;
      const run = (text: string) =>
        new Promise<unknown[]>((a) => {
          cur = make();
          done = a;
          s.write(simpleQuery(text));
        });
      s.on("data", (x: Buffer) => {
        incoming = incoming ? Buffer.concat([incoming, x]) : x;
        while (incoming.length > 4) {
          const len = incoming.readUInt32BE(1);
          if (len >= incoming.length) break;
          const m = incoming.subarray(0, len + 1);
          incoming = incoming.subarray(len + 1);
          if (m[0] === 69) throw new Error(`server error: ${m.toString("utf8", 5)}`); // 'E'
          if (m[0] === 68) rows.push({ a: m.toString("utf8", 11, m.length) }); // 'D'
          if (m[0] !== 90) continue; // 'Z'
          if (!started) {
            started = true;
            ready(run);
            continue;
          }
          const got = rows, q = cur!, d = done!;
          rows = [];
          cur = done = null;
          q.resolve(got);
          d(got);
        }
        if (incoming.length === 0) incoming = null;
      });
      s.write(startup(decodeURIComponent(u.username || "postgres")));
    });
  const conns = await Promise.all(Array.from({ length: LANES }, open));
  let i = 0;
  const lane = async (run: (text: string) => Promise<unknown[]>) => {
    while (i < N) {
      i++;
      const r = await run(`select ${i} as a, 'x${i}' as b`);
      if (r.length !== 1) throw new Error("expected one row");
    }
  };
  await Promise.all(conns.map(lane));
  Deno.exit(0);
}

const loops: Record<string, () => Promise<void>> = {
  "postgres.js": postgresJs,
  "wire, closure over the promise": () => wire(closureOverItself),
  "wire, resolve stored": () => wire(resolveStored),
};
const name = Deno.args[0];
if (!loops[name]) throw new Error(`unknown loop ${name}; one of ${Object.keys(loops).join(", ")}`);
await loops[name]();
