// Serves a fetch handler on a random loopback port for real-HTTP tests.
export interface Served {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function serveApp(handler: (req: Request) => Response | Promise<Response>): Served {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  const port = server.addr.port;
  return { url: `http://127.0.0.1:${port}`, port, close: () => server.shutdown() };
}
