// The reference-data migrations load their rows with one plain-SQL statement per table, which the Supabase CLI
// applies as it is:
//
//   insert into public.t (a, b, c)
//   select split_part(r, E'\t', 1), split_part(r, E'\t', 2)::int, nullif(split_part(r, E'\t', 3), '\N')
//   from string_to_table($rows$
//   <one row per line, fields separated by tabs>
//   $rows$, E'\n') r where r <> '';
//
// or, for a key with a list of values (one row per value):
//
//   insert into public.t (k, v)
//   select split_part(r, ':', 1), unnest(string_to_array(split_part(r, ':', 2), ','))::int
//   from string_to_table($rows$
//   <key>:<value>,<value>,...
//   $rows$, E'\n') r where r <> '';
//
// PostgreSQL spends most of such a statement splitting strings; COPY ... FROM STDIN parses the same rows in
// about half the backend time (`npm run bench:start`). splitBulkRows() finds these statements in a migration's
// text and gives, for each, the COPY that loads exactly the rows the statement inserts (each field goes through
// the column's input function, as the statement's cast or assignment does), so the local runner can stream them.
// A statement is only taken when that equivalence is certain: the select list is exactly the shape above, every
// line has the statement's number of fields, and no field holds a character COPY's text format reads otherwise
// (backslash, carriage return) except a whole `\N` where the statement turns it into NULL. Anything else stays
// SQL, run as written.

/** `statement`: the SQL the COPY stands for (run instead when the server refuses the COPY, to name why). */
export type Piece = { sql: string } | { copy: string; rows: string; statement: string };

// The statement up to its literal's opening tag; the literal ends at the first closing tag, then the tail.
const HEAD = String.raw`^insert into ([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*) \(([a-z0-9_, ]+)\)\nselect (.+)\n` +
  String.raw`from string_to_table\((\$[a-z_]*\$)\n`;
const TAIL = /^, E'\\n'\) r where r <> '';[ \t]*(?:\n|$)/;

/** The migration's text as SQL pieces and COPY loads, in order; `[{ sql }]` when it has no such statement. */
export function splitBulkRows(text: string): Piece[] {
  const pieces: Piece[] = [];
  const head = new RegExp(HEAD, "gm");
  let at = 0;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const [, table, columnList, selectList, tag] = m;
    const bodyEnd = text.indexOf(tag, head.lastIndex);
    const tail = bodyEnd < 0 ? null : text.slice(bodyEnd + tag.length, bodyEnd + tag.length + 64).match(TAIL);
    const before = text.slice(at, m.index);
    if (!tail || !endsStatement(before)) continue;
    const columns = columnList.split(",").map((c) => c.trim());
    const rows = copyRows(selectList, columns.length, text.slice(head.lastIndex, bodyEnd));
    if (rows === undefined) continue;
    if (before.trim()) pieces.push({ sql: before });
    const end = bodyEnd + tag.length + tail[0].length;
    pieces.push({
      copy: `copy ${table} (${columns.join(", ")}) from stdin`,
      rows,
      statement: text.slice(m.index, end),
    });
    at = head.lastIndex = end;
  }
  const rest = text.slice(at);
  if (rest.trim() || !pieces.length) pieces.push({ sql: rest });
  return pieces;
}

/** The text before a statement ends one (or is empty): its last line that is not a comment ends with `;`. */
function endsStatement(before: string): boolean {
  const lines = before.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("--"));
  return !lines.length || lines[lines.length - 1].endsWith(";");
}

const CAST = String.raw`(?:::[a-z][a-z0-9_ ]*(?:\[\])?)?`;
const FIELD = new RegExp(
  String.raw`^(?:split_part\(r, E'\\t', (\d+)\)|nullif\(split_part\(r, E'\\t', (\d+)\), '\\N'\))${CAST}$`,
);
const LIST = new RegExp(
  String
    .raw`^split_part\(r, ':', 1\)${CAST}, unnest\(string_to_array\(split_part\(r, ':', 2\), ','\)\)${CAST}$`,
);

/** COPY text-format rows equal to what the select list makes of the body's lines, or undefined. */
function copyRows(selectList: string, columns: number, body: string): string | undefined {
  if (body.includes("\r")) return undefined;
  if (columns === 2 && LIST.test(selectList)) return listRows(body);
  const nullable = fieldColumns(selectList, columns);
  if (!nullable || !sameFieldCount(body, columns)) return undefined;
  // Backslashes are rare (only the `\N` of a nullable column passes): the fields are looked at only then.
  if (body.includes("\\")) {
    for (const line of body.split("\n")) {
      const fields = line.split("\t");
      for (let i = 0; i < fields.length; i++) {
        if (fields[i].includes("\\") && !(nullable[i] && fields[i] === "\\N")) return undefined;
      }
    }
  }
  return tidyLines(body);
}

/** Every non-empty line of the body has exactly `columns` tab-separated fields (native searches, no split). */
function sameFieldCount(body: string, columns: number): boolean {
  for (let start = 0; start < body.length;) {
    let end = body.indexOf("\n", start);
    if (end < 0) end = body.length;
    if (end > start) {
      let tab = start - 1;
      for (let i = 1; i < columns; i++) {
        tab = body.indexOf("\t", tab + 1);
        if (tab < 0 || tab >= end) return false;
      }
      const extra = body.indexOf("\t", tab + 1);
      if (extra >= 0 && extra < end) return false;
    }
    start = end + 1;
  }
  return true;
}

/** For `split_part(r, E'\t', i)` (or its `nullif(..., '\N')`) in column order: which columns are nullable. */
function fieldColumns(selectList: string, columns: number): boolean[] | undefined {
  const exprs = splitTopLevel(selectList);
  if (exprs.length !== columns) return undefined;
  const nullable: boolean[] = [];
  for (let i = 0; i < columns; i++) {
    const m = exprs[i].match(FIELD);
    if (!m || Number(m[1] ?? m[2]) !== i + 1) return undefined;
    nullable.push(m[2] !== undefined);
  }
  return nullable;
}

/** `key:v1,v2` lines as one `key<TAB>v` row per value (an empty list: no row, as unnest of an empty array). A line
 * separator other than the newline (which string_to_table would not split on) leaves the statement as SQL. */
function listRows(body: string): string | undefined {
  if (/[\t\\\u2028\u2029]/.test(body)) return undefined;
  const rows: string[] = [];
  for (let start = 0; start < body.length;) {
    let end = body.indexOf("\n", start);
    if (end < 0) end = body.length;
    if (end > start) {
      const colon = body.indexOf(":", start);
      if (colon < 0 || colon >= end) return undefined;
      const second = body.indexOf(":", colon + 1);
      if (second >= 0 && second < end) return undefined;
      if (colon < end - 1) {
        const key = body.slice(start, colon);
        rows.push(key + "\t" + body.slice(colon + 1, end).replaceAll(",", "\n" + key + "\t"));
      }
    }
    start = end + 1;
  }
  return rows.length ? rows.join("\n") + "\n" : "";
}

/** The lines without empty ones, each ended by a newline (COPY's rows). */
function tidyLines(text: string): string {
  const rows = text.includes("\n\n") || text.startsWith("\n")
    ? text.replace(/\n{2,}/g, "\n").replace(/^\n/, "")
    : text;
  return rows === "" || rows.endsWith("\n") ? rows : rows + "\n";
}

/** Splits on the commas outside parentheses and quotes. */
function splitTopLevel(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "'") quoted = !quoted;
    else if (!quoted && c === "(") depth++;
    else if (!quoted && c === ")") depth--;
    else if (!quoted && depth === 0 && c === ",") {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out;
}
