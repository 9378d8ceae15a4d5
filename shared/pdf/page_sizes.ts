// Page sizes in points, on their own so a route can validate a page size without loading the PDF engine.
export const PAGE_SIZES: Record<string, [number, number]> = {
  letter: [612, 792],
  a4: [595.28, 841.89],
  legal: [612, 1008],
  a5: [419.53, 595.28],
};
