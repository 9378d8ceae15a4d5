/*
 * Solar savings widget: embed script. On a partner page, either
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
(function () {
  "use strict";
  const script = document.currentScript;
  if (!script || !script.src) return;
  const src = new URL(script.src, location.href);
  const widgetOrigin = src.origin;
  const widgetBase = widgetOrigin + src.pathname.replace(/[^/]*$/, "");

  const global = globalThis.SolarWidget = globalThis.SolarWidget || {};
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

  const mine = [];
  /** Tells the widget in `iframe` that this page listens (it then sizes itself to its content and reports events). */
  function greet(iframe) {
    try {
      iframe.contentWindow.postMessage({ source: "solar-widget-host", type: "embed" }, widgetOrigin);
    } catch (_) { /* not loaded yet: the widget says hello when it is */ }
  }
  function attach(iframe) {
    if (iframe.getAttribute("data-solar-widget-attached") !== null) return;
    iframe.setAttribute("data-solar-widget-attached", "");
    iframe.style.overflow = "hidden";
    mine.push(iframe);
    global.instances.push(iframe);
    iframe.addEventListener("load", function () {
      greet(iframe);
    });
    greet(iframe);
  }
  global.attach = global.attach || attach;

  // The widget's iframes already on the page.
  document.querySelectorAll("iframe[data-solar-widget], iframe[src^='" + widgetBase + "']").forEach(
    function (f) {
      if (f.src.indexOf(widgetBase) === 0) attach(f);
    },
  );

  // Or one made here from the script's attributes.
  const token = script.getAttribute("data-token");
  if (token) {
    const target = script.getAttribute("data-target");
    let container = target ? document.querySelector(target) : null;
    if (!container) {
      container = document.createElement("div");
      script.parentNode.insertBefore(container, script);
    }
    const params = new URLSearchParams({ token: token, embed: "1", host: location.origin });
    const api = script.getAttribute("data-api");
    if (api) params.set("api", api);
    const iframe = document.createElement("iframe");
    iframe.src = widgetBase + "?" + params.toString();
    iframe.title = script.getAttribute("data-title") || "Solar savings estimate";
    iframe.setAttribute("allow", "camera");
    iframe.setAttribute("data-solar-widget", "");
    iframe.style.cssText = "display:block;width:100%;border:0;height:" +
      (Number(script.getAttribute("data-height")) || 560) + "px";
    container.appendChild(iframe);
    attach(iframe);
  }

  addEventListener("message", function (e) {
    if (e.origin !== widgetOrigin) return;
    const iframe = mine.find(function (f) {
      return f.contentWindow === e.source;
    });
    const m = e.data;
    if (!iframe || !m || typeof m !== "object" || m.source !== "solar-widget" || typeof m.type !== "string") {
      return;
    }
    if (m.type === "hello") return greet(iframe);
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
    iframe.dispatchEvent(new CustomEvent("solar-widget:" + m.type, { detail: detail, bubbles: true }));
  });
})();
