// Acknowledgements of the push loop, written in batches: every ack that arrives while one UPDATE is in
// flight goes into the next one (no timer, so an ack alone is written at once). Under backlog this turns
// one UPDATE and commit per message into one per batch. Each caller still waits for its own ack to be
// written, so a stopped or killed pusher never reports an unwritten ack (the lease then redelivers).
import type { Sql } from "../db/client.ts";

interface Pending {
  id: string;
  status: number;
  resolve: () => void;
  reject: (e: unknown) => void;
}

export function ackWriter(sql: Sql): (deliveryId: string, status: number) => Promise<void> {
  let queue: Pending[] = [];
  let writing = false;
  const write = async () => {
    writing = true;
    while (queue.length) {
      const batch = queue;
      queue = [];
      try {
        await sql`update bus.deliveries d set status = 'acked', acked_at = now(), locked_until = null, last_status = a.status, last_error = null
          from unnest(${batch.map((b) => b.id)}::bigint[], ${
          batch.map((b) => b.status)
        }::int[]) as a(id, status)
          where d.id = a.id`;
        for (const b of batch) b.resolve();
      } catch (e) {
        for (const b of batch) b.reject(e);
      }
    }
    writing = false;
  };
  return (id, status) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ id: String(id), status, resolve, reject });
      if (!writing) void write();
    });
}
