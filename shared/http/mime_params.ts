// A Content-Type's parameters as the WHATWG MIME Sniffing standard parses them ("parse a MIME type"), which is what the
// runtime's Request.formData() does to find a multipart boundary: parameters split on ';', names lower-cased, values
// a quoted string (backslash escapes) or the text up to ';' without trailing whitespace, the first of a name wins, and
// names or values with characters outside the allowed sets are dropped. The multipart part counter
// (body_guard.ts) must use the same boundary as the parser: with a regex, `boundary="a\"b"`, `boundary=a b` or a
// `boundary=` inside another parameter's quoted value named another boundary than the parser's, so a body of
// thousands of parts passed the count (security pass 7).
const WS = /[\t\n\r ]/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const QUOTED_TEXT = /^[\t\u0020-\u007e\u0080-\u00ff]*$/;

export function mimeParameters(contentType: string): Map<string, string> {
  const params = new Map<string, string>();
  const s = contentType;
  let i = s.indexOf(";");
  if (i < 0) return params;
  i++;
  while (i < s.length) {
    while (i < s.length && WS.test(s[i])) i++;
    let name = "";
    while (i < s.length && s[i] !== ";" && s[i] !== "=") name += s[i++];
    name = name.toLowerCase();
    if (i < s.length && s[i] === ";") {
      i++;
      continue;
    }
    i++; // past "=" (or the end)
    if (i >= s.length) break;
    let value = "";
    if (s[i] === '"') {
      i++;
      while (i < s.length) {
        const ch = s[i++];
        if (ch === '"') break;
        if (ch === "\\") {
          value += i < s.length ? s[i++] : "\\";
        } else value += ch;
      }
      while (i < s.length && s[i] !== ";") i++;
    } else {
      while (i < s.length && s[i] !== ";") value += s[i++];
      value = value.replace(/[\t\n\r ]+$/, "");
      if (value === "") {
        i++;
        continue;
      }
    }
    if (name && TOKEN.test(name) && QUOTED_TEXT.test(value) && !params.has(name)) params.set(name, value);
    i++;
  }
  return params;
}
