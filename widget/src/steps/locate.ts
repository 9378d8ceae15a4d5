import { ApiError } from "../api.ts";
import { t } from "../locale.ts";
import type { Ctx } from "../context.ts";
import type { Address, Suggestion } from "../types.ts";
import { splitUnit } from "../../../shared/savings/roof_access.ts";

interface Geocoded {
  line1?: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lon: number;
  zipConfirmed?: boolean;
  zipCandidates?: string[];
}

/**
 * Geocodes the address (or takes a suggestion's point when its ZIP is not a guess), then shows the exit screen
 * outside serving_states (rule 5). A ZIP the platform could not choose is kept with the city's candidates, for the
 * confirm step to ask (issue 15).
 */
export async function locate(ctx: Ctx, chosen: Suggestion | null, text: string): Promise<"served" | "exit"> {
  let g: Geocoded;
  if (
    chosen && chosen.line1 && chosen.lat !== undefined && chosen.lon !== undefined && chosen.state &&
    chosen.zip && chosen.city && chosen.zipConfirmed !== false
  ) {
    g = {
      line1: chosen.line1,
      city: chosen.city,
      state: chosen.state,
      zip: chosen.zip,
      lat: chosen.lat,
      lon: chosen.lon,
    };
  } else {
    try {
      g = (await ctx.api.get<{ data: Geocoded }>("/v1/widget-service/geocode", {
        address: chosen?.description ?? text,
      })).data;
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        throw new ApiError(404, "address_not_found", t.addressNotFound);
      }
      throw e;
    }
  }
  const s = ctx.state;
  const previous = s.address;
  // "4746 Maple Ave Apt 25B" typed as one line: the unit goes to its own field of the home step.
  const street = g.line1 || streetFrom(text);
  const unit = previous?.line2 ? null : splitUnit(street);
  const address: Address = {
    line1: unit?.line1 ?? street,
    line2: unit?.line2 ?? previous?.line2,
    city: g.city,
    state: g.state,
    zip: g.zip,
  };
  if (previous && (previous.zip !== address.zip)) s.providers = null;
  s.address = address;
  s.lat = g.lat;
  s.lon = g.lon;
  s.zipConfirmed = g.zipConfirmed !== false;
  s.zipCandidates = s.zipConfirmed ? null : g.zipCandidates ?? null;
  if (ctx.info.serving_states.includes(address.state)) return "served";
  ctx.exit();
  return "exit";
}

/** The street part of a typed one-line address ("12 Oak Rd, Springfield, IL" -> "12 Oak Rd"). */
function streetFrom(text: string): string {
  const first = text.split(",")[0].trim();
  return /\d/.test(first) ? first : "";
}
