// Checks JSON text BEFORE it is parsed: nesting depth (a body nested thousands deep overflows recursive
// validators and serialisers), NUL characters and lone UTF-16 surrogates (PostgreSQL text and jsonb
// refuse both, so they would surface as 500s deep inside a handler). One linear pass, no allocation.
import { envInt, type EnvSource } from "../config.ts";

export const DEFAULT_MAX_JSON_DEPTH = 32;

export function maxJsonDepth(source: EnvSource = Deno.env): number {
  return envInt("MAX_JSON_DEPTH", DEFAULT_MAX_JSON_DEPTH, source);
}

export interface TextProblem {
  code: "invalid_text" | "too_deeply_nested";
  message: string;
}

const hex = (s: string, i: number) => {
  const h = s.slice(i, i + 4);
  return /^[0-9a-fA-F]{4}$/.test(h) ? parseInt(h, 16) : -1;
};

/** Returns the first problem of a JSON text, or null. Syntax errors are left to JSON.parse. */
export function inspectJsonText(text: string, maxDepth = maxJsonDepth()): TextProblem | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0) return { code: "invalid_text", message: "Request body contains a NUL character" };
    if (ch >= 0xd800 && ch <= 0xdfff) {
      const paired = ch <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (!paired) {
        return { code: "invalid_text", message: "Request body contains an unpaired UTF-16 surrogate" };
      }
      i++;
      continue;
    }
    if (inString) {
      if (ch === 0x22) inString = false; // "
      else if (ch === 0x5c) { // backslash
        if (text.charCodeAt(i + 1) === 0x75) { // \u
          const code = hex(text, i + 2);
          if (code === 0) {
            return { code: "invalid_text", message: "Request body contains a NUL character (\\u0000)" };
          }
          if (code >= 0xd800 && code <= 0xdbff) {
            const low = text.charCodeAt(i + 6) === 0x5c && text.charCodeAt(i + 7) === 0x75
              ? hex(text, i + 8)
              : -1;
            if (low < 0xdc00 || low > 0xdfff) {
              return {
                code: "invalid_text",
                message: "Request body contains an unpaired UTF-16 surrogate escape",
              };
            }
            i += 11;
            continue;
          }
          if (code >= 0xdc00 && code <= 0xdfff) {
            return {
              code: "invalid_text",
              message: "Request body contains an unpaired UTF-16 surrogate escape",
            };
          }
          if (code > 0) i += 5;
          else i++;
        } else i++;
      }
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) { // [ {
      if (++depth > maxDepth) {
        return {
          code: "too_deeply_nested",
          message: `Request body is nested deeper than ${maxDepth} levels`,
        };
      }
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return null;
}

/** True when a decoded text value (query parameter, header, field) holds a NUL. */
export const hasNul = (s: string) => s.includes("\u0000");
