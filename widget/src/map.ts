import { h } from "./dom.ts";
import { t } from "./locale.ts";

// A small map around the point. With a tile server configured (map_tile_url, e.g. a partner's or Google's
// tiles in production) it shows 3x3 tiles; offline it draws a neutral locator so no third-party request is made.
export function miniMap(lat: number, lon: number, place: string, tileUrl?: string | null): HTMLElement {
  const label = t.mapLabel(place);
  if (tileUrl) {
    const z = 16;
    const n = 2 ** z;
    const x = ((lon + 180) / 360) * n;
    const latR = (lat * Math.PI) / 180;
    const y = ((1 - Math.log(Math.tan(latR) + 1 / Math.cos(latR)) / Math.PI) / 2) * n;
    const tx = Math.floor(x), ty = Math.floor(y);
    const tiles = [];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const src = tileUrl.replace("{z}", String(z)).replace("{x}", String(tx + dx)).replace(
          "{y}",
          String(ty + dy),
        );
        tiles.push(
          h("img", {
            src,
            alt: "",
            width: "256",
            height: "256",
            style: `left:${(dx + 1) * 256}px;top:${(dy + 1) * 256}px`,
            loading: "lazy",
          }),
        );
      }
    }
    const offX = (x - tx + 1) * 256, offY = (y - ty + 1) * 256;
    return h(
      "div",
      { class: "map", role: "img", "aria-label": label },
      h(
        "div",
        // The layer's corner is at the map's centre; moved back by the point's offset, the point is at the centre.
        { class: "tiles", style: `transform:translate(${(-offX).toFixed(1)}px, ${(-offY).toFixed(1)}px)` },
        tiles,
      ),
      h("span", { class: "map-pin", "aria-hidden": "true" }),
    );
  }
  return h(
    "div",
    { class: "map offline", role: "img", "aria-label": label },
    h("span", { class: "map-pin", "aria-hidden": "true" }),
    h("span", { class: "map-caption" }, t.located(lat, lon)),
  );
}
