// The CJK font slices of the PDF reports (shared/pdf/cjk.ts): Noto Sans SC, JP and KR, regular weight, as the
// npm packages @fontsource/noto-sans-{sc,jp,kr} ship them (Google Fonts' unicode-range slices, WOFF 1.0 files
// of about 30 KB each, OFL-1.1; only the slices holding CJK characters are used). Nothing is downloaded here: the files come from node_modules (npm install).
//
//   deno run -A scripts/pdf/cjk_fonts.ts manifest      writes assets/fonts/cjk-slices.json (committed): which
//                                                       slice file holds each CJK code point, per font
//   deno run -A scripts/pdf/cjk_fonts.ts stage <dir>   copies the slice files and the licence into <dir> (the
//                                                       deploy uploads <dir> to Storage: widget/fonts/cjk/)
//   deno run -A scripts/pdf/cjk_fonts.ts store         puts them into the local object store (DATA_DIR)
import { join } from "node:path";
import { CJK_BUCKET, CJK_FONTS, CJK_PREFIX, type CjkFontKey, isCjkCodePoint } from "../../shared/pdf/cjk.ts";

const root = new URL("../../", import.meta.url);
const packageDir = (key: CjkFontKey) => new URL(`node_modules/${CJK_FONTS[key].package}/`, root);

/** "U+4e00-4e01,U+4e03" -> [[0x4e00, 0x4e01], [0x4e03, 0x4e03]] */
function parseUnicodeRange(s: string): [number, number][] {
  return s.split(",").map((p) => p.trim().replace(/^U\+/i, "")).filter(Boolean).map((p) => {
    const [a, b] = p.split("-");
    return [parseInt(a, 16), parseInt(b ?? a, 16)];
  });
}

/** The CJK code points of each slice of one font, as "start-end" hex ranges (a single code point as "cp"). */
async function sliceRanges(key: CjkFontKey): Promise<{ version: string; slices: Record<string, string> }> {
  const dir = packageDir(key);
  const pkg = JSON.parse(await Deno.readTextFile(new URL("package.json", dir)));
  const unicode: Record<string, string> = JSON.parse(await Deno.readTextFile(new URL("unicode.json", dir)));
  const slices: Record<string, string> = {};
  for (const [name, range] of Object.entries(unicode)) {
    const m = name.match(/^\[(\d+)\]$/);
    if (!m) continue; // the named subsets (latin, cyrillic…) hold no CJK
    const kept: [number, number][] = [];
    for (const [a, b] of parseUnicodeRange(range)) {
      for (let cp = a; cp <= b; cp++) {
        if (!isCjkCodePoint(cp)) continue;
        const last = kept[kept.length - 1];
        if (last && last[1] === cp - 1) last[1] = cp;
        else kept.push([cp, cp]);
      }
    }
    if (kept.length) {
      slices[m[1]] = kept.map(([a, b]) => a === b ? a.toString(16) : `${a.toString(16)}-${b.toString(16)}`)
        .join(",");
    }
  }
  return { version: pkg.version, slices };
}

/** The text of assets/fonts/cjk-slices.json for the installed packages. */
export async function manifestText(): Promise<string> {
  const fonts: Record<string, unknown> = {};
  for (const key of Object.keys(CJK_FONTS) as CjkFontKey[]) {
    const { version, slices } = await sliceRanges(key);
    fonts[key] = { package: CJK_FONTS[key].package, version, slices };
  }
  return JSON.stringify({
    about:
      "Written by scripts/pdf/cjk_fonts.ts manifest from the packages' unicode.json: the CJK code points of each slice file",
    fonts,
  }) + "\n";
}

export const MANIFEST = new URL("assets/fonts/cjk-slices.json", root);

/** The slice files the index (assets/fonts/cjk-slices.json) names, and the licence. */
export async function sliceFiles(): Promise<{ name: string; path: string }[]> {
  const index = JSON.parse(await Deno.readTextFile(MANIFEST));
  const files: { name: string; path: string }[] = [];
  for (const key of Object.keys(CJK_FONTS) as CjkFontKey[]) {
    for (const slice of Object.keys(index.fonts[key].slices)) {
      const name = `noto-sans-${key}-${slice}-400-normal.woff`;
      if (!CJK_FONTS[key].slicePattern.test(name)) throw new Error(`unexpected slice file name ${name}`);
      files.push({ name, path: new URL(`files/${name}`, packageDir(key)).pathname });
    }
  }
  files.push({ name: "OFL.txt", path: new URL("LICENSE", packageDir("sc")).pathname });
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

if (import.meta.main) {
  const [cmd, arg] = Deno.args;
  if (cmd === "manifest") {
    await Deno.writeTextFile(MANIFEST, await manifestText());
    console.log(`wrote ${MANIFEST.pathname}`);
  } else if (cmd === "stage" && arg) {
    await Deno.mkdir(arg, { recursive: true });
    let bytes = 0;
    const files = await sliceFiles();
    for (const f of files) {
      await Deno.copyFile(f.path, join(arg, f.name));
      bytes += (await Deno.stat(f.path)).size;
    }
    console.log(`${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${arg}`);
  } else if (cmd === "store") {
    const { FileObjectStore } = await import("../../shared/storage/embedded.ts");
    const store = new FileObjectStore(join(Deno.env.get("DATA_DIR") ?? ".data", "storage"));
    const files = await sliceFiles();
    for (const f of files) {
      await store.put(CJK_BUCKET, `${CJK_PREFIX}${f.name}`, await Deno.readFile(f.path), "font/woff");
    }
    console.log(`${files.length} files in the local object store, ${CJK_BUCKET}/${CJK_PREFIX}`);
  } else {
    console.error("usage: cjk_fonts.ts manifest | stage <dir> | store");
    Deno.exit(2);
  }
}
