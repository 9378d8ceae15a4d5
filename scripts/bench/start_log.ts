// What `npm run bench:start` reads from a run's debug log (LOG_LEVEL=debug, one JSON object a line on stdout) about
// the embedded PostgreSQL's own start inside that run: the stack and the bench's "PostgreSQL alone" both log each
// line initdb and the server print (shared/stack/database.ts), with the time it arrived.

/** Milliseconds from the spawn (`spawnedAt`, epoch ms) to initdb's first line and to the server's readiness. */
export interface PostgresMilestones {
  /** initdb's (or, on an existing cluster, the server's) first line: the child process runs. */
  firstLine?: number;
  /** "database system is ready to accept connections". */
  ready?: number;
}

export function postgresMilestones(out: string, spawnedAt: number): PostgresMilestones {
  const found: PostgresMilestones = {};
  for (const text of out.split("\n")) {
    if (!text.includes(`"msg":"postgres"`)) continue;
    let entry: { time?: string; line?: string };
    try {
      entry = JSON.parse(text);
    } catch {
      continue; // a line cut short (the run was killed): not a milestone
    }
    const at = Date.parse(entry.time ?? "");
    if (!Number.isFinite(at)) continue;
    found.firstLine ??= at - spawnedAt;
    if (found.ready === undefined && entry.line?.includes("ready to accept connections")) {
      found.ready = at - spawnedAt;
    }
  }
  return found;
}
