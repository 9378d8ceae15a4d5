// A DNS server double on 127.0.0.1 (UDP, a random port) for Deno.resolveDns({nameServer}): answers A and AAAA
// queries from a function of the name, the record type and how many times that pair was asked (TTL 0, as a
// rebinding attacker's zone would), and records every question.
import dgram from "node:dgram";
import { Buffer } from "node:buffer";

export type Answer = (name: string, type: "A" | "AAAA", nth: number) => string[] | null;

export interface DnsDouble {
  port: number;
  /** Every question asked, in order: `A hooks.example.test`. */
  questions: string[];
  close(): Promise<void>;
}

function v6Bytes(ip: string): number[] {
  const [head, tail = ""] = ip.split("::");
  const groups = (s: string) => (s ? s.split(":") : []);
  const h = groups(head), t = groups(tail);
  const all = [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

export async function startDnsDouble(answer: Answer): Promise<DnsDouble> {
  const socket = dgram.createSocket("udp4");
  const questions: string[] = [];
  const asked = new Map<string, number>();
  socket.on("message", (msg: Buffer, from: { address: string; port: number }) => {
    let at = 12;
    const labels: string[] = [];
    while (msg[at] !== 0) {
      labels.push(msg.subarray(at + 1, at + 1 + msg[at]).toString("latin1"));
      at += msg[at] + 1;
    }
    at += 1;
    const qtype = msg.readUInt16BE(at);
    const question = msg.subarray(12, at + 4);
    const name = labels.join(".").toLowerCase();
    const type = qtype === 28 ? "AAAA" : qtype === 1 ? "A" : null;
    const key = `${type ?? qtype} ${name}`;
    questions.push(key);
    const nth = (asked.get(key) ?? 0) + 1;
    asked.set(key, nth);
    const ips = type ? answer(name, type, nth) : [];
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    header.writeUInt16BE(ips === null ? 0x8183 : 0x8180, 2); // response, RD+RA; NXDOMAIN when null
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(ips?.length ?? 0, 6);
    const records = (ips ?? []).map((ip) => {
      const data = type === "A" ? ip.split(".").map(Number) : v6Bytes(ip);
      const r = Buffer.alloc(12 + data.length);
      r.writeUInt16BE(0xc00c, 0);
      r.writeUInt16BE(qtype, 2);
      r.writeUInt16BE(1, 4);
      r.writeUInt32BE(0, 6); // TTL 0
      r.writeUInt16BE(data.length, 10);
      Buffer.from(data).copy(r, 12);
      return r;
    });
    socket.send(Buffer.concat([header, question, ...records]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
  return {
    port: socket.address().port,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
