// The live preview: the real widget in an iframe with a one-hour preview token. Same origin as the console: the
// draft colours and logo are applied to its document as the partner types, before anything is saved. Another
// origin: the draft goes to the preview session on the server (draftForServer) and the widget reloads.
export interface Draft {
  logo_url: string | null;
  partner_name: string;
  theme: { primary?: string; accent?: string };
}

const hex = (s: string | undefined): s is string => !!s && /^#[0-9a-fA-F]{6}$/.test(s);

function luminance(c: string): number {
  const v = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16) / 255).map((
    x,
  ) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

/** Applies the draft to the widget's document; false while the widget has not rendered yet. */
export function applyDraft(frame: HTMLIFrameElement, d: Draft): boolean {
  const doc = frame.contentDocument;
  if (!doc?.body?.dataset.ready) return false;
  const style = doc.documentElement.style;
  if (hex(d.theme.primary)) {
    style.setProperty("--brand", d.theme.primary);
    style.setProperty("--on-brand", luminance(d.theme.primary) > 0.35 ? "#111" : "#fff");
  }
  if (hex(d.theme.accent)) style.setProperty("--accent", d.theme.accent);
  const header = doc.querySelector("header.top");
  const current = header?.querySelector(".logo, .logo-text");
  if (header && current) {
    let next: HTMLElement;
    if (d.logo_url && /^(https?:\/\/|\/)/.test(d.logo_url)) {
      next = doc.createElement("img");
      next.className = "logo";
      next.setAttribute("src", d.logo_url);
      next.setAttribute("alt", d.partner_name);
      next.setAttribute("height", "32");
    } else {
      next = doc.createElement("span");
      next.className = "logo-text";
      next.textContent = d.partner_name;
    }
    current.replaceWith(next);
  }
  return true;
}

/** Applies the draft once the widget is ready (it renders after its token exchange). */
export function applyWhenReady(frame: HTMLIFrameElement, draft: () => Draft) {
  let tries = 0;
  const tick = () => {
    if (applyDraft(frame, draft()) || ++tries > 100) return;
    setTimeout(tick, 100);
  };
  tick();
}

// Set at build time (CONSOLE_WIDGET_URL) when the widget is served from another origin than the console.
declare const WIDGET_URL: string;

/** Where the widget is: CONSOLE_WIDGET_URL, else /widget/ on the API's origin. */
export function widgetBase(apiBase: string): string {
  const given = typeof WIDGET_URL === "string" ? WIDGET_URL : "";
  if (/^https?:\/\//.test(given)) return given.replace(/\/?$/, "/");
  return /^https?:\/\//.test(apiBase) && new URL(apiBase).origin !== location.origin
    ? `${apiBase}/widget/`
    : "/widget/";
}

/** The draft as PUT /preview/{id} takes it; null while a field is half typed (a colour of 3 digits). */
export function draftForServer(d: Draft): { logo_url: string | null; theme: Draft["theme"] } | null {
  const theme: Draft["theme"] = {};
  for (const k of ["primary", "accent"] as const) {
    const v = d.theme[k];
    if (v && !hex(v)) return null;
    if (v) theme[k] = v;
  }
  if (d.logo_url && !/^(https?:\/\/|\/)/.test(d.logo_url)) return null;
  return { logo_url: d.logo_url, theme };
}
