// How deep a content stream nests the graphics state (`q` … `Q`), read before pdf.js parses it (security pass 12).
// pdf.js's text extraction takes time quadratic in the open `q`s: a page of 10,000 unclosed `q` (20 KB) held a
// document worker 18 s, 20,000 82 s, 40,000 past its 180 s limit. The PDF specification's own implementation limit
// is 28 levels (ISO 32000-1, Annex C); real files stay far below MAX_SAVE_DEPTH.

/** Open `q`s allowed across a file's content streams (pdf.js reads 1,000 in under 0.1 s). */
export const MAX_SAVE_DEPTH = 1_000;

const WHITE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITE[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIM[c.charCodeAt(0)] = 1;

/**
 * The deepest `q` nesting of `bytes` (read as a content stream: strings, hex strings and comments skipped) and the
 * `q`s left open at its end. `Q` without a `q` counts nothing.
 */
export function saveDepth(bytes: Uint8Array, startDepth = 0): { max: number; open: number } {
  let depth = startDepth, max = startDepth;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0x28) { // '(' literal string, nested parentheses, backslash escapes
      let level = 1;
      for (i++; i < n && level > 0; i++) {
        if (bytes[i] === 0x5c) i++;
        else if (bytes[i] === 0x28) level++;
        else if (bytes[i] === 0x29) level--;
      }
      i--;
    } else if (b === 0x3c && bytes[i + 1] !== 0x3c) { // '<' hex string (not '<<')
      while (i < n && bytes[i] !== 0x3e) i++;
    } else if (b === 0x25) { // '%' comment to the end of the line
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if ((b === 0x71 || b === 0x51) && (i === 0 || WHITE[bytes[i - 1]] || DELIM[bytes[i - 1]])) {
      const next = i + 1 < n ? bytes[i + 1] : 32;
      if (!WHITE[next] && !DELIM[next]) continue;
      if (b === 0x71) max = Math.max(max, ++depth);
      else if (depth > 0) depth--;
    }
  }
  return { max, open: depth };
}
