// The live preview's draft for a widget served from another origin than the console: the console cannot reach
// into the widget's document, so it stores its unsaved colours and logo for its own preview session and reloads
// the widget, whose GET /widget-info answers them to that session only (shared/widget/config.ts).
import { z } from "@hono/zod-openapi";
import type { Platform } from "../platform.ts";
import type { AuthContext } from "../db/scoped.ts";
import { notFound } from "../errors.ts";
import { PREVIEW_LABEL } from "./tokens.ts";

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb color");

/** The fields of PUT /widget-config the preview shows before saving, with the same rules (shared/widget/config.ts). */
export const PreviewDraft = z.object({
  logo_url: z.string().max(2000).regex(/^(https?:\/\/|\/)/, "must be an http(s) URL or a path").nullable()
    .optional(),
  theme: z.object({ primary: hexColour.optional(), accent: hexColour.optional() }).strict().default({}),
}).strict().openapi("WidgetPreviewDraft");

/** Stores the draft of the caller's organisation's preview session `previewId` (404 unless it is theirs and live). */
export async function savePreviewDraft(
  p: Platform,
  auth: AuthContext,
  previewId: string,
  draft: z.infer<typeof PreviewDraft>,
) {
  const [t] = await p
    .sql`select t.expires_at from identity.refresh_tokens t join public.users u on u.id = t.user_id
    where t.family_id = ${previewId} and t.label = ${PREVIEW_LABEL} and t.kind = 'widget' and t.revoked_at is null
      and t.expires_at > now() and u.organization_id = ${auth.orgId} and u.role = 'widget'`;
  if (!t) throw notFound("not_found", `No live preview ${previewId}`);
  await p
    .sql`insert into public.partner_widget_previews (session_id, organization_id, draft, created_by, expires_at)
    values (${previewId}, ${auth.orgId}, ${p.sql.json(draft)}, ${auth.userId}, ${t.expires_at as Date})
    on conflict (session_id) do update set draft = excluded.draft, updated_at = now()`;
  return { preview_id: previewId, ...draft };
}
