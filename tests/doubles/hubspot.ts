// A local double of HubSpot's CRM v3 objects API (contacts, deals, notes) speaking its wire format:
// Bearer private-app token, {properties} bodies, 201 {id, properties, createdAt, ...}, 409 CONFLICT
// "Contact already exists. Existing ID: <id>" for a known email, {status:"error", category, message} errors.
import { Hono } from "hono";
import { serveApp, type Served } from "../support/http.ts";

export interface HubSpotRecord {
  id: string;
  properties: Record<string, string>;
  associations: { to: { id: string }; types: { associationCategory: string; associationTypeId: number }[] }[];
}

export interface HubSpotDouble extends Served {
  token: string;
  contacts: Map<string, HubSpotRecord>;
  deals: Map<string, HubSpotRecord>;
  notes: Map<string, HubSpotRecord>;
  requests: { method: string; path: string }[];
  /** Answer the next n requests with 503 (to exercise retries). */
  failNext(n: number): void;
}

const err = (category: string, message: string) => ({
  status: "error",
  message,
  correlationId: crypto.randomUUID(),
  category,
});

export function startHubSpotDouble(token = "pat-na1-test-token"): HubSpotDouble {
  const contacts = new Map<string, HubSpotRecord>(),
    deals = new Map<string, HubSpotRecord>(),
    notes = new Map<string, HubSpotRecord>();
  const requests: { method: string; path: string }[] = [];
  let failures = 0, nextId = 1000;
  const app = new Hono();
  app.use("*", async (c, next) => {
    requests.push({ method: c.req.method, path: c.req.path });
    if (failures > 0) {
      failures--;
      return c.json(err("INTERNAL_ERROR", "Service unavailable"), 503);
    }
    if (c.req.header("authorization") !== `Bearer ${token}`) {
      return c.json(err("INVALID_AUTHENTICATION", "Authentication credentials not found."), 401);
    }
    await next();
  });
  const view = (r: HubSpotRecord) => ({
    id: r.id,
    properties: r.properties,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    archived: false,
  });
  const create = (
    store: Map<string, HubSpotRecord>,
    body: { properties?: Record<string, string>; associations?: HubSpotRecord["associations"] },
  ) => {
    const r = {
      id: String(nextId++),
      properties: body.properties ?? {},
      associations: body.associations ?? [],
    };
    store.set(r.id, r);
    return r;
  };
  app.post("/crm/v3/objects/contacts", async (c) => {
    const body = await c.req.json();
    const email = String(body?.properties?.email ?? "").toLowerCase();
    if (!email) return c.json(err("VALIDATION_ERROR", "Property values were not valid"), 400);
    const existing = [...contacts.values()].find((r) => r.properties.email?.toLowerCase() === email);
    if (existing) return c.json(err("CONFLICT", `Contact already exists. Existing ID: ${existing.id}`), 409);
    return c.json(view(create(contacts, body)), 201);
  });
  app.patch("/crm/v3/objects/contacts/:id", async (c) => {
    const r = contacts.get(c.req.param("id"));
    if (!r) return c.json(err("OBJECT_NOT_FOUND", "resource not found"), 404);
    Object.assign(r.properties, (await c.req.json()).properties ?? {});
    return c.json(view(r), 200);
  });
  const withAssociations = (store: Map<string, HubSpotRecord>) => async (c: any) => {
    const body = await c.req.json();
    for (const a of body.associations ?? []) {
      if (!contacts.has(String(a?.to?.id))) {
        return c.json(err("VALIDATION_ERROR", `One or more associations are invalid: ${a?.to?.id}`), 400);
      }
    }
    return c.json(view(create(store, body)), 201);
  };
  app.post("/crm/v3/objects/deals", withAssociations(deals));
  app.post("/crm/v3/objects/notes", withAssociations(notes));
  const served = serveApp(app.fetch);
  return Object.assign(served, {
    token,
    contacts,
    deals,
    notes,
    requests,
    failNext: (n: number) => void (failures = n),
  });
}
