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
  /** Provider place id (Google) when there is one. */
  placeId?: string;
}

export interface Geocoder {
  /** Resolves a free-text or structured address; null when it cannot be placed in the US. */
  geocode(address: string | AddressParts): Promise<GeocodeResult | null>;
  /** Up to `limit` suggestions for a partly typed address. */
  autocomplete(query: string, limit?: number): Promise<AddressSuggestion[]>;
}

export class GeocoderUnavailableError extends Error {}
