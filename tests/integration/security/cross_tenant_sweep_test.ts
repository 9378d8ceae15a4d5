// Cross-tenant sweep (docs/security.md "Sweeps"): two partners A and B, each with their own leads, contacts,
// properties, bills, contract analyses, savings reports, documents, appointments, jobs, invoices, users,
// invitations, widget tokens, webhooks, previews and settings. With A's tokens (admin, user, widget) every route
// of every service (discovered from the registered apps, so routes added later are swept) is called with B's ids
// in every path parameter, in every id-like body field and query parameter. No answer may be 2xx for a B id, no
// answer may carry B's data (an id A did not send, B's names, emails, URLs), every list A reads must be free of
// B's rows, and B's rows in every table with an organization_id are byte-for-byte the same afterwards.
import assert from "node:assert/strict";
import { type TestIdentity, tokensFor } from "../../support/auth.ts";
import { saveWidgetConfig } from "../../../shared/widget/config.ts";
import type { Sql } from "../../../shared/db/client.ts";
import { plausibleBases, sample, type Schema, type SweepRoute, sweepRoutes, sweepStack } from "./routes.ts";

const ID_FIELD = /(^id$|_id$|Id$|_uuid$|uuid$|^objectPaths?$|Ids$|_ids$)/;

/** A digest of B's rows in every table that has an organization_id, and of B's users' tokens. */
async function snapshot(sql: Sql, orgId: string): Promise<Record<string, string>> {
  const tables = await sql<{ t: string }[]>`select format('%I.%I', table_schema, table_name) as t
    from information_schema.columns where column_name = 'organization_id'
      and table_schema not in ('pg_catalog', 'information_schema') order by 1`;
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    const [r] = await sql.unsafe(
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
       from ${t} x where organization_id = $1`,
      [orgId],
    );
    out[t] = `${r.n} rows ${r.h}`;
  }
  const [o] = await sql`select md5(x::text) as h from public.organizations x where id = ${orgId}`;
  out["public.organizations"] = o.h;
  const [tok] = await sql`select count(*)::int as n, md5(coalesce(string_agg(
      concat_ws(',', t.id, t.token_hash, t.revoked_at, t.expires_at, t.label, t.replaced_by), '|' order by t.id), '')) as h
    from identity.refresh_tokens t join public.users u on u.id = t.user_id where u.organization_id = ${orgId}`;
  out["identity.refresh_tokens"] = `${tok.n} rows ${tok.h}`;
  return out;
}

/** Rows whose foreign key points at a row of another organisation (both tables carry organization_id). */
async function crossOrgLinks(sql: Sql): Promise<string[]> {
  const fks = await sql<{ child: string; col: string; parent: string; pcol: string }[]>`
    select format('%I.%I', cn.nspname, c.relname) as child, a.attname as col,
           format('%I.%I', pn.nspname, pr.relname) as parent, pa.attname as pcol
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
    join pg_class pr on pr.oid = k.confrelid join pg_namespace pn on pn.oid = pr.relnamespace
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
    where k.contype = 'f' and array_length(k.conkey, 1) = 1 and a.attname <> 'organization_id'
      and exists (select 1 from pg_attribute x where x.attrelid = k.conrelid and x.attname = 'organization_id' and not x.attisdropped)
      and exists (select 1 from pg_attribute x where x.attrelid = k.confrelid and x.attname = 'organization_id' and not x.attisdropped)`;
  // Not vacuous: leads, appointments, documents, invoices, deliveries, ... reference each other's tables.
  assert.ok(fks.length >= 20, `${fks.length} foreign keys between organisation tables`);
  const out: string[] = [];
  for (const f of fks) {
    const rows = await sql.unsafe(
      `select c.${f.col}::text as ref from ${f.child} c join ${f.parent} p on p.${f.pcol} = c.${f.col}
       where p.organization_id <> c.organization_id limit 3`,
    );
    for (const r of rows) {
      out.push(`${f.child}.${f.col} of one organisation points at ${f.parent} ${r.ref} of another`);
    }
  }
  return out;
}

Deno.test("cross-tenant sweep: A's tokens on every route with B's ids never reach, change or list B's data", async () => {
  const { p, stack } = await sweepStack();
  const started = performance.now();
  try {
    const call = async (who: TestIdentity, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${stack.url}/v1${path}`, {
        method,
        headers: { ...who.headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`seeding ${method} ${path}: ${res.status} ${text}`);
      return JSON.parse(text);
    };
    // Two partners, each seeded through the platform's own routes where it has them, SQL for the rest.
    const seed = async (tag: string) => {
      const admin = await tokensFor(p, {
        role: "partner_admin",
        orgName: `${tag} Solar`,
        fullName: `${tag} Admin`,
      });
      const user = await tokensFor(p, { role: "partner_user", orgId: admin.orgId, fullName: `${tag} User` });
      const widget = await tokensFor(p, { role: "widget", orgId: admin.orgId });
      const technician = await tokensFor(p, { role: "technician", orgId: admin.orgId });
      await saveWidgetConfig(p, admin.orgId, {
        serving_states: ["CA"],
        roof_types: ["Shingle"],
        widget_info: `<p>${tag} widget</p>`,
        theme: {},
      });
      const lower = tag.toLowerCase();
      const lead = (await call(widget, "POST", "/widget-service/create-lead", {
        idempotency_key: crypto.randomUUID(),
        contact: {
          first_name: tag,
          last_name: "Homeowner",
          email: `${lower}@${lower}-tenant.example`,
          phone: "+1 415 555 0100",
        },
        address: { line1: `1 ${tag} St`, city: "San Francisco", state: "CA", zip: "94105" },
        consent: true,
      })).data;
      const contact = (await call(widget, "POST", "/widget-service/contact", {
        first_name: tag,
        last_name: "Homeowner",
        email: `${lower}-owner@${lower}-tenant.example`,
      })).data;
      const property = (await call(widget, "POST", "/widget-service/property", {
        contact_id: contact.id,
        address: { line1: `1 ${tag} St`, city: "San Francisco", state: "CA", zip: "94105" },
      })).data;
      const l = { contact_id: contact.id as string, property_id: property.property_uuid as string };
      const wt = (await call(admin, "POST", "/partner-service/widget-tokens", { name: `${tag} site` })).data;
      const newUser = (await call(admin, "POST", "/partner-service/users", {
        email: `${lower}-staff@${lower}-tenant.example`,
        full_name: `${tag} Staff`,
        role: "partner_user",
        password: "correct horse battery staple",
      })).data;
      const inv = (await call(admin, "POST", "/partner-service/invitations", {
        email: `${lower}-invitee@${lower}-tenant.example`,
        role: "partner_user",
      })).data;
      const hook = (await call(admin, "POST", "/partner-service/webhooks", {
        url: `https://hooks.${lower}-tenant.example/in`,
      })).data;
      const preview = (await call(admin, "POST", "/partner-service/preview-token")).data;
      await call(admin, "PUT", `/partner-service/preview/${preview.preview_id}`, {
        logo_url: `https://cdn.${lower}-tenant.example/logo.png`,
      });
      const org = admin.orgId;
      const txn = crypto.randomUUID(), group = crypto.randomUUID(), report = crypto.randomUUID();
      await p.sql`insert into public.bill_subscriptions (organization_id) values (${org})`;
      const objectPath = `bills/${org}/${lower}-bill.pdf`;
      await p
        .sql`insert into public.bill_extractions (organization_id, transaction_id, transaction_group_id, mode,
        object_paths, status, percentage, message, result, requested_by)
        values (${org}, ${txn}, ${group}, 'upload', ${[objectPath]}, 'COMPLETED', 100, 'done',
        ${p.sql.json({ customer: `${tag} Homeowner` })}, ${admin.userId})`;
      const [contract] = await p
        .sql`insert into public.contract_analyses (organization_id, property_id, mode, status)
        values (${org}, ${l.property_id}, 'contract', 'COMPLETED') returning id`;
      await p
        .sql`insert into public.savings_reports (id, organization_id, customer_name, email, state, address,
        input, figures, report, writer) values (${report}, ${org}, ${`${tag} Homeowner`}, ${`${lower}@${lower}-tenant.example`},
        'CA', ${p.sql.json({ line1: `1 ${tag} St` })}, '{}', '{}', '{}', 'template')`;
      const [doc] = await p.sql`insert into public.property_documents (organization_id, property_id, filename,
        content_type, size_bytes, bucket, path) values (${org}, ${l.property_id}, ${`${lower}.pdf`}, 'application/pdf',
        3, 'documents', ${`properties/${org}/${lower}.pdf`}) returning id`;
      const [tech] = await p.sql`insert into public.technicians (organization_id, user_id, name, email)
        values (${org}, ${technician.userId}, ${`${tag} Tech`}, ${technician.email}) returning id`;
      const [job] = await p.sql`insert into public.jobs (organization_id, address, technician_id)
        values (${org}, ${`1 ${tag} St`}, ${technician.userId}) returning id`;
      const [invoice] = await p
        .sql`insert into public.invoices (organization_id, job_id, amount, due_date, customer_name)
        values (${org}, ${job.id}, 1200, '2026-12-31', ${`${tag} Homeowner`}) returning id`;
      const [appt] = await p
        .sql`insert into public.appointments (organization_id, property_id, contact_id, starts_at,
        ends_at, timezone, technician_id, job_id) values (${org}, ${l.property_id}, ${l.contact_id},
        '2026-12-01T17:00:00Z', '2026-12-01T18:00:00Z', 'America/Los_Angeles', ${tech.id}, ${job.id}) returning id`;
      const [mail] = await p
        .sql`insert into public.email_messages (organization_id, message_id, inbox, subject,
        category, property_id, contact_id, bill_transaction_id) values (${org}, ${`<${lower}@mail>`}, 'bills',
        ${`${tag} bill`}, 'utility_bill', ${l.property_id}, ${l.contact_id}, ${txn}) returning id`;
      await p.sql`update public.leads set report_transaction_id = ${report}, report_bucket = 'reports',
        report_path = ${`reports/${org}/${report}.pdf`} where id = ${lead.id}`;
      return {
        admin,
        user,
        widget,
        technician,
        ids: {
          org,
          lead: lead.id,
          contact: l.contact_id,
          property: l.property_id,
          widgetToken: wt.id,
          user: newUser.id,
          adminUser: admin.userId,
          invitation: inv.id,
          webhook: hook.id,
          preview: preview.preview_id,
          bill: txn,
          billGroup: group,
          contract: contract.id,
          report,
          document: doc.id,
          technician: tech.id,
          job: job.id,
          invoice: invoice.id,
          appointment: appt.id,
          email: mail.id,
        } as Record<string, string>,
        objectPath,
        words: [
          `${tag} Homeowner`,
          `${lower}-tenant.example`,
          `${tag} Staff`,
          `${tag} Tech`,
          `1 ${tag} St`,
          `${tag} widget`,
        ],
      };
    };
    const a = await seed("Alpha");
    const b = await seed("Bravo");
    for (const [k, v] of Object.entries(b.ids)) assert.ok(v, `B's ${k} was seeded`);
    const before = await snapshot(p.sql, b.ids.org);

    const bIds = Object.values(b.ids).filter(Boolean);
    // A's own records (its admin aside: PATCH /users/:id on it would demote the caller for the rest of the sweep).
    // A's record of the kind a field's name says, for the linking variants.
    const kinds: [RegExp, string][] = [
      [/message|email/i, "email"],
      [/lead/i, "lead"],
      [/contact/i, "contact"],
      [/property/i, "property"],
      [/technician/i, "technician"],
      [/job/i, "job"],
      [/invoice/i, "invoice"],
      [/webhook/i, "webhook"],
      [/doc/i, "document"],
      [/appointment/i, "appointment"],
      [/contract/i, "contract"],
      [/report/i, "report"],
      [/transaction/i, "bill"],
    ];
    const ownOfKind = (name: string) => {
      const kind = kinds.find(([re]) => re.test(name))?.[1];
      return kind ? a.ids[kind] : undefined;
    };
    const aIds = Object.entries(a.ids).filter(([k]) => k !== "adminUser" && k !== "org").map(([, v]) => v);
    const routes = await sweepRoutes(p);
    const findings: string[] = [];
    let sent = 0;
    const callers: [string, TestIdentity][] = [
      ["A admin", a.admin],
      ["A user", a.user],
      ["A widget", a.widget],
      ["A technician", a.technician],
    ];
    const fill = (route: SweepRoute, values: Record<string, string>) =>
      route.path.replace(
        /:([A-Za-z_]+)(\{[^}]*\})?/g,
        (_m, name: string) => values[name] ?? crypto.randomUUID(),
      );
    // A B id in the path names the record the route acts on: any 2xx is a breach. A B id in a body field or a
    // query parameter may also be a filter or the name of a new record of A's (a transactionId): there a 2xx
    // is only a breach when it shows B's data, changes B's rows, or links a row of A to a row of B (checked
    // after the sweep).
    const check = async (
      who: string,
      token: TestIdentity,
      route: SweepRoute,
      path: string,
      body?: string,
      query = "",
      /** The body names an existing object of B's (an object path): a 2xx is a breach as for a path id. */
      namesB = false,
    ) => {
      const label = `${who}: ${route.method} /${route.service}${path}${query ? `?${query}` : ""}${
        body ? ` ${body.slice(0, 160)}` : ""
      }`;
      const res = await fetch(`${stack.url}/v1/${route.service}${path}${query ? `?${query}` : ""}`, {
        method: route.method,
        headers: { ...token.headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
        body,
      });
      sent++;
      const text = await res.text();
      if (Deno.env.get("SWEEP_TRACE")) {
        console.log(`TRACE ${res.status} ${label.slice(0, 220)} => ${text.slice(0, 120)}`);
      }
      const sentText = `${path} ${query} ${body ?? ""}`;
      const usedB = bIds.filter((id) => sentText.includes(id) || sentText.includes(encodeURIComponent(id)));
      const inPath = bIds.filter((id) => path.includes(id) || path.includes(encodeURIComponent(id)));
      if (res.status >= 500) findings.push(`${label} -> ${res.status} ${text.slice(0, 200)}`);
      if ((inPath.length > 0 || namesB) && res.status >= 200 && res.status < 300) {
        findings.push(
          `${label} -> ${res.status} with B's ${namesB ? "object" : `id ${inPath.join(",")}`}: ${
            text.slice(0, 200)
          }`,
        );
      }
      // B's data A did not send itself: ids, names, emails, URLs.
      const leaked = [...bIds.filter((id) => !usedB.includes(id)), ...b.words].filter((m) =>
        text.includes(m)
      );
      if (leaked.length) {
        findings.push(`${label} -> ${res.status} carries B's ${leaked.join(", ")}: ${text.slice(0, 200)}`);
      }
      return res.status;
    };

    // Plausible bodies where the generated sample cannot satisfy a rule across fields (routes added later are
    // still swept with the sample their OpenAPI schema gives).
    const bases = plausibleBases(a.ids.org);
    for (const route of routes) {
      const known = bases[`${route.method} /${route.service}${route.path}`];
      const query = known?.query ?? new URLSearchParams(
        Object.entries(route.query).filter(([, s]) => s.required).map((
          [q, s],
        ) => [q, String(sample(s.schema, 0, q))]),
      ).toString();
      const base = known?.body ??
        (route.body && route.bodyType === "application/json"
          ? sample(route.body) as Record<string, unknown>
          : undefined);
      for (const [who, token] of callers) {
        // Lists and plain calls with A's own (or no) ids: nothing of B comes back.
        await check(who, token, route, fill(route, {}), base ? JSON.stringify(base) : undefined, query);
        // Every path parameter (all of them at once, then each alone) filled with each of B's ids.
        const params = route.pathParams;
        for (const id of bIds) {
          if (params.length === 0) break;
          await check(
            who,
            token,
            route,
            fill(route, Object.fromEntries(params.map((n) => [n, id]))),
            base ? JSON.stringify(base) : undefined,
            query,
          );
          if (params.length > 1) {
            for (const n of params) {
              for (const other of [b.ids.lead, "1", "0"]) {
                await check(
                  who,
                  token,
                  route,
                  fill(route, { ...Object.fromEntries(params.map((x) => [x, other])), [n]: id }),
                  undefined,
                  query,
                );
              }
            }
          }
        }
        // Id-like query parameters.
        for (
          const q of route.queryParams.filter((q) =>
            ID_FIELD.test(q) || route.query[q]?.schema?.format === "uuid"
          )
        ) {
          for (const id of bIds) {
            const qs = new URLSearchParams(query);
            qs.set(q, id);
            await check(who, token, route, fill(route, {}), undefined, qs.toString());
          }
        }
        // Id-like body fields (top level and one level down), on a record of A's own where the route acts on
        // one (PUT /property/:id, PATCH /leads/:id, ...): linking A's record to B's must fail too.
        if (base) {
          let own = fill(route, {});
          if (route.pathParams.length && route.method !== "DELETE") {
            for (const id of aIds) {
              const path = fill(route, Object.fromEntries(route.pathParams.map((n) => [n, id])));
              if (await check(who, token, route, path, JSON.stringify(base), query) < 300) {
                own = path;
                break;
              }
            }
          }
          // Id fields: top level, one level down, and in the items of an array of objects ("[]").
          const fields: string[][] = [];
          const isId = (k: string, v: unknown) => ID_FIELD.test(k) || (v as Schema)?.format === "uuid";
          for (const [k, v] of Object.entries((route.body as Schema).properties ?? {})) {
            if (isId(k, v)) fields.push([k]);
            for (const [k2, v2] of Object.entries((v as Schema)?.properties ?? {})) {
              if (isId(k2, v2)) fields.push([k, k2]);
            }
            const items = (v as Schema)?.type === "array" ? (v as Schema).items : undefined;
            for (const [k2, v2] of Object.entries(items?.properties ?? {})) {
              if (isId(k2, v2)) fields.push([k, "[]", k2]);
            }
          }
          const set = (body: Record<string, unknown>, field: string[], value: unknown) => {
            let at: Record<string, unknown> = body;
            for (let i = 0; i < field.length - 1; i++) {
              const k = field[i];
              if (field[i + 1] === "[]") {
                const items = (route.body as Schema).properties[k].items;
                const list = Array.isArray(at[k]) && (at[k] as unknown[]).length
                  ? at[k] as unknown[]
                  : [sample(items)];
                at[k] = list;
                at = list[0] as Record<string, unknown>;
                i++;
              } else at = (at[k] ??= {}) as Record<string, unknown>;
            }
            const leaf = field[field.length - 1];
            at[leaf] = /s$/.test(leaf) && !Array.isArray(value) ? [value] : value;
          };
          for (const field of fields) {
            // An object path of B's, plainly and dressed as one of A's ("bills/<A>/../<B>/…", "bills/<A>/%2e%2e/…").
            const objectPaths = [
              b.objectPath,
              `bills/${a.ids.org}/../${b.objectPath.slice("bills/".length)}`,
              `bills/${a.ids.org}/%2e%2e/${b.objectPath.slice("bills/".length)}`,
              `bills/${a.ids.org}/./../../${b.objectPath}`,
              `bills/${a.ids.org}\\..\\${b.objectPath.slice("bills/".length)}`,
            ];
            const isPath = /objectPath/.test(field[field.length - 1]);
            const values = isPath ? objectPaths : bIds;
            for (const id of values) {
              // Twice: the other id fields as generated (unknown records), then naming A's own records of the kind
              // their name says (message_uuid: A's email, property_uuid: A's property, ...), so a route that links
              // A's record to B's is reached past its "no such record" answer.
              for (const linking of [false, true]) {
                const body = structuredClone(base);
                // A new transaction each time, so a used id (409) does not hide what the route does with B's.
                for (const k of ["transactionId", "transactionGroupId"]) {
                  if (k in body && k !== field[0]) body[k] = crypto.randomUUID();
                }
                let differs = false;
                if (linking) {
                  for (const other of fields) {
                    const mine = ownOfKind(other[other.length - 1]);
                    if (other.join(".") === field.join(".") || !mine || /objectPath/.test(other.join("."))) {
                      continue;
                    }
                    // Only where the item or object holding it is in the body already (or is the mutated one's).
                    if (other.length > 1 && other[0] !== field[0] && !(other[0] in body)) continue;
                    set(body, other, mine);
                    differs = true;
                  }
                  if (!differs) continue;
                }
                set(body, field, id);
                await check(who, token, route, own, JSON.stringify(body), query, isPath);
              }
            }
          }
        }
      }
    }
    assert.deepEqual(await snapshot(p.sql, b.ids.org), before, "B's rows are unchanged");
    findings.push(...await crossOrgLinks(p.sql));
    const seconds = (performance.now() - started) / 1000;
    console.log(`cross-tenant sweep: ${routes.length} routes, ${sent} requests in ${seconds.toFixed(1)} s`);
    assert.deepEqual(findings, [], `${findings.length} findings:\n${findings.join("\n")}`);
  } finally {
    await stack.close();
    await p.close();
  }
});
