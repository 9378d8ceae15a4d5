// The renderer's refusal of its input, in a module of its own: what maps it to an answer (the document engine, the
// services' PDF routes) imports it without the HTML parser that blocks.ts loads (docs/operations.md, "Local stack:
// cold12").

/** Input the renderer refuses (remote images, unsupported image types); a 400 for the caller. */
export class PdfInputError extends Error {}
