import net from "node:net";
import postgres from "postgres";
import { guardDriverClosedSocketWrites } from "./driver_guard.ts";

export type Sql = postgres.Sql<Record<string, unknown>>;
export type Tx = postgres.TransactionSql<Record<string, unknown>>;
/** Either the pool or a transaction: what a function takes when it may run inside a caller's transaction. */
export type Db = Sql | Tx;

/** What a jsonb parameter may be: anything JSON.stringify writes as an object, array or scalar. */
export type JsonInput = object | string | number | boolean | null;

/**
 * A jsonb query parameter. postgres.js types `sql.json()` with its own JSONValue, which the project's
 * interfaces (no index signature) do not satisfy although they serialize alike: the one cast lives here.
 */
export function jsonb(db: Db, value: JsonInput): postgres.Parameter {
  return db.json(value as postgres.JSONValue);
}

/** Opens a pool to the database at `url`. Notices are silenced; errors surface as thrown exceptions. */
export function connect(url: string, opts: { max?: number } = {}): Sql {
  guardDriverClosedSocketWrites();
  return postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    idle_timeout: 30,
    connect_timeout: 10,
    // Date columns come back as JS Dates; bigint as strings are avoided by using int/numeric deliberately.
    transform: { undefined: null },
    socket: noDelaySocket,
  } as postgres.Options<Record<string, never>>) as Sql;
}

/**
 * The connection's socket with TCP_NODELAY, as libpq opens it: postgres.js leaves Nagle's algorithm on, so a
 * small message written while the one before is not yet acknowledged (the query after a COPY's rows, the next
 * statement after an answer) waited for the server's delayed ACK, ≈40 ms each time on Linux (a first start's
 * reference-data loads lost ≈45 ms after every COPY: `npm run bench:start`). Returned while it connects, so
 * postgres.js's connect_timeout still bounds the connect. The first host of a multi-host URL only.
 */
function noDelaySocket(o: { host: string[]; port: number[]; path?: string | false }): net.Socket {
  const socket = new net.Socket();
  if (o.path) return socket.connect(o.path);
  socket.setNoDelay(true);
  return socket.connect(o.port[0], o.host[0]);
}

/** The database URL the functions use: Supabase's SUPABASE_DB_URL when deployed, DATABASE_URL otherwise. */
export function databaseUrlFromEnv(): string | undefined {
  return Deno.env.get("SUPABASE_DB_URL") || Deno.env.get("DATABASE_URL") || undefined;
}

/** True for errors that mean the database could not be reached (as opposed to a bad query). */
export function isConnectionError(e: unknown): boolean {
  const code = (e as { code?: string })?.code ?? "";
  return [
    "ECONNREFUSED",
    "ECONNRESET",
    "CONNECT_TIMEOUT",
    "CONNECTION_CLOSED",
    "CONNECTION_ENDED",
    "CONNECTION_DESTROYED",
    "57P01",
    "57P02",
    "57P03",
    "08000",
    "08003",
    "08006",
    "08001",
    "08004",
  ].includes(code);
}
