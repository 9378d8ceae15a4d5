import { z } from "zod";
import { ConfigError, envOptional, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import { DomainError } from "../errors.ts";
import { sanitizeWidgetHtml } from "./sanitize.ts";
import { isUsState } from "./states.ts";
import { sniffFileType } from "../documents/sniff.ts";
import { validateImageDataUri } from "../documents/logo.ts";
import { jsonb } from "../db/client.ts";

/** The data: URI's bytes are a PNG or JPEG (magic bytes), whatever its media type says. */
function isImageDataUri(uri: string): boolean {
  try {
    const head = atob(uri.slice(uri.indexOf(",") + 1, uri.indexOf(",") + 1 + 64));
    const kind = sniffFileType(Uint8Array.from(head, (c) => c.charCodeAt(0)));
    return kind === "png" || kind === "jpeg";
  } catch {
    return false;
  }
}

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb color");

/** What a partner admin may write (PUT /widget-config or the partner-admin CLI). */
export const WidgetConfigInput = z.object({
  logo_url: z.string().max(2000).regex(/^(https?:\/\/|\/)/, "must be an http(s) URL or a path").nullable()
    .optional(),
  serving_states: z.array(z.string().toUpperCase().refine(isUsState, "must be a US state code")).max(51),
  roof_types: z.array(z.string().trim().min(1).max(40)).min(1).max(12),
  widget_info: z.string().max(20000).default(""),
  theme: z.object({ primary: hexColour.optional(), accent: hexColour.optional() }).strict().default({}),
  /** Cover logo of the emailed savings report: omitted keeps the stored one, null removes it. */
  report_logo: z.string().max(400_000, "must be at most 400000 characters (about 300 KB)")
    .regex(/^data:image\/(png|jpe?g);base64,[A-Za-z0-9+/]+=*$/i, "must be a PNG or JPEG data: URI")
    .refine(isImageDataUri, "is not a PNG or JPEG image (checked by its bytes)").nullable().optional(),
});
export type WidgetConfigInput = z.infer<typeof WidgetConfigInput>;

export interface WidgetConfig {
  logo_url: string | null;
  serving_states: string[];
  roof_types: string[];
  widget_info: string;
  theme: { primary?: string; accent?: string };
  /** The partner's name (for consent text and the logo's alt text). */
  partner_name: string;
  /** Whether the savings report carries the partner's logo (the image itself is not sent to the widget). */
  report_logo: boolean;
  /** Map tile URL template ({z}/{x}/{y}) when a tile server is configured (WIDGET_MAP_TILE_URL); null offline. */
  map_tile_url: string | null;
  updated_at: string;
}

/** Operator settings of the widget, read once per platform (widgetSettings(p)). */
export interface WidgetSettings {
  /** Map tile URL template with {z}, {x} and {y} (WIDGET_MAP_TILE_URL); null when none is configured. */
  mapTileUrl: string | null;
}

export function loadWidgetSettings(source: EnvSource = Deno.env): WidgetSettings {
  const url = envOptional("WIDGET_MAP_TILE_URL", source)?.trim();
  if (url && !(/^https?:\/\//.test(url) && ["{z}", "{x}", "{y}"].every((k) => url.includes(k)))) {
    throw new ConfigError("WIDGET_MAP_TILE_URL", `must be an http(s) URL with {z}, {x} and {y}`);
  }
  return { mapTileUrl: url || null };
}

/** The platform's widget settings (tests replace them with override(p, "widgetSettings", …)). */
export function widgetSettings(p: Platform): WidgetSettings {
  return provide(p, "widgetSettings", () => loadWidgetSettings());
}

declare module "../platform.ts" {
  interface Seams {
    widgetSettings: WidgetSettings;
  }
}

async function toConfig(r: Record<string, unknown>, settings: WidgetSettings): Promise<WidgetConfig> {
  return {
    logo_url: (r.logo_url as string | null) ?? null,
    serving_states: r.serving_states as string[],
    roof_types: r.roof_types as string[],
    widget_info: await sanitizeWidgetHtml(String(r.widget_info ?? "")),
    theme: (r.theme ?? {}) as WidgetConfig["theme"],
    partner_name: String(r.partner_name ?? ""),
    report_logo: r.report_logo != null,
    map_tile_url: settings.mapTileUrl,
    updated_at: new Date(r.updated_at as string).toISOString(),
  };
}

/**
 * The caller's partner configuration (RLS: only the caller's organisation is visible). A console preview session
 * (a preview token's widget) sees the console's unsaved colours and logo (public.partner_widget_previews, whose
 * policy shows a draft to its own session only; shared/partner/preview.ts writes it).
 */
export async function getWidgetConfig(p: Platform, auth: AuthContext): Promise<WidgetConfig> {
  const rows = await withAuth(
    p.sql,
    auth,
    (tx) =>
      tx`select w.*, o.name as partner_name, d.draft from public.widget_configs w
    left join public.organizations o on o.id = w.organization_id
    left join public.partner_widget_previews d on d.organization_id = w.organization_id
    where w.organization_id = ${auth.orgId}`,
  );
  if (!rows.length) {
    throw new DomainError(
      "not_found",
      "widget_not_configured",
      "This partner has no widget configuration yet",
    );
  }
  const draft = rows[0].draft as { logo_url?: string | null; theme?: WidgetConfig["theme"] } | null;
  const config = await toConfig(rows[0], widgetSettings(p));
  if (!draft) return config;
  return {
    ...config,
    ...("logo_url" in draft ? { logo_url: draft.logo_url ?? null } : {}),
    theme: { ...config.theme, ...draft.theme },
  };
}

/** Creates or replaces the configuration of `orgId`. `auth` set: runs under RLS (partner_admin only). */
export async function saveWidgetConfig(
  p: Platform,
  orgId: string,
  input: WidgetConfigInput,
  auth?: AuthContext,
): Promise<WidgetConfig> {
  const c = WidgetConfigInput.parse(input);
  if (c.report_logo) await validateImageDataUri(c.report_logo, "report_logo");
  const states = [...new Set(c.serving_states)].sort();
  const info = await sanitizeWidgetHtml(c.widget_info);
  const write = (tx: typeof p.sql) =>
    tx`insert into public.widget_configs (organization_id, logo_url, serving_states, roof_types, widget_info, theme, report_logo, updated_by, updated_at)
      values (${orgId}, ${c.logo_url ?? null}, ${states}, ${c.roof_types}, ${info},
              ${jsonb(tx, c.theme)}, ${c.report_logo ?? null}, ${auth?.userId ?? null}, now())
      on conflict (organization_id) do update set logo_url = excluded.logo_url, serving_states = excluded.serving_states,
        roof_types = excluded.roof_types, widget_info = excluded.widget_info, theme = excluded.theme,
        report_logo = case when ${
      c.report_logo === undefined
    } then widget_configs.report_logo else excluded.report_logo end,
        updated_by = excluded.updated_by, updated_at = now()
      returning *, (select name from public.organizations where id = ${orgId}) as partner_name`;
  const rows = auth
    ? await withAuth(p.sql, auth, (tx) => write(tx as unknown as typeof p.sql))
    : await write(p.sql);
  return await toConfig(rows[0], widgetSettings(p));
}

/** True when the partner serves the state (case-insensitive two-letter code). */
export function servesState(
  config: Pick<WidgetConfig, "serving_states">,
  state: string | null | undefined,
): boolean {
  return !!state && config.serving_states.includes(state.toUpperCase());
}

/** The partner's report logo (data: URI), for the savings report's cover; null when none is set. */
export async function reportLogoOf(p: Platform, orgId: string | null): Promise<string | null> {
  if (!orgId) return null;
  const [r] = await p.sql`select report_logo from public.widget_configs where organization_id = ${orgId}`;
  return (r?.report_logo as string | null) ?? null;
}
