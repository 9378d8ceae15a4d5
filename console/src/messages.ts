// What the console says when the API refuses something: the API's message written for the partner, never its field
// paths ("body.url: must be an https URL", QA pass 18) or a raw id.

const PATH = /^(?:body|query|params?|headers?)(?:\.[\w-]+)*:\s+/;

/** One part of an API message as a sentence: its path dropped, an array index said as an entry, a capital, a stop. */
function sentence(part: string): string {
  const path = part.match(PATH)?.[0] ?? "";
  const index = path.match(/\.(\d+):\s+$/);
  let text = part.slice(path.length).trim();
  if (!text) return "";
  text = text[0].toUpperCase() + text.slice(1);
  if (!/[.!?]$/.test(text)) text += ".";
  return index ? `Entry ${Number(index[1]) + 1}: ${text}` : text;
}

/**
 * The API's error message as the console shows it: "body.url: must be an https URL" → "Must be an https URL.",
 * "body.widget_origins.0: must be an origin …" → "Entry 1: Must be an origin …."; several issues ("a; b") each a
 * sentence, repeated ones once. A message without a path is kept as written.
 */
export function readableMessage(message: string): string {
  const parts = message.split(/;\s+(?=(?:body|query|params?|headers?)(?:\.[\w-]+)*:\s)/);
  if (!parts.some((p) => PATH.test(p))) return message;
  return [...new Set(parts.map(sentence).filter(Boolean))].join(" ");
}

/** The heading and text of a page that could not be shown: a lead that is not there is said so, by its name. */
export function pageFailure(
  e: { status?: number; message?: string },
  what: "lead" | "page",
): { title: string; detail: string } {
  if (what === "lead" && (e.status === 404 || e.status === 403)) {
    return {
      title: "Lead not found",
      detail:
        "This lead does not exist, or it is not one of your organization's leads. Check the link, or find the lead in the list.",
    };
  }
  return { title: "Something went wrong", detail: e.message || "Please try again." };
}
