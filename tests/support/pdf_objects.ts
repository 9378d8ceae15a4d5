// Test input: a PDF assembled from its objects' text (object i is `i + 1 0 obj`), with its cross-reference table.

/** `%PDF-1.x`, the objects, the xref table and a trailer with `/Size`, `/Root 1 0 R` and `trailerExtra`. */
export function pdfOf(
  objects: string[],
  opts: { version?: string; trailerExtra?: string } = {},
): Uint8Array<ArrayBuffer> {
  let out = `%PDF-${opts.version ?? "1.7"}\n`;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${
    opts.trailerExtra ? ` ${opts.trailerExtra}` : ""
  } >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (c) => c.charCodeAt(0));
}
