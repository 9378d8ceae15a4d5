// The homeowner's confirmation link of a widget booking (public: the signed token is the credential).
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceApp } from "../../../shared/http/app.ts";
import type { Platform } from "../../../shared/platform.ts";
import { CONFIRM_PATH } from "../../../shared/scheduling/confirm.ts";
import { confirmHoldPage, confirmLinkPage } from "../../../shared/scheduling/confirm_link.ts";

const query = z.object({ token: z.string().min(1).max(300) });
const html = (description: string) => ({ description, content: { "text/html": { schema: z.string() } } });

const showRoute = createRoute({
  method: "get",
  path: CONFIRM_PATH,
  summary: "The page of a booking's confirmation link (a button that confirms it)",
  request: { query },
  responses: {
    200: html("The confirmation page (or, once used, that the appointment is confirmed)"),
    400: html("Not a valid link"),
    410: html("The hold lapsed or was canceled"),
  },
});

const confirmRoute = createRoute({
  method: "post",
  path: CONFIRM_PATH,
  summary:
    "Confirms a widget booking held until the homeowner confirms it (single use; expires with the hold)",
  request: { query },
  responses: {
    200: html("Confirmed (or already confirmed: nothing changes)"),
    400: html("Not a valid link"),
    410: html("The hold lapsed or was canceled; the slot was released"),
    409: html("External scheduler: the slot was taken before the confirmation (the hold is canceled)"),
    503: html("External scheduler: not reachable; the hold stays and the link can be used again"),
  },
});

export function confirmRoutes(app: ServiceApp, p: Platform): void {
  app.openapi(showRoute, async (c) => {
    const page = await confirmLinkPage(p, c.req.valid("query").token);
    return c.html(page.html, page.status);
  });
  app.openapi(confirmRoute, async (c) => {
    const page = await confirmHoldPage(p, c.req.valid("query").token);
    return c.html(page.html, page.status);
  });
}
