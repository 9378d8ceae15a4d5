// Width and height read from a PNG or JPEG header in plain code. Native decoders (@napi-rs/canvas) crash the
// whole process (segmentation fault) on some malformed headers, so nothing reaches them unless this finds a
// well-formed size first.

export interface ImageSize {
  width: number;
  height: number;
}

/** The image's size, or undefined when the bytes are not a PNG or JPEG with a readable header. */
export function imageSize(b: Uint8Array): ImageSize | undefined {
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined);
  const be16 = (i: number) => (b[i] << 8) | b[i + 1];
  const be32 = (i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
  // PNG: signature, then the IHDR chunk (length 13) with width and height.
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    if (b.length < 33 || String.fromCharCode(b[12], b[13], b[14], b[15]) !== "IHDR") return undefined;
    return size(be32(16), be32(20));
  }
  // JPEG: SOI, then marker segments up to a start-of-frame (SOF0-15 except DHT C4, JPG C8, DAC CC).
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    } // fill byte
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    } // no length
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image / scan data before any frame
    const len = be16(i + 2);
    if (len < 2) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > b.length || len < 8) return undefined;
      return size(be16(i + 7), be16(i + 5));
    }
    i += 2 + len;
  }
  return undefined;
}
