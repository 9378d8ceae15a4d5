// A TCP proxy in front of PostgreSQL that a test can take down and bring back: a real outage as the
// service sees it (connections reset, then refused), not a mock.
export interface TcpProxy {
  port: number;
  down(): void;
  up(): void;
  close(): void;
}

export function tcpProxy(targetPort: number, targetHost = "127.0.0.1"): TcpProxy {
  let listener: Deno.Listener | undefined;
  const conns = new Set<Deno.Conn>();
  let port = 0;
  const closeQuietly = (c: Deno.Conn) => {
    try {
      c.close();
    } catch { /* already closed */ }
  };
  const pipe = async (from: Deno.Conn, to: Deno.Conn) => {
    try {
      await from.readable.pipeTo(to.writable);
    } catch {
      /* peer closed */
    } finally {
      closeQuietly(from);
      closeQuietly(to);
      conns.delete(from);
      conns.delete(to);
    }
  };
  const up = () => {
    listener = Deno.listen({ hostname: "127.0.0.1", port });
    port = (listener.addr as Deno.NetAddr).port;
    const l = listener;
    (async () => {
      try {
        for await (const client of l) {
          try {
            const server = await Deno.connect({ hostname: targetHost, port: targetPort });
            conns.add(client);
            conns.add(server);
            pipe(client, server);
            pipe(server, client);
          } catch {
            closeQuietly(client);
          }
        }
      } catch { /* listener closed */ }
    })();
  };
  const down = () => {
    try {
      listener?.close();
    } catch { /* closed */ }
    listener = undefined;
    for (const c of conns) closeQuietly(c);
    conns.clear();
  };
  up();
  return {
    get port() {
      return port;
    },
    down,
    up,
    close: down,
  };
}
