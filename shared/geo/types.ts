/** The geocoder seam: Google Geocoding + Places Autocomplete in production, a US ZIP/city gazetteer offline. */

/** A structured US address (the Address resource of the spec). */
export interface AddressParts {
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
}

export interface GeocodeResult {
  formattedAddress: string;
  line1?: string;
  city: string;
  /** Two-letter state abbreviation. */
  state: string;
  zip: string;
  lat: number;
  lon: number;
  /** How exact the point is: a rooftop/street point from a provider, or a ZIP/city centroid from the gazetteer. */
  precision: "rooftop" | "street" | "zip" | "city";
  source: "google" | "gazetteer";
  /**
   * False when the ZIP is a default the homeowner must confirm: no ZIP was typed and the city has several
   * (the offline gazetteer knows no streets). True for a typed ZIP, a city with one ZIP, or a street-level result.
   * Adapters that leave it out: confirmed when the point is street-level or better (shared/widget/location.ts).
   */
  zipConfirmed?: boolean;
  /** When `zipConfirmed` is false: every ZIP of the city, in order, for the homeowner to pick from. */
  zipCandidates?: string[];
}

export interface AddressSuggestion {
  /** One line, ready to show in an autocomplete list. */
  description: string;
  line1?: string;
  city?: string;
  state?: string;
  zip?: string;
  lat?: number;
  lon?: number;
  /** False when `zip` is only the city's central ZIP among several (to be confirmed once geocoded). */
  zipConfirmed?: boolean;
  /** Provider place id (Google) when there is one. */
  placeId?: string;
}

export interface Geocoder {
  /** Resolves a free-text or structured address; null when it cannot be placed in the US. */
  geocode(address: string | AddressParts): Promise<GeocodeResult | null>;
  /** Up to `limit` suggestions for a partly typed address. */
  autocomplete(query: string, limit?: number): Promise<AddressSuggestion[]>;
}
