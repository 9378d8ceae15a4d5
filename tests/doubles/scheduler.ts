// A local double of an external field-service scheduler's REST API (the wire format ExternalScheduler
// speaks, see docs/operations.md): hourly slots 09:00-17:00 UTC with a crew capacity each, bookings
// with Idempotency-Key, 409 slot_unavailable when a slot is full, 401 without the API key.
import { serveApp, type Served } from "../support/http.ts";

export interface SchedulerDouble extends Served {
  bookings: { id: string; start: string; body: any; key: string }[];
  requests: { method: string; path: string; auth: string | null }[];
  crews: { id: string; name: string; email: string }[];
}

export function startSchedulerDouble(
  opts: { apiKey: string; crews?: { id: string; name: string; email: string }[] },
): SchedulerDouble {
  const crews = opts.crews ?? [{ id: "crew-1", name: "Crew One", email: "crew1@fieldco.test" }];
  const bookings: SchedulerDouble["bookings"] = [];
  const requests: SchedulerDouble["requests"] = [];
  const used = (start: string) => bookings.filter((b) => b.start === start).length;
  const served = serveApp(async (req) => {
    const url = new URL(req.url);
    requests.push({ method: req.method, path: url.pathname, auth: req.headers.get("authorization") });
    if (req.headers.get("authorization") !== `Bearer ${opts.apiKey}`) {
      return Response.json({ error: { code: "unauthorized", message: "Bad API key" } }, { status: 401 });
    }
    if (req.method === "GET" && url.pathname === "/v1/availability") {
      const from = new Date(url.searchParams.get("start") ?? "");
      const to = new Date(url.searchParams.get("end") ?? "");
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
        return Response.json({ error: { code: "bad_request", message: "start/end" } }, { status: 400 });
      }
      const data = [];
      for (
        let d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
        d < to;
        d = new Date(d.getTime() + 86_400_000)
      ) {
        for (let h = 9; h < 17; h++) {
          const s = new Date(d.getTime() + h * 3_600_000);
          if (s < from || s.getTime() + 3_600_000 > to.getTime()) continue;
          const start = s.toISOString();
          data.push({
            start,
            end: new Date(s.getTime() + 3_600_000).toISOString(),
            capacity: crews.length,
            available: crews.length - used(start),
          });
        }
      }
      return Response.json({ data });
    }
    if (req.method === "POST" && url.pathname === "/v1/appointments") {
      const key = req.headers.get("idempotency-key") ?? "";
      const body = await req.json();
      const start = new Date(body.start).toISOString();
      const previous = bookings.find((b) => b.key && b.key === key);
      const answer = (b: SchedulerDouble["bookings"][number], status: number) => {
        const crew = crews[bookings.filter((x) => x.start === b.start).indexOf(b)];
        return Response.json({
          data: {
            id: b.id,
            start: b.start,
            end: new Date(new Date(b.start).getTime() + 3_600_000).toISOString(),
            status: "scheduled",
            technician: crew,
          },
        }, { status });
      };
      if (previous) return answer(previous, 200);
      if (new Date(start).getUTCMinutes() !== 0) {
        return Response.json({ error: { code: "invalid_slot", message: "Slots start on the hour" } }, {
          status: 422,
        });
      }
      if (used(start) >= crews.length) {
        return Response.json(
          { error: { code: "slot_unavailable", message: "No crew is free at that time" } },
          { status: 409 },
        );
      }
      const b = { id: `apt_${bookings.length + 1}`, start, body, key };
      bookings.push(b);
      return answer(b, 201);
    }
    return Response.json({ error: { code: "not_found", message: "No route" } }, { status: 404 });
  });
  return Object.assign(served, { bookings, requests, crews });
}
