// Messages to the page that embeds the widget (widget/embed.js listens): `ready`, `step`, `lead_created`, and
// `resize` with the content height. Posted only to the host page's origin, never to "*".

const ORIGIN = /^https?:\/\/[^/?#\s]+$/;

/** The embedding page's origin: from embed.js (`&host=`), checked against what the browser says framed us. */
export function hostOrigin(params: URLSearchParams): string | null {
  if (globalThis.parent === globalThis.self) return null;
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const framer = ancestors?.length ? ancestors[0] : null;
  const given = params.get("host");
  if (given && ORIGIN.test(given)) return framer && framer !== given ? null : given;
  if (framer && ORIGIN.test(framer)) return framer;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

export class Host {
  private lastHeight = 0;
  constructor(private readonly origin: string | null) {}

  emit(type: string, detail: Record<string, unknown> = {}): void {
    if (!this.origin) return;
    globalThis.parent.postMessage({ source: "solar-widget", type, ...detail }, this.origin);
  }

  /** Reports the content height whenever it changes (embed.js sizes the iframe to it). */
  watchSize(el: HTMLElement): void {
    if (!this.origin || typeof ResizeObserver === "undefined") return;
    const send = () => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height && height !== this.lastHeight) {
        this.lastHeight = height;
        this.emit("resize", { height });
      }
    };
    new ResizeObserver(send).observe(el);
    send();
  }
}
