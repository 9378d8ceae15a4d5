/*
 * Solar savings widget: embed script (built to widget/dist/embed.js). On a partner page, either
 *   <div id="solar-widget"></div>
 *   <script src="https://<platform>/widget/embed.js" data-token="wgt_..." data-target="#solar-widget" async></script>
 * (the script creates the iframe), or the widget's iframe marked `data-solar-widget` and the script after it:
 *   <iframe src="https://<platform>/widget/?token=wgt_..." data-solar-widget ...></iframe>
 *   <script src="https://<platform>/widget/embed.js" async></script>
 * Either way the iframe is sized to the widget's content and the widget's events reach the page:
 *   document.addEventListener("solar-widget:lead_created", (e) => console.log(e.detail.leadId));
 *   SolarWidget.on("step", (detail, iframe) => ...);     // events: ready, step, lead_created, resize
 * Messages are accepted only from the widget's own origin and from the widget's own iframe. See docs/widget.md.
 */
type Detail = Record<string, unknown>;
type Listener = (detail: Detail, iframe: HTMLIFrameElement) => void;
interface SolarWidgetApi {
  listeners: Record<string, Listener[]>;
  instances: HTMLIFrameElement[];
  on(type: string, fn: Listener): SolarWidgetApi;
  off(type: string, fn: Listener): SolarWidgetApi;
  attach(iframe: HTMLIFrameElement): void;
}

(function () {
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script || !script.src) return;
  const src = new URL(script.src, location.href);
  const widgetOrigin = src.origin;
  const widgetBase = widgetOrigin + src.pathname.replace(/[^/]*$/, "");

  const scope = globalThis as unknown as { SolarWidget?: Partial<SolarWidgetApi> };
  const api = (scope.SolarWidget ??= {}) as SolarWidgetApi;
  api.listeners ??= {};
  api.instances ??= [];
  api.on ??= (type, fn) => {
    (api.listeners[type] ??= []).push(fn);
    return api;
  };
  api.off ??= (type, fn) => {
    api.listeners[type] = (api.listeners[type] ?? []).filter((f) => f !== fn);
    return api;
  };

  const mine: HTMLIFrameElement[] = [];
  /** Tells the widget in `iframe` that this page listens (it then sizes itself to its content and reports events). */
  const greet = (iframe: HTMLIFrameElement) => {
    try {
      iframe.contentWindow?.postMessage({ source: "solar-widget-host", type: "embed" }, widgetOrigin);
    } catch { /* not loaded yet: the widget says hello when it is */ }
  };
  const attach = (iframe: HTMLIFrameElement) => {
    if (iframe.hasAttribute("data-solar-widget-attached")) return;
    iframe.setAttribute("data-solar-widget-attached", "");
    iframe.style.overflow = "hidden";
    mine.push(iframe);
    api.instances.push(iframe);
    iframe.addEventListener("load", () => greet(iframe));
    greet(iframe);
  };
  api.attach ??= attach;

  // The widget's iframes already on the page.
  document.querySelectorAll<HTMLIFrameElement>(`iframe[data-solar-widget], iframe[src^="${widgetBase}"]`)
    .forEach((f) => {
      if (f.src.startsWith(widgetBase)) attach(f);
    });

  // Or one made here from the script's attributes.
  const token = script.getAttribute("data-token");
  if (token) {
    const target = script.getAttribute("data-target");
    let container = target ? document.querySelector(target) : null;
    if (!container) {
      container = document.createElement("div");
      script.parentNode!.insertBefore(container, script);
    }
    const params = new URLSearchParams({ token, embed: "1", host: location.origin });
    const apiBase = script.getAttribute("data-api");
    if (apiBase) params.set("api", apiBase);
    const iframe = document.createElement("iframe");
    iframe.src = `${widgetBase}index.html?${params}`;
    iframe.title = script.getAttribute("data-title") || "Solar savings estimate";
    iframe.setAttribute("allow", "camera");
    iframe.setAttribute("data-solar-widget", "");
    iframe.style.cssText = `display:block;width:100%;border:0;height:${
      Number(script.getAttribute("data-height")) || 560
    }px`;
    container.appendChild(iframe);
    attach(iframe);
  }

  addEventListener("message", (e: MessageEvent) => {
    if (e.origin !== widgetOrigin) return;
    const iframe = mine.find((f) => f.contentWindow === e.source);
    const m = e.data as Detail | null;
    if (!iframe || !m || typeof m !== "object" || m.source !== "solar-widget" || typeof m.type !== "string") {
      return;
    }
    if (m.type === "hello") return greet(iframe);
    if (m.type === "resize") {
      const h = Math.round(Number(m.height));
      if (h > 0 && h < 20000) iframe.style.height = `${h}px`;
    }
    // A new step starts at its top: bring the widget's top into view if the page was scrolled past it.
    if (
      m.type === "step" && script.getAttribute("data-scroll") !== "off" &&
      iframe.getBoundingClientRect().top < 0
    ) {
      iframe.scrollIntoView({ block: "start", behavior: "smooth" });
    }
    const { source: _source, ...detail } = m;
    for (const fn of (api.listeners[m.type] ?? []).slice()) {
      try {
        fn(detail, iframe);
      } catch (err) {
        setTimeout(() => {
          throw err;
        });
      }
    }
    iframe.dispatchEvent(new CustomEvent(`solar-widget:${m.type}`, { detail, bubbles: true }));
  });
})();
