// The native canvas (@napi-rs/canvas) for page rendering. Loaded only through importLocalOnly (never imported
// statically), so it is not in any edge function's graph; where it was not shipped, loading it fails at once.
export * from "@napi-rs/canvas";
