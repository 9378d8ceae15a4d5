/*
 * Solar savings widget: embed script. On a partner page:
 *   <div id="solar-widget"></div>
 *   <script src="https://<platform>/widget/embed.js" data-token="wgt_..." data-target="#solar-widget" async></script>
 * It creates the widget's iframe, sizes it to the widget's content, and passes the widget's events to the page:
 *   document.addEventListener("solar-widget:lead_created", (e) => console.log(e.detail.leadId));
 *   SolarWidget.on("step", (detail, iframe) => ...);     // events: ready, step, lead_created, resize
 * Messages are accepted only from the widget's own origin and its own iframe. See docs/widget.md.
 */
(function () {
  "use strict";
  const script = document.currentScript;
  if (!script || !script.src) return;
  const src = new URL(script.src, location.href);
  const widgetOrigin = src.origin;
  const target = script.getAttribute("data-target");
  let container = target ? document.querySelector(target) : null;
  if (!container) {
    container = document.createElement("div");
    script.parentNode.insertBefore(container, script);
  }
  const params = new URLSearchParams({
    token: script.getAttribute("data-token") || "",
    embed: "1",
    host: location.origin,
  });
  const api = script.getAttribute("data-api");
  if (api) params.set("api", api);
  const iframe = document.createElement("iframe");
  iframe.src = widgetOrigin + src.pathname.replace(/[^/]*$/, "") + "?" + params.toString();
  iframe.title = script.getAttribute("data-title") || "Solar savings estimate";
  iframe.setAttribute("allow", "camera");
  iframe.style.cssText = "display:block;width:100%;border:0;overflow:hidden;height:" +
    (Number(script.getAttribute("data-height")) || 560) + "px";
  container.appendChild(iframe);

  const global = globalThis.SolarWidget = globalThis.SolarWidget || { listeners: {}, instances: [] };
  global.listeners = global.listeners || {};
  global.instances = global.instances || [];
  global.on = global.on || function (type, fn) {
    (global.listeners[type] = global.listeners[type] || []).push(fn);
    return global;
  };
  global.off = global.off || function (type, fn) {
    global.listeners[type] = (global.listeners[type] || []).filter(function (f) {
      return f !== fn;
    });
    return global;
  };
  global.instances.push(iframe);

  addEventListener("message", function (e) {
    if (e.origin !== widgetOrigin || e.source !== iframe.contentWindow) return;
    const m = e.data;
    if (!m || typeof m !== "object" || m.source !== "solar-widget" || typeof m.type !== "string") return;
    if (m.type === "resize") {
      const h = Math.round(Number(m.height));
      if (h > 0 && h < 20000) iframe.style.height = h + "px";
    }
    // A new step starts at its top: bring the widget's top into view if the page was scrolled past it.
    if (
      m.type === "step" && script.getAttribute("data-scroll") !== "off" &&
      iframe.getBoundingClientRect().top < 0
    ) {
      iframe.scrollIntoView({ block: "start", behavior: "smooth" });
    }
    const detail = {};
    for (const k in m) if (k !== "source") detail[k] = m[k];
    (global.listeners[m.type] || []).slice().forEach(function (fn) {
      try {
        fn(detail, iframe);
      } catch (err) {
        setTimeout(function () {
          throw err;
        });
      }
    });
    container.dispatchEvent(new CustomEvent("solar-widget:" + m.type, { detail: detail, bubbles: true }));
  });
})();
