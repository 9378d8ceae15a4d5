// Test input: a bill PDF encrypted with an owner password only (Standard security handler, RC4 40-bit, revision 2,
// user password ""): any reader opens it without asking; the owner password only restricts printing or copying.
import { createHash } from "node:crypto";

const PAD = Uint8Array.from([
  0x28,
  0xbf,
  0x4e,
  0x5e,
  0x4e,
  0x75,
  0x8a,
  0x41,
  0x64,
  0x00,
  0x4e,
  0x56,
  0xff,
  0xfa,
  0x01,
  0x08,
  0x2e,
  0x2e,
  0x00,
  0xb6,
  0xd0,
  0x68,
  0x3e,
  0x80,
  0x2f,
  0x0c,
  0xa9,
  0xfe,
  0x64,
  0x53,
  0x69,
  0x7a,
]);

function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[k] = data[k] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => {
  const h = createHash("md5");
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};
const padded = (password: string) => {
  const p = new TextEncoder().encode(password).slice(0, 32);
  return Uint8Array.from([...p, ...PAD.slice(0, 32 - p.length)]);
};
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const latin1 = (b: Uint8Array) => String.fromCharCode(...b);

/** A one-page PDF printing `lines`, encrypted with owner password `owner` and the empty user password. */
export function ownerPasswordPdf(lines: string[], owner = "owner-secret"): Uint8Array<ArrayBuffer> {
  const id = crypto.getRandomValues(new Uint8Array(16));
  const perms = -3904; // printing and copying not allowed
  const o = rc4(md5(padded(owner)).slice(0, 5), padded(""));
  const p = new Uint8Array(4);
  new DataView(p.buffer).setInt32(0, perms, true);
  const key = md5(padded(""), o, p, id).slice(0, 5);
  const u = rc4(key, PAD);
  const objectKey = (n: number) =>
    md5(key, Uint8Array.from([n & 255, (n >> 8) & 255, n >> 16, 0, 0])).slice(0, 10);
  const text = lines.map((l, i) => `BT /F1 11 Tf 72 ${720 - 16 * i} Td (${l}) Tj ET`).join("\n");
  const stream = latin1(rc4(objectKey(4), new TextEncoder().encode(text)));
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R " +
    "/Resources << /Font << /F1 6 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(o)}> /U <${hex(u)}> /P ${perms} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  return pdfOfLatin1(objs, `/Encrypt 5 0 R /ID [<${hex(id)}><${hex(id)}>]`);
}

function pdfOfLatin1(objects: string[], trailerExtra: string): Uint8Array<ArrayBuffer> {
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${
    objects.length + 1
  } /Root 1 0 R ${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (c) => c.charCodeAt(0));
}
