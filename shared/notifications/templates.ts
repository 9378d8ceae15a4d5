// Email templates from files: templates/email/<slug>.subject.txt|.html|.txt, handlebars, HTML escaped in
// the HTML part, one shared layout (_layout.html) and text footer (_footer.txt).
import { envOptional } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { TemplateSet } from "../email/template_set.ts";

export { MissingTemplateError, type RenderedEmail, TemplateSet } from "../email/template_set.ts";

const defaultDir = new URL("../../templates/email/", import.meta.url);

/** The templates of EMAIL_TEMPLATES_DIR (default: the repository's templates/email/), compiled once per platform. */
export function templates(p: Platform): TemplateSet {
  return provide(p, "notificationTemplates", () => {
    const dir = envOptional("EMAIL_TEMPLATES_DIR");
    return new TemplateSet(dir ? new URL(`file://${dir.replace(/\/?$/, "/")}`) : defaultDir);
  });
}

declare module "../platform.ts" {
  interface Seams {
    notificationTemplates: TemplateSet;
  }
}
