// Partner-authored HTML for the widget's side panel. Only formatting and links survive: no script or
// style, no event handlers, no javascript:/data: URLs. Applied when a configuration is written and again
// when it is served, so a row written by other means can never reach a homeowner unsanitised.
// sanitize-html ships no types; the options used here are its documented ones.
const options: Record<string, unknown> = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "a",
    "h3",
    "h4",
    "span",
    "small",
    "img",
    "blockquote",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName: string, attribs: Record<string, string>) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" },
    }),
  },
};

type Sanitize = (html: string, opts: unknown) => string;
// Loaded on first use: sanitize-html and its parser (postcss, htmlparser2, …) are ≈50 ms of CPU that every start
// of the stack paid before it was ready, for a function first needed when a widget configuration is read or
// written (issue #16; tests/integration/stack/startup_graph_test.ts keeps it out of the start's static imports).
let sanitizer: Promise<Sanitize> | undefined;

export async function sanitizeWidgetHtml(html: string): Promise<string> {
  const sanitize = await (sanitizer ??= import("sanitize-html").then((m) => m.default as Sanitize));
  return sanitize(html, options).trim();
}
