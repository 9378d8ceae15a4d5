// Who may frame the widget when no `frame-ancestors` header protects its page (docs/security.md, pass 16). The page the
// platform serves (`/widget/?token=…`) gets the partner's `frame-ancestors` from the server (pass 14); a copy on a
// bucket or static host (widget/dist/cdn/, marked `data-frame-check` on its <html>) carries its policy in a <meta>
// tag, where browsers ignore `frame-ancestors`, so any site could frame a partner's widget under its own page and
// overlay the homeowner's consent and upload (clickjacking). There the widget checks the frame itself, against the
// origins widget-info names (`frame_origins`: the platform's, the partner's registered sites and its website's) and
// its own origin:
// - `location.ancestorOrigins` (Chromium, Safari): every page above the widget must be listed, as frame-ancestors does;
// - without it (Firefox): the embedding page's origin from the referrer, or from embed.js's greeting (a message whose
//   origin the browser vouches for), within a few seconds; neither from a listed origin: refused. Only when the
//   embedding page is the top page (pass 17): framed deeper, the pages between cannot be named, and it is refused.
// The hosted page fails closed (pass 17): its notice shows and its app is hidden until the script runs, and the form
// is drawn only once this check set <html data-frame-allowed> (scripts/widget/cdn.ts, styles.css).
// A refused widget shows a notice and nothing else: no form, no request with the homeowner's data.

/** Whether the page asks for the check (the hosted copy's <html data-frame-check>). */
export const frameCheckWanted = (): boolean => document.documentElement.hasAttribute("data-frame-check");

// An opaque origin ("null": a sandboxed frame, a data: or srcdoc page) is never listed, not even when the widget's own
// origin is opaque too (a sandbox without allow-same-origin is inherited by the frames inside it: security pass 17).
const listed = (origin: string, allowed: readonly string[]) => origin !== "null" && allowed.includes(origin);

function referrerOrigin(): string | null {
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** Resolves true when embed.js greets the widget from a listed origin within `ms`, false after that. */
function greetedFrom(allowed: readonly string[], ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      removeEventListener("message", onMessage);
      clearTimeout(timer);
      resolve(ok);
    };
    const onMessage = (e: MessageEvent) => {
      const m = e.data as { source?: string; type?: string } | null;
      if (e.source !== globalThis.parent || m?.source !== "solar-widget-host" || m.type !== "embed") return;
      done(listed(e.origin, allowed));
    };
    const timer = setTimeout(() => done(false), ms);
    addEventListener("message", onMessage);
    // embed.js greets a widget that says hello (widget/src/host.ts sends it too; one more is harmless)
    globalThis.parent.postMessage({ source: "solar-widget", type: "hello" }, "*");
  });
}

/**
 * What the browser says of a framed widget: every ancestor listed (true) or not (false) where it names them; else
 * (Firefox) refused when framed in a frame (`nested`: the pages between the top and the widget cannot be named, so a
 * listed partner page framed in turn by a stranger cannot be told from the partner's own), else the referrer's origin
 * when listed (true), or "ask" (wait for embed.js's greeting from the parent, which is then the top page).
 */
export function frameVerdict(
  allowed: readonly string[],
  ancestors: readonly string[] | null,
  referrer: string | null,
  nested = false,
): boolean | "ask" {
  if (ancestors) return ancestors.every((o) => listed(o, allowed));
  if (nested) return false;
  return referrer && listed(referrer, allowed) ? true : "ask";
}

/** Whether the widget may run where it is: not framed, or framed only by listed origins. */
export async function frameAllowed(
  frameOrigins: readonly string[] | undefined,
  waitMs = 3000,
): Promise<boolean> {
  if (globalThis.parent === globalThis.self) return true;
  const allowed = [...(frameOrigins ?? []), location.origin];
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const nested = globalThis.parent !== globalThis.top;
  const verdict = frameVerdict(allowed, ancestors ? Array.from(ancestors) : null, referrerOrigin(), nested);
  return verdict === "ask" ? await greetedFrom(allowed, waitMs) : verdict;
}
