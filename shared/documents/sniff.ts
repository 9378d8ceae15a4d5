/** Document kinds the platform reads, told by their first bytes (magic numbers), never by a file name. */
export type FileKind = "pdf" | "png" | "jpeg";

export const mimeTypes: Record<FileKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
};

export function sniffFileType(bytes: Uint8Array): FileKind | null {
  const b = bytes;
  if (
    b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d &&
    b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a
  ) return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  // "%PDF-" may follow a little junk (some scanners prepend bytes); PDF readers accept it within 1 KB.
  const head = new TextDecoder("latin1").decode(b.subarray(0, 1024));
  if (head.includes("%PDF-")) return "pdf";
  return null;
}
