import { field, h, setFieldError, uid } from "../dom.ts";
import { t } from "../locale.ts";
import type { Ctx, StepView } from "../context.ts";
import type { Provider } from "../types.ts";
import { miniMap } from "../map.ts";
import { locate } from "./locate.ts";
import { isUnitAddress } from "../../../shared/savings/roof_access.ts";

/** Step 2: confirm the address, choose the roof type (partner's roof_types), then load providers (rule 3). */
export function confirmStep(ctx: Ctx): StepView {
  const s = ctx.state;
  const a = s.address!;
  const line1 = field({
    label: t.street,
    name: "line1",
    value: a.line1,
    autocomplete: "address-line1",
    required: true,
  });
  const line2 = field({ label: t.unit, name: "line2", value: a.line2 ?? "", autocomplete: "address-line2" });
  const city = field({
    label: t.city,
    name: "city",
    value: a.city,
    autocomplete: "address-level2",
    required: true,
  });
  const st = field({
    label: t.state,
    name: "state",
    value: a.state,
    autocomplete: "address-level1",
    required: true,
    maxlength: 2,
  });
  // A ZIP the platform could not choose (a city of several, issue 15; the offline gazetteer knows no streets) is not
  // shown as if it were known: the field starts empty, says why and lists the city's ZIPs; any 5-digit ZIP the
  // homeowner types is theirs, listed or not.
  const ask = !s.zipConfirmed;
  const zip = field({
    label: t.zip,
    name: "zip",
    value: ask ? "" : a.zip,
    autocomplete: "postal-code",
    required: true,
    inputmode: "numeric",
    maxlength: 5,
  });
  const zipHintId = `${zip.input.id}-check`;
  const zipCheck = ask
    ? h(
      "div",
      { class: "zip-check" },
      h("p", { id: zipHintId, class: "hint" }, t.zipSeveral(a.city)),
      h(
        "datalist",
        { id: `${zip.input.id}-list` },
        (s.zipCandidates ?? []).map((z) => h("option", { value: z })),
      ),
    )
    : null;
  if (ask) {
    zip.input.setAttribute("list", `${zip.input.id}-list`);
    zip.input.setAttribute(
      "aria-describedby",
      `${zipHintId} ${zip.input.getAttribute("aria-describedby") ?? ""}`.trim(),
    );
  }

  const roofName = uid("roof");
  const roofErr = h("p", { id: `${roofName}-err`, class: "field-error", hidden: true });
  const roofs = ctx.info.roof_types.map((r) =>
    h(
      "label",
      { class: "choice" },
      h("input", {
        type: "radio",
        name: roofName,
        value: r,
        checked: s.roofType === r,
        required: true,
        onchange: () => {
          s.roofType = r;
          roofErr.hidden = true;
        },
      }),
      h("span", {}, r),
    )
  );
  const roofSet = h(
    "fieldset",
    { class: "choices roofs", "aria-describedby": `${roofName}-err` },
    h("legend", {}, t.roofType),
    roofs,
    roofErr,
  );

  // A unit in a shared building (the API's own rule): ask who owns the roof, as the report needs it.
  const ownerName = uid("roof-owner");
  const ownerErr = h("p", { id: `${ownerName}-err`, class: "field-error", hidden: true });
  const owners = ([["own", t.roofOwnerOwn], ["not_owned", t.roofOwnerNotOwned]] as const).map(([v, label]) =>
    h(
      "label",
      { class: "choice" },
      h("input", {
        type: "radio",
        name: ownerName,
        value: v,
        checked: s.roofOwnership === v,
        onchange: () => {
          s.roofOwnership = v;
          setFieldError(ownerInput(), ownerErr, null);
        },
      }),
      h("span", {}, label),
    )
  );
  const ownerInput = () => owners[0].querySelector("input") as HTMLInputElement;
  const ownerSet = h(
    "fieldset",
    { class: "choices roof-owner", "aria-describedby": `${ownerName}-intro ${ownerName}-err` },
    h("legend", {}, t.roofOwnerTitle),
    h("p", { id: `${ownerName}-intro`, class: "hint" }, t.roofOwnerIntro),
    owners,
    ownerErr,
  );
  const isUnit = () => isUnitAddress({ line1: line1.input.value, line2: line2.input.value });
  const showOwner = () => {
    ownerSet.hidden = !isUnit();
    owners.forEach((o) => ((o.querySelector("input") as HTMLInputElement).required = !ownerSet.hidden));
  };
  line1.input.addEventListener("input", showOwner);
  line2.input.addEventListener("input", showOwner);
  showOwner();

  const body = h(
    "div",
    { class: "stack" },
    h("h2", {}, t.confirmTitle),
    h("p", { class: "lead" }, t.confirmIntro),
    h(
      "div",
      { class: "split" },
      h("div", { class: "grid-address" }, line1.wrap, line2.wrap, city.wrap, st.wrap, zip.wrap, zipCheck),
      s.lat !== null ? miniMap(s.lat, s.lon!, `${a.line1} ${a.city}`, ctx.info.map_tile_url) : null,
    ),
    roofSet,
    ownerSet,
  );

  return {
    body,
    next: async () => {
      const v = {
        line1: line1.input.value.trim(),
        line2: line2.input.value.trim(),
        city: city.input.value.trim(),
        state: st.input.value.trim().toUpperCase(),
        zip: zip.input.value.trim(),
      };
      const errors: [typeof line1, string | null][] = [
        [line1, v.line1 ? null : t.required],
        [city, v.city ? null : t.required],
        [st, /^[A-Z]{2}$/.test(v.state) ? null : t.stateInvalid],
        [zip, /^\d{5}$/.test(v.zip) ? null : ask && !v.zip ? t.zipNeeded : t.zipInvalid],
      ];
      errors.forEach(([f, m]) => f.setError(m));
      const roofInput = roofs[0]?.querySelector("input") as HTMLInputElement | undefined;
      setFieldError(roofInput ?? roofSet, roofErr, s.roofType ? null : t.roofNeeded);
      const unit = isUnit();
      if (!unit) s.roofOwnership = "";
      setFieldError(ownerInput(), ownerErr, unit && !s.roofOwnership ? t.roofOwnerNeeded : null);
      const firstBad = errors.find(([, m]) => m)?.[0].input ??
        (!s.roofType ? roofInput : unit && !s.roofOwnership ? ownerInput() : undefined);
      if (firstBad) {
        if (ask && !/^\d{5}$/.test(v.zip)) ctx.announce(t.zipNeeded);
        firstBad.focus();
        return false;
      }
      const moved = v.zip !== a.zip || v.city.toLowerCase() !== a.city.toLowerCase() || v.state !== a.state ||
        v.line1 !== a.line1;
      if (moved) {
        // The homeowner corrected the address: place it again (and re-check the serving area).
        if (await locate(ctx, null, `${v.line1}, ${v.city}, ${v.state} ${v.zip}`) === "exit") return;
      }
      // The homeowner's own spelling wins; the geocoder only placed the point and checked the area.
      s.address = { ...v, line2: v.line2 || undefined };
      // The ZIP sent onward is the one the homeowner typed or confirmed.
      s.zipConfirmed = true;
      s.zipCandidates = null;
      const property = {
        address: { ...s.address, line2: s.address.line2 ?? null },
        latitude: s.lat,
        longitude: s.lon,
        roof_type: s.roofType,
      };
      if (s.propertyId) await ctx.api.send("PUT", `/v1/widget-service/property/${s.propertyId}`, property);
      else {s.propertyId = (await ctx.api.send<{ data: { property_uuid: string } }>(
          "POST",
          "/v1/widget-service/property",
          property,
        )).data.property_uuid;}
      if (!s.providers || s.providersZip !== v.zip) {
        s.providers =
          (await ctx.api.get<{ data: { items: Provider[] } }>("/v1/widget-service/utility-providers", {
            zip: v.zip,
            state: v.state,
          })).data.items;
        s.providersZip = v.zip;
        if (!s.providers.some((p) => p.id === s.providerId)) s.providerId = "";
      }
      ctx.go("provider");
    },
  };
}
