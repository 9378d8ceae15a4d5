// The SQL that loads one table of generated reference data (docs/CONVENTIONS.md, "Reference data"): the rows
// as ONE dollar-quoted, tab-separated literal that PostgreSQL splits itself (one statement, no per-row parse),
// into a table that gets its keys and indexes after the load. Plain SQL, so `supabase db push` applies the
// same file as the local runner (which streams this exact shape through COPY instead: shared/db/bulk_rows.ts).
// Used by the generators under scripts/geo, scripts/widget, scripts/providers.

export type Cell = string | number | null;

export interface Column {
  name: string;
  /** SQL type the text is cast to (`int`, `double precision`, `text[]`); text when absent. */
  type?: string;
  /** Null cells are written as \N and read back as null. */
  nullable?: boolean;
}

const NULL = "\\N";

function cell(v: Cell, c: Column, tag: string): string {
  if (v === null) {
    if (!c.nullable) throw new Error(`column ${c.name} is not nullable`);
    return NULL;
  }
  const s = typeof v === "number" ? String(v) : v;
  if (typeof v === "number" && !Number.isFinite(v)) throw new Error(`column ${c.name}: ${v} is not a number`);
  if (/[\t\n\r]/.test(s) || s.includes(`$${tag}$`) || (c.nullable && s === NULL)) {
    throw new Error(`column ${c.name}: ${JSON.stringify(s)} cannot go into a tab-separated literal`);
  }
  return s;
}

/**
 * `insert into <table> (<columns>) select <casts> from string_to_table($tag$<rows, one a line>$tag$, E'\n')`:
 * each line split with split_part (faster than string_to_array or a regexp), each field cast to its type.
 */
export function tsvInsert(table: string, columns: Column[], rows: Cell[][], tag = "rows"): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(tag)) throw new Error(`bad dollar-quote tag ${tag}`);
  const fields = columns.map((c, i) => {
    let f = `split_part(r, E'\\t', ${i + 1})`;
    if (c.nullable) f = `nullif(${f}, '${NULL}')`;
    return c.type ? `${f}::${c.type}` : f;
  });
  const lines = rows.map((row) => {
    if (row.length !== columns.length) {
      throw new Error(`${table}: a row has ${row.length} of ${columns.length} cells`);
    }
    return row.map((v, i) => cell(v, columns[i], tag)).join("\t");
  });
  return `insert into ${table} (${columns.map((c) => c.name).join(", ")})
select ${fields.join(", ")}
from string_to_table($${tag}$
${lines.join("\n")}
$${tag}$, E'\\n') r where r <> '';`;
}
