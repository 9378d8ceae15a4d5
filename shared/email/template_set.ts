// Email templates from files: <dir>/<slug>.subject.txt|.html|.txt, handlebars, HTML escaped in the HTML part, one
// shared layout (_layout.html) and text footer (_footer.txt). Used by the notification service (templates/email/) and
// the savings report email (templates/email/homeowner/); here in the email area so that neither domain imports the
// other for it.
import type Handlebars from "handlebars";
import { templateSlug } from "../events/catalogue.ts";
import { handlebarsEnv, handlebarsLoaded, loadHandlebars } from "./handlebars_env.ts";
import { linkedKeys, unlinkedData } from "./no_autolink.ts";
import { domainsIn } from "./own_domains.ts";

export class MissingTemplateError extends Error {}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

type Compiled = {
  subject: Handlebars.TemplateDelegate;
  html: Handlebars.TemplateDelegate;
  text: Handlebars.TemplateDelegate;
  /** The data keys the HTML links on purpose (no_autolink.ts). */
  linked: Set<string>;
};

type Envs = { html: ReturnType<typeof handlebarsEnv>; plain: ReturnType<typeof handlebarsEnv> };

/** A set of templates; `load()` (once, Handlebars imported on first use) before `render` or `require`. */
export class TemplateSet {
  // Each template is compiled once per set (on its first render) and set up once (handlebars_env.ts).
  private envs?: Envs;
  private cache = new Map<string, Compiled | null>();
  private layoutHtml = "";

  constructor(private dir: URL) {}

  /** True once `load()` resolved (or Handlebars was already loaded): `render` and `require` may be called. */
  get loaded(): boolean {
    return this.envs !== undefined || handlebarsLoaded();
  }

  /** Imports Handlebars if no set did yet (once per process); resolves when this set can render. */
  async load(): Promise<this> {
    if (!handlebarsLoaded()) await loadHandlebars();
    this.environments();
    return this;
  }

  private environments(): Envs {
    if (!this.envs) {
      const html = handlebarsEnv(), plain = handlebarsEnv();
      this.layoutHtml = this.read("_layout.html") ?? "{{> @partial-block }}";
      html.registerPartial("layout", this.layoutHtml);
      plain.registerPartial("footer", this.read("_footer.txt") ?? "");
      this.envs = { html, plain };
    }
    return this.envs;
  }

  private read(name: string): string | null {
    try {
      return Deno.readTextFileSync(new URL(name, this.dir));
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return null;
      throw e;
    }
  }

  private compiled(eventType: string): Compiled {
    const slug = templateSlug(eventType);
    if (!this.cache.has(slug)) {
      const { html: htmlEnv, plain } = this.environments();
      const subject = this.read(`${slug}.subject.txt`);
      const html = this.read(`${slug}.html`);
      const text = this.read(`${slug}.txt`);
      this.cache.set(
        slug,
        subject !== null && html !== null && text !== null
          ? {
            subject: plain.compile(subject.trim(), { noEscape: true, strict: false }),
            html: htmlEnv.compile(html),
            text: plain.compile(text, { noEscape: true }),
            linked: linkedKeys(`${html}${this.layoutHtml}`),
          }
          : null,
      );
    }
    const c = this.cache.get(slug);
    if (!c) {
      throw new MissingTemplateError(`missing template for ${eventType} (${slug}.subject.txt, .html, .txt)`);
    }
    return c;
  }

  /** Throws MissingTemplateError unless all three files of the event type exist. */
  require(eventType: string): void {
    this.compiled(eventType);
  }

  /**
   * The event's email. `own`: the domains drawn as written wherever they occur (own_domains.ts); by default those of
   * `partner_name`, which every caller fills with the organization's name as the operator recorded it.
   */
  render(
    eventType: string,
    data: Record<string, unknown>,
    own: readonly string[] = domainsIn(data.partner_name as string | undefined),
  ): RenderedEmail {
    const c = this.compiled(eventType);
    // No typed text becomes a link in a mail program (no_autolink.ts, pass 15), but the partner's own domains are
    // written as they are (pass 17).
    const context = unlinkedData(data, c.linked, own);
    // A subject is one header line: no CR/LF can come from data.
    const subject = c.subject(context).replace(/[\r\n]+/g, " ").trim();
    return { subject, html: c.html({ ...context, subject }), text: c.text(context) };
  }
}
