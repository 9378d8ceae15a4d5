import { createRoute, z } from "@hono/zod-openapi";
import { allowRoles } from "../../../shared/auth/permissions.ts";
import { createServiceApp } from "../../../shared/http/app.ts";
import { errorResponse as err, security } from "../../../shared/http/openapi.ts";
import { ApiError } from "../../../shared/http/errors.ts";
import type { Platform } from "../../../shared/platform.ts";
import { oneLineText, plainText } from "../../../shared/validation/one_line.ts";
import { LINK_IN_NAME, linkFree } from "../../../shared/validation/person_name.ts";
import { createAppointment } from "../../../shared/scheduling/appointments.ts";
import { scheduler } from "../../../shared/scheduling/index.ts";
import { realDay, resolveRange } from "../../../shared/scheduling/range.ts";
import { appointmentJson, slotJson } from "../../../shared/scheduling/serialize.ts";
import { CONFIRM_PATH } from "../../../shared/scheduling/confirm.ts";
import { confirmRoutes } from "./confirm_routes.ts";
import { isTimeZone, schedulingSettings } from "../../../shared/scheduling/settings.ts";

const SlotSchema = z.object({
  start: z.string().openapi({ example: "2026-11-23T13:00:00.000Z" }),
  end: z.string().openapi({ example: "2026-11-23T15:00:00.000Z" }),
  local_start: z.string().openapi({ example: "2026-11-23T08:00" }),
  local_end: z.string().openapi({ example: "2026-11-23T10:00" }),
  available: z.number().int().openapi({ description: "Technicians still free in this slot (0 = full)" }),
  capacity: z.number().int(),
}).openapi("Slot");

const AppointmentSchema = z.object({
  appointment_uuid: z.string().uuid(),
  organization_uuid: z.string().uuid(),
  property_uuid: z.string().uuid(),
  contact_uuid: z.string().uuid().nullable(),
  start: z.string(),
  end: z.string(),
  timezone: z.string(),
  local_start: z.string(),
  local_end: z.string(),
  status: z.string().openapi({
    example: "scheduled",
    description: "`scheduled`; `held` for a widget booking until the homeowner confirms it by email",
  }),
  provider: z.string().openapi({ example: "embedded" }),
  external_id: z.string().nullable(),
  technician: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  job_id: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  hold_expires_at: z.string().nullable().openapi({
    description: "A `held` booking's end: unconfirmed by then, it is released (APPOINTMENT_HOLD_MINUTES)",
  }),
}).openapi("Appointment");

const availableSlots = createRoute({
  method: "get",
  path: "/available-slots/{organization_uuid}",
  summary: "Bookable appointment slots of a partner organization (default: the next 14 days)",
  security,
  request: {
    params: z.object({ organization_uuid: z.string().uuid() }),
    query: z.object({
      from: z.string().max(40).optional().openapi({
        description: "YYYY-MM-DD (start of that day in `timezone`) or ISO date-time; default now",
        example: "2026-11-23",
      }),
      to: z.string().max(40).optional().openapi({
        description: "YYYY-MM-DD (inclusive) or ISO date-time; default from + 14 days",
        example: "2026-12-06",
      }),
      timezone: z.string().max(64).optional().openapi({
        description: "IANA zone for dates and local_* times; default the organization's",
        example: "America/Chicago",
      }),
      include_full: z.enum(["true", "false"]).optional().openapi({
        description: "Also list fully booked slots (available 0)",
      }),
    }),
  },
  responses: {
    200: {
      description: "Slots",
      content: {
        "application/json": {
          schema: z.object({
            organization_uuid: z.string().uuid(),
            timezone: z.string(),
            from: z.string(),
            to: z.string(),
            slots: z.array(SlotSchema),
          }),
        },
      },
    },
    400: err("Bad range or time zone"),
    401: err("Missing or invalid token"),
    403: err("Another partner's organization"),
    502: err("External scheduler unreachable"),
  },
});

const createAppointmentRoute = createRoute({
  method: "post",
  path: "/create-appointment",
  summary: "Book a field-service appointment for a slot and a property",
  security,
  request: {
    headers: z.object({ "idempotency-key": z.string().max(200).optional() }),
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            property_uuid: z.string().uuid(),
            slot: z.object({
              start: z.string().datetime({ offset: true }).refine(realDay, "not a calendar date").openapi({
                example: "2026-11-23T13:00:00.000Z",
              }),
            }),
            // Open to the public widget token: a new contact's fields are cleaned as the widget's own are (a name with
            // CR/LF, a bidi override or a link reached the partner's contacts and the technician's job email).
            contact: z.object({
              contact_uuid: z.string().uuid().optional(),
              first_name: oneLineText(100).refine(linkFree, LINK_IN_NAME).optional(),
              last_name: oneLineText(100).refine(linkFree, LINK_IN_NAME).optional(),
              email: z.string().trim().toLowerCase().email().max(254).optional(),
              phone: oneLineText(40).regex(/^[+()\d\s.-]*$/, "must be a phone number").optional(),
            }).optional().openapi({
              description: "An existing contact, or details of a new one; default the property's contact",
            }),
            notes: plainText(2000).optional(),
          }),
        },
      },
    },
  },
  responses: {
    201: {
      description: "The booked appointment",
      content: { "application/json": { schema: AppointmentSchema } },
    },
    400: err("Invalid body, past slot or not a slot"),
    401: err("Missing or invalid token"),
    403: err("Property or contact of another organization"),
    404: err("Unknown property or contact"),
    409: err("Slot already fully booked"),
    429: err("Too many widget bookings await their confirmation (holds_limit)"),
    422: err("Idempotency-Key already used for a different booking"),
    502: err("External scheduler unreachable"),
  },
});

/** SPEC: appointment-handling-service. */
export function createApp(p: Platform) {
  const app = createServiceApp(p, "appointment-handling-service", {
    maxBodyBytes: 16 * 1024,
    publicPaths: [CONFIRM_PATH],
    description:
      "Lists and books field-service appointment slots (embedded scheduling or an external field-service scheduler).",
  });
  app.use("/available-slots/*", allowRoles("partner_admin", "partner_user", "widget", "service"));
  app.use("/create-appointment", allowRoles("partner_admin", "partner_user", "widget", "service"));

  app.openapi(availableSlots, async (c) => {
    const { organization_uuid: orgId } = c.req.valid("param");
    const q = c.req.valid("query");
    const auth = c.get("auth");
    if (auth.role !== "platform_admin" && auth.orgId !== orgId) {
      throw new ApiError(
        403,
        "forbidden",
        `Organization ${orgId} is not yours: a token may only read its own organization's slots`,
      );
    }
    if (q.timezone && !isTimeZone(q.timezone)) {
      throw new ApiError(400, "invalid_timezone", `query.timezone: unknown time zone "${q.timezone}"`);
    }
    const tz = q.timezone ?? (await schedulingSettings(p.sql, orgId)).timezone;
    const range = await resolveRange(p.sql, tz, q.from, q.to);
    // A scheduler that cannot answer is a SeamUnavailableError: 502 scheduler_unavailable.
    const slots = (await scheduler(p).availableSlots(orgId, range.from, range.to))
      .filter((s) => q.include_full === "true" || s.available > 0);
    return c.json({
      organization_uuid: orgId,
      timezone: tz,
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      slots: slots.map((s) => slotJson(s, tz)),
    }, 200);
  });

  app.openapi(createAppointmentRoute, async (c) => {
    const body = c.req.valid("json");
    const auth = c.get("auth");
    if (!auth.orgId) throw new ApiError(403, "forbidden", "The caller belongs to no organization");
    const appointment = await createAppointment(p, auth, {
      orgId: auth.orgId,
      propertyId: body.property_uuid,
      start: new Date(body.slot.start),
      contact: body.contact,
      notes: body.notes,
      idempotencyKey: c.req.valid("header")["idempotency-key"],
    });
    const json = appointmentJson(appointment);
    // The partner's staff addresses are not for the public widget token (a stranger learnt the technicians' emails).
    if (auth.role === "widget" && json.technician) json.technician = { ...json.technician, email: null };
    return c.json(json, 201);
  });
  confirmRoutes(app, p);
  return app;
}
