// Email templates from files: <dir>/<slug>.subject.txt|.html|.txt, handlebars, HTML escaped in the HTML part, one
// shared layout (_layout.html) and text footer (_footer.txt). Used by the notification service (templates/email/) and
// the savings report email (templates/email/homeowner/); here in the email area so that neither domain imports the
// other for it.
import type Handlebars from "handlebars";
import { templateSlug } from "../events/catalogue.ts";
import { handlebarsEnv } from "./handlebars_env.ts";
import { linkedKeys, unlinkedData } from "./no_autolink.ts";

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

export class TemplateSet {
  // Each template is compiled once per set (on its first render) and set up once (handlebars_env.ts).
  private html = handlebarsEnv();
  private plain = handlebarsEnv();
  private cache = new Map<string, Compiled | null>();
  private layoutHtml: string;

  constructor(private dir: URL) {
    this.layoutHtml = this.read("_layout.html") ?? "{{> @partial-block }}";
    this.html.registerPartial("layout", this.layoutHtml);
    this.plain.registerPartial("footer", this.read("_footer.txt") ?? "");
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
      const subject = this.read(`${slug}.subject.txt`);
      const html = this.read(`${slug}.html`);
      const text = this.read(`${slug}.txt`);
      this.cache.set(
        slug,
        subject !== null && html !== null && text !== null
          ? {
            subject: this.plain.compile(subject.trim(), { noEscape: true, strict: false }),
            html: this.html.compile(html),
            text: this.plain.compile(text, { noEscape: true }),
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

  render(eventType: string, data: Record<string, unknown>): RenderedEmail {
    const c = this.compiled(eventType);
    // No typed text becomes a link in a mail program (no_autolink.ts, pass 15).
    const context = unlinkedData(data, c.linked);
    // A subject is one header line: no CR/LF can come from data.
    const subject = c.subject(context).replace(/[\r\n]+/g, " ").trim();
    return { subject, html: c.html({ ...context, subject }), text: c.text(context) };
  }
}
