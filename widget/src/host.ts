// Messages to the page that embeds the widget (widget/embed.js listens): `ready`, `step`, `lead_created`, and
// `resize` with the content height. Posted only to the host page's origin, never to "*" (except a bare `hello`
// that carries nothing, so that embed.js, loaded after the widget, learns it is there).

const ORIGIN = /^https?:\/\/[^/?#\s]+$/;

function framerOrigin(): string | null {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  return ancestors?.length ? ancestors[0] : null;
}

/** The embedding page's origin: from embed.js (`&host=`), checked against what the browser says framed us. */
export function hostOrigin(params: URLSearchParams): string | null {
  if (globalThis.parent === globalThis.self) return null;
  const framer = framerOrigin();
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
  private watched: HTMLElement | null = null;
  private observer: ResizeObserver | null = null;
  private readyDetail: Record<string, unknown> | null = null;
  private step: unknown = null;

  /**
   * `embedded`: the iframe was made by embed.js (it sizes to the content from the start). Otherwise embed.js may
   * still greet the widget later (a snippet with its own iframe): the widget then switches to content height.
   */
  constructor(private origin: string | null, private embedded: boolean) {
    if (globalThis.parent === globalThis.self) return;
    addEventListener("message", (e) => {
      const m = e.data as { source?: string; type?: string } | null;
      if (
        e.source !== globalThis.parent || m?.source !== "solar-widget-host" || m.type !== "embed" ||
        !ORIGIN.test(e.origin)
      ) return;
      const framer = framerOrigin();
      if (framer && framer !== e.origin) return;
      const greeted = this.embedded && this.origin === e.origin;
      this.origin = e.origin;
      this.embedded = true;
      document.documentElement.classList.add("embedded");
      if (greeted) return;
      this.lastHeight = 0;
      if (this.watched) this.watchSize(this.watched);
      if (this.readyDetail) {
        this.emit("ready", { ...this.readyDetail, step: this.step ?? this.readyDetail.step });
      }
    });
    globalThis.parent.postMessage({ source: "solar-widget", type: "hello" }, "*");
  }

  emit(type: string, detail: Record<string, unknown> = {}): void {
    if (type === "ready") this.readyDetail = detail;
    if (type === "step") this.step = detail.step;
    if (!this.origin) return;
    globalThis.parent.postMessage({ source: "solar-widget", type, ...detail }, this.origin);
  }

  /** Reports the content height whenever it changes (embed.js sizes the iframe to it). */
  watchSize(el: HTMLElement): void {
    this.watched = el;
    if (!this.origin || !this.embedded || typeof ResizeObserver === "undefined") return;
    const send = () => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height && height !== this.lastHeight) {
        this.lastHeight = height;
        this.emit("resize", { height });
      }
    };
    this.observer?.disconnect();
    this.observer = new ResizeObserver(send);
    this.observer.observe(el);
    send();
  }
}
