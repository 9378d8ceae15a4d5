// A postgres.js pool on `url` that records every statement it sends (its `debug` hook), whitespace collapsed:
// what the push tests count to see how many round trips a push costs.
import postgres from "postgres";
import type { Sql } from "../../../shared/db/client.ts";

export function countingSql(url: string, max: number): { sql: Sql; statements: string[] } {
  const statements: string[] = [];
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    transform: { undefined: null },
    debug: (_conn, query) => statements.push(query.replace(/\s+/g, " ").trim()),
  }) as unknown as Sql;
  return { sql, statements };
}
